#include "command_buffer_api.hpp"

#include "info.hpp"

#include <rtcg/core/plugin/support.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::opencl {
namespace {

// OpenCL 3.0's extension-version query, declared here: the plug-in builds against OpenCL 1.2.
constexpr cl_device_info extensions_with_version = 0x1060; // CL_DEVICE_EXTENSIONS_WITH_VERSION
struct NameVersion {
    cl_uint version;
    char name[64];
};
constexpr cl_uint make_version(cl_uint major, cl_uint minor, cl_uint patch) {
    return (major << 22) | (minor << 12) | patch;
}
constexpr cl_uint first_version_with_properties = make_version(0, 9, 5);

std::string describe_version(cl_uint version) {
    return std::to_string(version >> 22) + "." + std::to_string((version >> 12) & 0x3ff) + "." +
           std::to_string(version & 0xfff);
}

// The device's version of cl_khr_command_buffer, where it lists the extension and reports one.
std::optional<cl_uint> extension_version(cl_device_id device) {
    std::size_t bytes = 0;
    if (clGetDeviceInfo(device, extensions_with_version, 0, nullptr, &bytes) != CL_SUCCESS) return std::nullopt;
    std::vector<NameVersion> listed(bytes / sizeof(NameVersion));
    if (listed.empty() || clGetDeviceInfo(device, extensions_with_version, listed.size() * sizeof(NameVersion),
                                          listed.data(), nullptr) != CL_SUCCESS)
        return std::nullopt;
    for (const NameVersion& entry : listed)
        if (std::strncmp(entry.name, CL_KHR_COMMAND_BUFFER_EXTENSION_NAME, sizeof entry.name) == 0)
            return entry.version;
    return std::nullopt;
}

template <class Function>
void resolve(Function& function, cl_platform_id platform, const char* name, bool& missing) {
    function = reinterpret_cast<Function>(clGetExtensionFunctionAddressForPlatform(platform, name));
    if (!function) missing = true;
}

} // namespace

std::shared_ptr<const CommandBufferApi> CommandBufferApi::load(cl_platform_id platform, cl_device_id device) {
    const auto version = extension_version(device);
    if (!version) return nullptr;
    std::shared_ptr<CommandBufferApi> api(new CommandBufferApi());
    api->with_properties_ = *version >= first_version_with_properties;
    bool missing = false;
    resolve(api->create_, platform, "clCreateCommandBufferKHR", missing);
    resolve(api->finalize_, platform, "clFinalizeCommandBufferKHR", missing);
    resolve(api->release_, platform, "clReleaseCommandBufferKHR", missing);
    resolve(api->enqueue_, platform, "clEnqueueCommandBufferKHR", missing);
    resolve(api->info_, platform, "clGetCommandBufferInfoKHR", missing);
    resolve(api->launch_, platform, "clCommandNDRangeKernelKHR", missing);
    if (api->with_properties_) {
        resolve(api->copy_with_properties_, platform, "clCommandCopyBufferKHR", missing);
        resolve(api->copy_rect_with_properties_, platform, "clCommandCopyBufferRectKHR", missing);
        resolve(api->fill_with_properties_, platform, "clCommandFillBufferKHR", missing);
    } else {
        resolve(api->copy_, platform, "clCommandCopyBufferKHR", missing);
        resolve(api->copy_rect_, platform, "clCommandCopyBufferRectKHR", missing);
        resolve(api->fill_, platform, "clCommandFillBufferKHR", missing);
    }
    cl_device_command_buffer_capabilities_khr capabilities = 0;
    if (missing ||
        clGetDeviceInfo(device, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, sizeof capabilities, &capabilities,
                        nullptr) != CL_SUCCESS ||
        clGetDeviceInfo(device, CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR,
                        sizeof api->required_queue_properties_, &api->required_queue_properties_,
                        nullptr) != CL_SUCCESS) {
        plugin::logger().debug("the device lists cl_khr_command_buffer {} but its functions or queries are missing; "
                               "graphs re-enqueue their commands",
                               describe_version(*version));
        return nullptr;
    }
    api->simultaneous_use_ = (capabilities & CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR) != 0;
    plugin::logger().debug("cl_khr_command_buffer {}: graphs become command buffers{}", describe_version(*version),
                           api->simultaneous_use_ ? ", replayed while still running" : "");
    return api;
}

