#include "il_program.hpp"

#include "info.hpp"
#include "program_build.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>

#include <dlfcn.h>

#include <sstream>
#include <string>

namespace rtcg::opencl {
namespace {

// Both entry points have this signature. The plug-in is built against the OpenCL 1.2 API, whose
// headers declare neither, and the ICD loader exports clCreateProgramWithIL only from its 2.1
// version on, so each is looked up at run time instead of linked.
using CreateProgramWithIl = cl_program(CL_API_CALL*)(cl_context, const void*, std::size_t, cl_int*);

// CL_DEVICE_IL_VERSION and CL_DEVICE_IL_VERSION_KHR are one query.
constexpr cl_device_info il_version_query = 0x105B;

bool has_word(const std::string& list, const std::string& word) {
    std::istringstream words(list);
    for (std::string next; words >> next;)
        if (next == word) return true;
    return false;
}

bool takes_spirv(const std::string& versions) { return versions.find("SPIR-V") != std::string::npos; }

// The extension's function where the device has cl_khr_il_program and its platform gives it, else
// the core function the ICD loader exports; null where neither is there.
CreateProgramWithIl find_entry_point(cl_platform_id platform, cl_device_id device, const char*& name) {
    if (has_word(device_info<std::string>(device, CL_DEVICE_EXTENSIONS), "cl_khr_il_program")) {
        name = "clCreateProgramWithILKHR";
        if (auto* function = reinterpret_cast<CreateProgramWithIl>(
                clGetExtensionFunctionAddressForPlatform(platform, name)))
            return function;
    }
    name = "clCreateProgramWithIL";
    // The loader is this plug-in's dependency, loaded in the plug-in's own scope, which
    // dlsym(RTLD_DEFAULT) does not search: found through one of its functions instead.
    Dl_info loader{};
    if (!dladdr(reinterpret_cast<void*>(&clGetPlatformIDs), &loader) || !loader.dli_fname) return nullptr;
    void* library = dlopen(loader.dli_fname, RTLD_NOW | RTLD_NOLOAD);
    if (!library) return nullptr;
    auto* function = reinterpret_cast<CreateProgramWithIl>(dlsym(library, name));
    // The plug-in's own reference keeps the loader, and so the function, loaded.
    dlclose(library);
    return function;
}

} // namespace

std::string il_versions(cl_device_id device) {
    std::size_t bytes = 0;
    if (clGetDeviceInfo(device, il_version_query, 0, nullptr, &bytes) != CL_SUCCESS || bytes == 0) return {};
    return device_info<std::string>(device, il_version_query);
}

ProgramHandle build_from_il(cl_context context, cl_platform_id platform, cl_device_id device, const DeviceInfo& info,
                            std::span<const std::byte> il, const plugin::CompileRequest& request) {
    constexpr const char* where = "Module::from_binary";
    if (!takes_spirv(info.il_versions))
        throw InvalidArgument("the binary is SPIR-V, and " + info.name + " (" + info.version +
                                  ") takes no SPIR-V: its CL_DEVICE_IL_VERSION is " +
                                  (info.il_versions.empty() ? std::string("empty") : "'" + info.il_versions + "'"),
                              where);
    const char* name = nullptr;
    const CreateProgramWithIl create = find_entry_point(platform, device, name);
    if (!create)
        throw InvalidArgument(std::string("the binary is SPIR-V, which ") + info.name +
                                  " takes, but the OpenCL ICD loader has no " + name +
                                  " (a loader older than OpenCL 2.1?)",
                              where);
    cl_int status = CL_SUCCESS;
    ProgramHandle program(create(context, il.data(), il.size(), &status));
    if (status != CL_SUCCESS)
        throw_backend_error(status, name, "the OpenCL driver rejected the SPIR-V module for " + info.name);
    build_created(program.get(), device, info.name, request, "a SPIR-V module");
    return program;
}

} // namespace rtcg::opencl
