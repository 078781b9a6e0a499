#include "program_link.hpp"

#include "llvm_bitcode.hpp"
#include "platform_identity.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <string>
#include <utility>
#include <vector>

namespace rtcg::opencl {
namespace {

// A binary unit as a program, for clLinkProgram to take or refuse. NVIDIA's driver aborts the
// process on a unit that is not one of its objects or libraries, which are LLVM bitcode: anything
// else (PTX, an executable, bytes of no format) is refused before the driver sees it.
ProgramHandle object_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                 const std::vector<std::byte>& binary, const std::string& which) {
    if (is_nvidia(device) && !looks_like_bitcode(binary))
        throw InvalidArgument(which + " is no compiled object or library of NVIDIA's OpenCL (" + device_name +
                                  "), whose objects are LLVM bitcode: executables, PTX and binaries of other "
                                  "backends do not link there",
                              "Module::link");
    try {
        return program_from_binary(context, device, device_name, binary);
    } catch (const BackendError& error) {
        throw InvalidArgument(which + " is no program binary the OpenCL driver of " + device_name +
                                  " takes (a binary of another backend, device or driver?): " + error.why(),
                              "Module::link", error.code(), error.code_name());
    }
}

// Of `units`, those the driver calls executables ("unit 1 of 3, unit 2 of 3"): clLinkProgram
// links compiled objects and libraries only. Asked only once a link failed, so that a driver
// that misreports a binary's kind still links what it can.
std::string executable_units(const std::vector<ProgramHandle>& units, const plugin::LinkRequest& request,
                             cl_device_id device) {
    std::string names;
    for (std::size_t index = 0; index < units.size(); ++index) {
        if (!request.units[index].is_binary()) continue;
        cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_NONE;
        if (clGetProgramBuildInfo(units[index].get(), device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, nullptr) ==
                CL_SUCCESS &&
            type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
            names += (names.empty() ? "" : ", ") +
                     ("unit " + std::to_string(index) + " of " + std::to_string(units.size()));
    }
    return names;
}

} // namespace

BuiltProgram compile_object(cl_context context, cl_device_id device, const std::string& device_name,
                            const plugin::CompileRequest& request) {
    auto unit = compile_source(context, device, device_name, request, SourceTarget::object);
    auto binary = device_binary(unit.program.get());
    return {std::move(unit.program), {std::move(binary), std::move(unit.log)}};
}

BuiltProgram link_program(cl_context context, cl_device_id device, const std::string& device_name,
                          const plugin::LinkRequest& request) {
    const std::size_t count = request.units.size();
    std::vector<ProgramHandle> units;
    units.reserve(count);
    std::string log;
    for (std::size_t index = 0; index < count; ++index) {
        const auto& unit = request.units[index];
        if (unit.is_binary()) {
            units.push_back(object_from_binary(context, device, device_name, unit.binary,
                                               "unit " + std::to_string(index) + " of " + std::to_string(count)));
            continue;
        }
        try {
            auto compiled = compile_source(context, device, device_name, unit.request, SourceTarget::object);
            if (!compiled.log.empty()) log += "unit " + std::to_string(index) + ":\n" + compiled.log + "\n";
            units.push_back(std::move(compiled.program));
        } catch (const CompileError& error) {
            throw plugin::link_unit_error(error, index, count);
        }
    }
    std::vector<cl_program> programs;
    programs.reserve(count);
    for (const auto& unit : units) programs.push_back(unit.get());

    cl_int status = CL_SUCCESS;
    // Drivers return the program of a failed link, whose build log says why; or none, when the
    // link could not start.
    ProgramHandle linked(clLinkProgram(context, 1, &device, nullptr, static_cast<cl_uint>(programs.size()),
                                       programs.data(), nullptr, nullptr, &status));
    const std::string link_log = linked.get() ? build_log(linked.get(), device) : std::string();
    if (status != CL_SUCCESS)
        if (const auto executables = executable_units(units, request, device); !executables.empty())
            throw InvalidArgument(executables + (executables.find(',') == std::string::npos ? " is" : " are") +
                                      " an executable program binary, not a compiled object or library, which "
                                      "clLinkProgram links",
                                  "clLinkProgram", status, error_name(status));
    if (status == CL_LINK_PROGRAM_FAILURE)
        // PoCL returns no program from a failed link, so no log: the message says so rather than
        // leave the reader to wonder.
        throw LinkError("the OpenCL linker could not link the " + std::to_string(count) + " units for " + device_name +
                            (link_log.empty() ? " (the driver gave no linker log; a function that some unit uses "
                                                "and none defines is the usual cause)"
                                              : std::string()),
                        "clLinkProgram", link_log, {}, status, error_name(status));
    if (status != CL_SUCCESS)
        throw_backend_error(status, "clLinkProgram",
                            "linking " + std::to_string(count) + " units for " + device_name +
                                (link_log.empty() ? std::string() : ": " + link_log));
    if (!link_log.empty()) log += "link:\n" + link_log;
    check_kernel_names(linked.get(), device, device_name, "clLinkProgram", false);
    auto binary = device_binary(linked.get());
    return {std::move(linked), {std::move(binary), std::move(log)}};
}

} // namespace rtcg::opencl
