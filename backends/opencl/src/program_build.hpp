#pragma once
// Building OpenCL programs from source (with compile errors reported against the source) and
// from the device binaries that a source build produced.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rtcg::opencl {

struct BuiltProgram {
    ProgramHandle program;         // built, ready for clCreateKernel
    plugin::CompiledBinary binary; // the device binary and the build's warnings
};

// What a source becomes: an executable program (clBuildProgram) or a compiled object that
// clLinkProgram links (clCompileProgram).
enum class SourceTarget { executable, object };

// A program compiled from source and the compiler's log (empty for a clean compile).
struct CompiledSource {
    ProgramHandle program;
    std::string log;
};

// `request.source` compiled into `target`, its in-memory headers found before any include
// directory of the options. Throws CompileError carrying the compiler's log and the source lines
// it points at, and InvalidArgument as program_from_source does.
CompiledSource compile_source(cl_context context, cl_device_id device, const std::string& device_name,
                              const plugin::CompileRequest& request, SourceTarget target);

// Throws CompileError carrying the build log and the source lines it points at.
BuiltProgram build_from_source(cl_context context, cl_device_id device, const std::string& device_name,
                               const plugin::CompileRequest& request);

// Throws BackendError when the driver rejects the binary (another driver version, another
// device) or, before PoCL sees it, when a PoCL binary has a part missing (pocl_binary_layout.hpp),
// so that the caller can fall back to the source.
ProgramHandle build_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                std::span<const std::byte> binary, const plugin::CompileRequest& request);

// The pieces the builds above are made of, for links and SPIR-V (program_link.hpp, il_program.hpp).

// The options every program is compiled with: kernel argument info, the request's options, -g for
// a debug build.
std::string build_options(const plugin::CompileRequest& request);
// Empty for a clean build: the driver's log without the newline some drivers return.
std::string build_log(cl_program program, cl_device_id device);
// The binary of the program's one device. Throws BackendError when the driver reports none.
std::vector<std::byte> device_binary(cl_program program);
// Throws for a kernel name that would abort PoCL, before anything makes PoCL write its files:
// BackendError for a `stored_binary` (so that the caller rebuilds from source), else
// InvalidArgument.
void check_kernel_names(cl_program program, cl_device_id device, const std::string& device_name, const char* where,
                        bool stored_binary);
// A program of `text`, not built yet. Throws InvalidArgument for a source NVIDIA's driver cannot
// build without corrupting memory.
ProgramHandle program_from_source(cl_context context, cl_device_id device, const std::string& device_name,
                                  const std::string& text);
// A program of `binary`, not built yet. Throws BackendError as build_from_binary does.
ProgramHandle program_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                  std::span<const std::byte> binary);
// clBuildProgram of a program created from a binary or IL (`what`: "a program binary"), with the
// request's options. Throws BackendError with the build log.
void build_created(cl_program program, cl_device_id device, const std::string& device_name,
                   const plugin::CompileRequest& request, const char* what);

} // namespace rtcg::opencl
