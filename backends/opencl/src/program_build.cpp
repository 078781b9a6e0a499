#include "program_build.hpp"

#include "header_directory.hpp"
#include "info.hpp"
#include "llvm_bitcode.hpp"
#include "platform_identity.hpp"
#include "pocl_binary_layout.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/kernel_declaration.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace rtcg::opencl {
namespace {

// Argument info lets core tell pointer parameters from values (kernel_parameters.hpp). Drivers
// report it only for programs built with this option; PoCL and NVIDIA's driver also for programs
// built again from such a program's binary, with the option.
constexpr const char* argument_info_option = "-cl-kernel-arg-info";

} // namespace

std::string build_options(const plugin::CompileRequest& request) {
    std::string options = argument_info_option;
    for (const auto& option : request.options) options += ' ' + option;
    if (request.debug) options += " -g";
    return options;
}

namespace {

// PoCL names a directory and a file in its kernel cache after each kernel, and aborts the process
// (an assertion, which no caller can catch) when a name does not fit: the file name "<name>.so"
// must fit a 255-byte path component, and the path holds the name twice within 1024 bytes,
// PoCL's cache directory included. It does so when a program's binary is first asked for, or a
// kernel first launched. This limit leaves room for a long cache directory.
constexpr std::size_t pocl_kernel_name_limit = 200;

// NVIDIA's driver corrupts the process's heap while it builds a program with a kernel whose name
// is longer than about 260 characters; the process aborts later, in whatever frees memory next.
// The source is not parsed for its kernels, so every identifier is held to this limit there.
constexpr std::size_t nvidia_identifier_limit = 256;

// "kkkk...kkk (10000 characters)": the name's ends, for a message that must stay short.
std::string abbreviated(const std::string& name) {
    if (name.size() <= 64) return name;
    return name.substr(0, 40) + "..." + name.substr(name.size() - 12) + " (" + std::to_string(name.size()) +
           " characters)";
}

// Throws `E` for a kernel name that would abort PoCL, before anything makes PoCL write its files.
template <class E>
void check_kernel_names(cl_program program, cl_device_id device, const std::string& device_name, const char* where) {
    if (!is_pocl(device)) return;
    const auto names = program_info<std::string>(program, CL_PROGRAM_KERNEL_NAMES);
    std::size_t start = 0;
    while (start < names.size()) {
        const std::size_t end = std::min(names.find(';', start), names.size());
        if (end - start > pocl_kernel_name_limit)
            throw E("the kernel name '" + abbreviated(names.substr(start, end - start)) + "' is longer than the " +
                        std::to_string(pocl_kernel_name_limit) + " characters that PoCL (" + device_name +
                        ") takes: PoCL names files after its kernels and aborts the process on a longer name",
                    where);
        start = end + 1;
    }
}

} // namespace

std::string build_log(cl_program program, cl_device_id device) {
    return program_build_info<std::string>(program, device, CL_PROGRAM_BUILD_LOG);
}

std::vector<std::byte> device_binary(cl_program program) {
    const auto sizes = program_info<std::vector<std::size_t>>(program, CL_PROGRAM_BINARY_SIZES);
    if (sizes.size() != 1 || sizes.front() == 0)
        throw BackendError("the OpenCL driver reported no binary for the program it just built",
                           "clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)");
    std::vector<std::byte> binary(sizes.front());
    auto* destination = reinterpret_cast<unsigned char*>(binary.data());
    check(clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof destination, &destination, nullptr),
          "clGetProgramInfo");
    return binary;
}

void check_kernel_names(cl_program program, cl_device_id device, const std::string& device_name, const char* where,
                        bool stored_binary) {
    if (stored_binary)
        check_kernel_names<BackendError>(program, device, device_name, where);
    else
        check_kernel_names<InvalidArgument>(program, device, device_name, where);
}

void check_identifiers(const std::string& source, cl_device_id device, const std::string& device_name) {
    const std::string_view longest = plugin::longest_identifier(source);
    if (longest.size() <= nvidia_identifier_limit || platform_name(device) != "NVIDIA CUDA") return;
    throw InvalidArgument("the source has the identifier '" + abbreviated(std::string(longest)) +
                              "', longer than the " + std::to_string(nvidia_identifier_limit) +
                              " characters that rtcg takes on NVIDIA's OpenCL (" + device_name +
                              "): its driver corrupts the process's memory when it builds a kernel with a longer name",
                          "clBuildProgram");
}

ProgramHandle program_from_source(cl_context context, cl_device_id device, const std::string& device_name,
                                  const std::string& text) {
    check_identifiers(text, device, device_name);
    const char* source = text.c_str();
    const std::size_t length = text.size();
    cl_int status = CL_SUCCESS;
    ProgramHandle program(clCreateProgramWithSource(context, 1, &source, &length, &status));
    check(status, "clCreateProgramWithSource");
    return program;
}

