#pragma once
// What each parameter of an OpenCL kernel takes, for core's argument checks.
#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <string>
#include <vector>

namespace rtcg::opencl {

// One entry per parameter of `kernel` (`count` of them): from the driver's kernel argument info
// (programs are built with -cl-kernel-arg-info), else, where the driver kept none (a program
// loaded from a binary), from the kernel's definition in the source and options the program was
// built from (plugin::declared_parameters), else all of unknown kind. Sizes stay 0:
// clSetKernelArg checks them.
std::vector<plugin::KernelParameter> kernel_parameters(cl_kernel kernel, const std::string& name, cl_uint count,
                                                       std::span<const plugin::CompileRequest> built_from);

} // namespace rtcg::opencl
