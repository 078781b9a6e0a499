#pragma once
// Programs of several translation units: each source compiled alone (clCompileProgram), then
// linked with the binary units into one executable program (clLinkProgram).
#include "program_build.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <string>

namespace rtcg::opencl {

// `request.source` compiled into an object for link_program; the binary holds the object as
// clGetProgramInfo(CL_PROGRAM_BINARIES) gives it. Throws CompileError.
BuiltProgram compile_object(cl_context context, cl_device_id device, const std::string& device_name,
                            const plugin::CompileRequest& request);

// The units of `request` linked. Throws CompileError naming the unit that failed to compile,
// InvalidArgument for a binary unit that is no compiled object or library for the device,
// LinkError with the linker's log.
BuiltProgram link_program(cl_context context, cl_device_id device, const std::string& device_name,
                          const plugin::LinkRequest& request);

} // namespace rtcg::opencl