namespace {

// How a target's compile is named in errors, and the status that says it rejected the options.
struct CompileStep {
    const char* function;
    const char* verb;
    cl_int rejected_options;
};

CompileStep step_of(SourceTarget target) noexcept {
    return target == SourceTarget::executable ? CompileStep{"clBuildProgram", "build", CL_INVALID_BUILD_OPTIONS}
                                              : CompileStep{"clCompileProgram", "compile", CL_INVALID_COMPILER_OPTIONS};
}

} // namespace

CompiledSource compile_source(cl_context context, cl_device_id device, const std::string& device_name,
                              const plugin::CompileRequest& request, SourceTarget target) {
    ProgramHandle program = program_from_source(context, device, device_name, request.source);

    // The in-memory headers come before any include directory of the options, as on CUDA. They
    // reach clCompileProgram as they reach clBuildProgram: through a directory of their own, which
    // drivers handle alike, rather than clCompileProgram's input_headers, which they do not.
    const HeaderDirectory headers(request.headers);
    const auto options = headers.option() + " " + build_options(request);
    const cl_int status = target == SourceTarget::executable
                              ? clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr)
                              : clCompileProgram(program.get(), 1, &device, options.c_str(), 0, nullptr, nullptr,
                                                 nullptr, nullptr);
    auto log = build_log(program.get(), device);
    if (status != CL_SUCCESS) {
        const CompileStep step = step_of(target);
        std::string why = std::string("the OpenCL compiler could not ") + step.verb + " the kernel source for " +
                          device_name;
        if (status == step.rejected_options) why += " (it rejected the options '" + options + "')";
        auto excerpt = plugin::source_excerpt(request.source, log);
        throw CompileError(std::move(why), step.function, std::move(log), std::move(excerpt), status,
                           error_name(status));
    }
    return {std::move(program), std::move(log)};
}

BuiltProgram build_from_source(cl_context context, cl_device_id device, const std::string& device_name,
                               const plugin::CompileRequest& request) {
    auto built = compile_source(context, device, device_name, request, SourceTarget::executable);
    if (!built.log.empty()) plugin::logger().debug("OpenCL build log for {}:\n{}", device_name, built.log);
    check_kernel_names(built.program.get(), device, device_name, "clBuildProgram", false);
    auto binary = device_binary(built.program.get());
    return {std::move(built.program), {std::move(binary), std::move(built.log)}};
}

ProgramHandle program_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                  std::span<const std::byte> binary) {
    if (is_pocl(device) && !pocl_reads_as_binary(binary))
        throw BackendError("the " + std::to_string(binary.size()) +
                               "-byte binary is neither a PoCL program binary nor "
                               "LLVM bitcode, the binaries PoCL (" +
                               device_name + ") takes",
                           "clCreateProgramWithBinary");
    if (const auto defect = pocl_binary_defect(binary))
        throw BackendError("the program binary for " + device_name + " is incomplete (" + *defect +
                               "), and PoCL would abort on it",
                           "clCreateProgramWithBinary");
    if (is_nvidia(device) && looks_like_bitcode(binary))
        if (const auto defect = bitcode_defect(binary))
            throw BackendError("the program binary for " + device_name + " is damaged LLVM bitcode (" + *defect +
                                   "), and NVIDIA's OpenCL driver would abort on it",
                               "clCreateProgramWithBinary");
    const auto* bytes = reinterpret_cast<const unsigned char*>(binary.data());
    const std::size_t length = binary.size();
    cl_int status = CL_SUCCESS;
    // With one device, the per-device binary status says nothing that `status` does not.
    ProgramHandle program(clCreateProgramWithBinary(context, 1, &device, &length, &bytes, nullptr, &status));
    if (status != CL_SUCCESS)
        throw_backend_error(status, "clCreateProgramWithBinary",
                            "the OpenCL driver rejected a program binary for " + device_name);
    return program;
}

void build_created(cl_program program, cl_device_id device, const std::string& device_name,
                   const plugin::CompileRequest& request, const char* what) {
    const auto options = build_options(request);
    const cl_int status = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
    if (status != CL_SUCCESS)
        throw_backend_error(status, "clBuildProgram",
                            "the OpenCL driver could not build " + std::string(what) + " for " + device_name + ": " +
                                build_log(program, device));
    check_kernel_names(program, device, device_name, "clBuildProgram", true);
}

ProgramHandle build_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                std::span<const std::byte> binary, const plugin::CompileRequest& request) {
    ProgramHandle program = program_from_binary(context, device, device_name, binary);
    build_created(program.get(), device, device_name, request, "a program binary");
    return program;
}

} // namespace rtcg::opencl
