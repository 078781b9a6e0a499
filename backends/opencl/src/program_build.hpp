#pragma once
// Building OpenCL programs from source (with compile errors reported against the source) and
// from the device binaries that a source build produced.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <span>
#include <string>

namespace rtcg::opencl {

struct BuiltProgram {
    ProgramHandle program;         // built, ready for clCreateKernel
    plugin::CompiledBinary binary; // the device binary and the build's warnings
};

// Throws CompileError carrying the build log and the source lines it points at.
BuiltProgram build_from_source(cl_context context, cl_device_id device, const std::string& device_name,
                               const plugin::CompileRequest& request);

// Throws BackendError when the driver rejects the binary (another driver version, another
// device) or, before PoCL sees it, when a PoCL binary has a part missing (pocl_binary_layout.hpp),
// so that the caller can fall back to the source.
ProgramHandle build_from_binary(cl_context context, cl_device_id device, const std::string& device_name,
                                std::span<const std::byte> binary, const plugin::CompileRequest& request);

} // namespace rtcg::opencl
