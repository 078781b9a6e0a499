#pragma once
// Programs from SPIR-V: clCreateProgramWithIL (OpenCL 2.1 and later) or clCreateProgramWithILKHR
// (the cl_khr_il_program extension of earlier devices), then clBuildProgram.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <span>
#include <string>

namespace rtcg::opencl {

// The device's CL_DEVICE_IL_VERSION ("SPIR-V_1.0 SPIR-V_1.2"), empty where it takes no IL: a
// device before OpenCL 2.1 without cl_khr_il_program answers the query with an error.
std::string il_versions(cl_device_id device);

// `il` built for the device. Throws InvalidArgument where the device takes no SPIR-V (naming it
// and its IL versions) or the ICD loader lacks the entry point, BackendError when the driver
// rejects the module or cannot build it.
ProgramHandle build_from_il(cl_context context, cl_platform_id platform, cl_device_id device, const DeviceInfo& info,
                            std::span<const std::byte> il, const plugin::CompileRequest& request);

} // namespace rtcg::opencl
