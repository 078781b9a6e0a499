#pragma once
// Typed wrappers over the clGet*Info family: `device_info<cl_uint>(device, CL_DEVICE_...)`.
// The result type picks the protocol: a scalar is read directly; a std::string or std::vector
// is sized by a first call and read by a second. Strings lose trailing NULs and whitespace.
#include "status.hpp"

#include <CL/cl.h>

#include <cctype>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg::opencl {
namespace detail {

template <typename T>
struct is_vector : std::false_type {};
template <typename T>
struct is_vector<std::vector<T>> : std::true_type {};

// The message for a failed query names the parameter, since one call serves them all.
[[noreturn]] void throw_info_error(cl_int status, const char* call, cl_uint param);

// `query(size, value, size_ret)` is one clGet*Info call with its objects and parameter bound.
template <typename T, typename Query>
T read_info(const Query& query, const char* call, cl_uint param) {
    const auto checked = [&](cl_int status) {
        if (status != CL_SUCCESS) [[unlikely]]
            throw_info_error(status, call, param);
    };
    if constexpr (std::is_same_v<T, std::string> || is_vector<T>::value) {
        std::size_t bytes = 0;
        checked(query(0, nullptr, &bytes));
        using Element = typename T::value_type;
        std::vector<Element> elements(bytes / sizeof(Element));
        if (!elements.empty()) checked(query(elements.size() * sizeof(Element), elements.data(), nullptr));
        if constexpr (std::is_same_v<T, std::string>) {
            // Strings come with their terminating NUL, and some with padding besides
            // (NVIDIA: "OpenCL C 1.2 ", a build log of "\n").
            const auto is_padding = [](char c) { return c == '\0' || std::isspace(static_cast<unsigned char>(c)); };
            while (!elements.empty() && is_padding(elements.back())) elements.pop_back();
            return std::string(elements.begin(), elements.end());
        } else {
            return elements;
        }
    } else {
        static_assert(std::is_trivially_copyable_v<T>);
        T value{};
        checked(query(sizeof(T), &value, nullptr));
        return value;
    }
}

// Reads `param` through `get(objects..., param, size, value, size_ret)`, one of the clGet*Info calls.
template <typename T, typename Get, typename... Objects>
T info(Get get, const char* call, cl_uint param, Objects... objects) {
    return read_info<T>(
        [&](std::size_t size, void* value, std::size_t* size_ret) { return get(objects..., param, size, value, size_ret); },
        call, param);
}

} // namespace detail

template <typename T>
T platform_info(cl_platform_id platform, cl_platform_info param) {
    return detail::info<T>(clGetPlatformInfo, "clGetPlatformInfo", param, platform);
}

template <typename T>
T device_info(cl_device_id device, cl_device_info param) {
    return detail::info<T>(clGetDeviceInfo, "clGetDeviceInfo", param, device);
}

template <typename T>
T program_info(cl_program program, cl_program_info param) {
    return detail::info<T>(clGetProgramInfo, "clGetProgramInfo", param, program);
}

template <typename T>
T program_build_info(cl_program program, cl_device_id device, cl_program_build_info param) {
    return detail::info<T>(clGetProgramBuildInfo, "clGetProgramBuildInfo", param, program, device);
}

template <typename T>
T mem_object_info(cl_mem memory, cl_mem_info param) {
    return detail::info<T>(clGetMemObjectInfo, "clGetMemObjectInfo", param, memory);
}

template <typename T>
T queue_info(cl_command_queue queue, cl_command_queue_info param) {
    return detail::info<T>(clGetCommandQueueInfo, "clGetCommandQueueInfo", param, queue);
}

template <typename T>
T kernel_info(cl_kernel kernel, cl_kernel_info param) {
    return detail::info<T>(clGetKernelInfo, "clGetKernelInfo", param, kernel);
}

template <typename T>
T kernel_arg_info(cl_kernel kernel, cl_uint index, cl_kernel_arg_info param) {
    return detail::info<T>(clGetKernelArgInfo, "clGetKernelArgInfo", param, kernel, index);
}

template <typename T>
T kernel_work_group_info(cl_kernel kernel, cl_device_id device, cl_kernel_work_group_info param) {
    return detail::info<T>(clGetKernelWorkGroupInfo, "clGetKernelWorkGroupInfo", param, kernel, device);
}

template <typename T>
T event_info(cl_event event, cl_event_info param) {
    return detail::info<T>(clGetEventInfo, "clGetEventInfo", param, event);
}

template <typename T>
T event_profiling_info(cl_event event, cl_profiling_info param) {
    return detail::info<T>(clGetEventProfilingInfo, "clGetEventProfilingInfo", param, event);
}

} // namespace rtcg::opencl