cl_command_buffer_khr CommandBufferApi::create(cl_command_queue queue, cl_int& status) const {
    const cl_command_buffer_properties_khr simultaneous[] = {CL_COMMAND_BUFFER_FLAGS_KHR,
                                                             CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR, 0};
    return create_(1, &queue, simultaneous_use_ ? simultaneous : nullptr, &status);
}

cl_int CommandBufferApi::finalize(cl_command_buffer_khr buffer) const { return finalize_(buffer); }
cl_int CommandBufferApi::release(cl_command_buffer_khr buffer) const { return release_(buffer); }
cl_int CommandBufferApi::enqueue(cl_command_buffer_khr buffer, cl_uint wait_count, const cl_event* wait_list,
                                 cl_event* done) const {
    return enqueue_(0, nullptr, buffer, wait_count, wait_list, done);
}

cl_int CommandBufferApi::state(cl_command_buffer_khr buffer, cl_command_buffer_state_khr& state) const {
    return info_(buffer, CL_COMMAND_BUFFER_STATE_KHR, sizeof state, &state, nullptr);
}

// Commands are recorded for the command buffer's one queue, which the extension asks to be
// passed as null.
cl_int CommandBufferApi::copy(cl_command_buffer_khr buffer, cl_mem src, cl_mem dst, std::size_t src_offset,
                              std::size_t dst_offset, std::size_t bytes, const cl_sync_point_khr* after,
                              cl_sync_point_khr* done) const {
    const cl_uint waits = after ? 1 : 0;
    if (with_properties_)
        return copy_with_properties_(buffer, nullptr, nullptr, src, dst, src_offset, dst_offset, bytes, waits, after,
                                     done, nullptr);
    return copy_(buffer, nullptr, src, dst, src_offset, dst_offset, bytes, waits, after, done, nullptr);
}

cl_int CommandBufferApi::copy_rect(cl_command_buffer_khr buffer, cl_mem src, cl_mem dst,
                                   const std::array<std::size_t, 3>& src_origin,
                                   const std::array<std::size_t, 3>& dst_origin,
                                   const std::array<std::size_t, 3>& region, std::size_t src_row_pitch,
                                   std::size_t src_slice_pitch, std::size_t dst_row_pitch, std::size_t dst_slice_pitch,
                                   const cl_sync_point_khr* after, cl_sync_point_khr* done) const {
    const cl_uint waits = after ? 1 : 0;
    if (with_properties_)
        return copy_rect_with_properties_(buffer, nullptr, nullptr, src, dst, src_origin.data(), dst_origin.data(),
                                          region.data(), src_row_pitch, src_slice_pitch, dst_row_pitch, dst_slice_pitch,
                                          waits, after, done, nullptr);
    return copy_rect_(buffer, nullptr, src, dst, src_origin.data(), dst_origin.data(), region.data(), src_row_pitch,
                      src_slice_pitch, dst_row_pitch, dst_slice_pitch, waits, after, done, nullptr);
}

cl_int CommandBufferApi::fill(cl_command_buffer_khr buffer, cl_mem dst, const void* pattern, std::size_t pattern_size,
                              std::size_t offset, std::size_t bytes, const cl_sync_point_khr* after,
                              cl_sync_point_khr* done) const {
    const cl_uint waits = after ? 1 : 0;
    if (with_properties_)
        return fill_with_properties_(buffer, nullptr, nullptr, dst, pattern, pattern_size, offset, bytes, waits, after,
                                     done, nullptr);
    return fill_(buffer, nullptr, dst, pattern, pattern_size, offset, bytes, waits, after, done, nullptr);
}

cl_int CommandBufferApi::launch(cl_command_buffer_khr buffer, cl_kernel kernel, cl_uint work_dim,
                                const std::size_t* global, const std::size_t* local, const cl_sync_point_khr* after,
                                cl_sync_point_khr* done) const {
    return launch_(buffer, nullptr, nullptr, kernel, work_dim, nullptr, global, local, after ? 1 : 0, after, done,
                   nullptr);
}

} // namespace rtcg::opencl
