#include "raw_opencl.hpp"

#include <rtcg/core/error.hpp>

#include <CL/cl.h>

#include <string>
#include <vector>

namespace rtcg::bench {
namespace {

void check(cl_int status, const char* call) {
    if (status != CL_SUCCESS)
        throw BackendError("the OpenCL driver answered " + std::to_string(status), call, status,
                           std::to_string(status));
}

std::string device_name(cl_device_id device) {
    std::size_t size = 0;
    check(clGetDeviceInfo(device, CL_DEVICE_NAME, 0, nullptr, &size), "clGetDeviceInfo");
    std::string name(size, '\0');
    check(clGetDeviceInfo(device, CL_DEVICE_NAME, size, name.data(), nullptr), "clGetDeviceInfo");
    while (!name.empty() && name.back() == '\0') name.pop_back();
    return name;
}

cl_device_id find_device(const std::string& wanted) {
    cl_uint platform_count = 0;
    check(clGetPlatformIDs(0, nullptr, &platform_count), "clGetPlatformIDs");
    std::vector<cl_platform_id> platforms(platform_count);
    check(clGetPlatformIDs(platform_count, platforms.data(), nullptr), "clGetPlatformIDs");
    for (cl_platform_id platform : platforms) {
        cl_uint device_count = 0;
        if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &device_count) != CL_SUCCESS) continue;
        std::vector<cl_device_id> devices(device_count);
        check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, device_count, devices.data(), nullptr), "clGetDeviceIDs");
        for (cl_device_id device : devices)
            if (device_name(device) == wanted) return device;
    }
    throw BackendError("no OpenCL device is named '" + wanted + "'", "clGetDeviceIDs", CL_DEVICE_NOT_FOUND,
                       "CL_DEVICE_NOT_FOUND");
}

} // namespace

struct RawOpenCLKernel::State {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
    cl_mem flag = nullptr;

    ~State() {
        // Releases what was created, in reverse; their statuses cannot be acted on here.
        if (flag) clReleaseMemObject(flag);
        if (kernel) clReleaseKernel(kernel);
        if (program) clReleaseProgram(program);
        if (queue) clReleaseCommandQueue(queue);
        if (context) clReleaseContext(context);
    }
};

RawOpenCLKernel::RawOpenCLKernel(const std::string& name, const std::string& source, const std::string& kernel_name)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    cl_int status = CL_SUCCESS;
    s.device = find_device(name);
    s.context = clCreateContext(nullptr, 1, &s.device, nullptr, nullptr, &status);
    check(status, "clCreateContext");
    s.queue = clCreateCommandQueue(s.context, s.device, 0, &status);
    check(status, "clCreateCommandQueue");
    const char* text = source.c_str();
    s.program = clCreateProgramWithSource(s.context, 1, &text, nullptr, &status);
    check(status, "clCreateProgramWithSource");
    check(clBuildProgram(s.program, 1, &s.device, "", nullptr, nullptr), "clBuildProgram");
    s.kernel = clCreateKernel(s.program, kernel_name.c_str(), &status);
    check(status, "clCreateKernel");
    s.flag = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof(cl_int), nullptr, &status);
    check(status, "clCreateBuffer");
}

RawOpenCLKernel::~RawOpenCLKernel() = default;

void RawOpenCLKernel::launch() {
    State& s = *state_;
    const cl_int count = 1;
    const std::size_t size = 32;
    check(clSetKernelArg(s.kernel, 0, sizeof s.flag, &s.flag), "clSetKernelArg");
    check(clSetKernelArg(s.kernel, 1, sizeof count, &count), "clSetKernelArg");
    check(clEnqueueNDRangeKernel(s.queue, s.kernel, 1, nullptr, &size, &size, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
}

void RawOpenCLKernel::synchronize() { check(clFinish(state_->queue), "clFinish"); }

} // namespace rtcg::bench
