#pragma once
// cl_khr_command_buffer's entry points, found with clGetExtensionFunctionAddressForPlatform where
// the device lists the extension. The provisional extension changed its recording calls in
// version 0.9.5: copies and fills gained a properties parameter (kernel launches had one from
// the start). Both forms are declared here, as are the other entry points (headers of some years
// declare only one form, some only behind CL_ENABLE_BETA_EXTENSIONS), and the version the device
// reports picks one.
#ifndef CL_ENABLE_BETA_EXTENSIONS
#define CL_ENABLE_BETA_EXTENSIONS // the extension's types and constants, in headers that gate them
#endif
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <array>
#include <cstddef>
#include <memory>

namespace rtcg::opencl {

class CommandBufferApi {
public:
    // The entry points for `device`, or null where it lacks the extension, reports no version of
    // it, or a function is missing (each logged at debug level).
    static std::shared_ptr<const CommandBufferApi> load(cl_platform_id platform, cl_device_id device);

    // Properties a queue needs for command buffers to be recorded on it.
    cl_command_queue_properties required_queue_properties() const noexcept { return required_queue_properties_; }
    // Whether a command buffer can be enqueued again while it still runs.
    bool simultaneous_use() const noexcept { return simultaneous_use_; }

    // Each returns the driver's status; the caller checks it. A recorded command waits for the
    // sync point `after` where it is given, and gives its own in `done`.
    cl_command_buffer_khr create(cl_command_queue queue, cl_int& status) const;
    cl_int finalize(cl_command_buffer_khr buffer) const;
    cl_int release(cl_command_buffer_khr buffer) const;
    // On the queue it was recorded for, after the `wait_count` events of `wait_list`, giving its
    // own event in `done` where that is not null.
    cl_int enqueue(cl_command_buffer_khr buffer, cl_uint wait_count, const cl_event* wait_list, cl_event* done) const;
    cl_int state(cl_command_buffer_khr buffer, cl_command_buffer_state_khr& state) const;
    cl_int copy(cl_command_buffer_khr buffer, cl_mem src, cl_mem dst, std::size_t src_offset, std::size_t dst_offset,
                std::size_t bytes, const cl_sync_point_khr* after, cl_sync_point_khr* done) const;
    cl_int copy_rect(cl_command_buffer_khr buffer, cl_mem src, cl_mem dst, const std::array<std::size_t, 3>& src_origin,
                     const std::array<std::size_t, 3>& dst_origin, const std::array<std::size_t, 3>& region,
                     std::size_t src_row_pitch, std::size_t src_slice_pitch, std::size_t dst_row_pitch,
                     std::size_t dst_slice_pitch, const cl_sync_point_khr* after, cl_sync_point_khr* done) const;
    cl_int fill(cl_command_buffer_khr buffer, cl_mem dst, const void* pattern, std::size_t pattern_size,
                std::size_t offset, std::size_t bytes, const cl_sync_point_khr* after, cl_sync_point_khr* done) const;
    cl_int launch(cl_command_buffer_khr buffer, cl_kernel kernel, cl_uint work_dim, const std::size_t* global,
                  const std::size_t* local, const cl_sync_point_khr* after, cl_sync_point_khr* done) const;

private:
    CommandBufferApi() = default;

    using Create = cl_command_buffer_khr(CL_API_CALL*)(cl_uint, const cl_command_queue*,
                                                       const cl_command_buffer_properties_khr*, cl_int*);
    using Finalize = cl_int(CL_API_CALL*)(cl_command_buffer_khr);
    using Enqueue = cl_int(CL_API_CALL*)(cl_uint, cl_command_queue*, cl_command_buffer_khr, cl_uint, const cl_event*,
                                         cl_event*);
    using Info = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_buffer_info_khr, std::size_t, void*,
                                      std::size_t*);
    using Launch = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, const cl_properties*, cl_kernel,
                                        cl_uint, const std::size_t*, const std::size_t*, const std::size_t*, cl_uint,
                                        const cl_sync_point_khr*, cl_sync_point_khr*, cl_mutable_command_khr*);
    // Copies and fills before version 0.9.5 ...
    using Copy = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, cl_mem, cl_mem, std::size_t, std::size_t,
                                      std::size_t, cl_uint, const cl_sync_point_khr*, cl_sync_point_khr*,
                                      cl_mutable_command_khr*);
    using CopyRect = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, cl_mem, cl_mem, const std::size_t*,
                                          const std::size_t*, const std::size_t*, std::size_t, std::size_t, std::size_t,
                                          std::size_t, cl_uint, const cl_sync_point_khr*, cl_sync_point_khr*,
                                          cl_mutable_command_khr*);
    using Fill = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, cl_mem, const void*, std::size_t,
                                      std::size_t, std::size_t, cl_uint, const cl_sync_point_khr*, cl_sync_point_khr*,
                                      cl_mutable_command_khr*);
    // ... and from 0.9.5 on, with properties after the queue.
    using CopyWithProperties = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, const cl_properties*,
                                                    cl_mem, cl_mem, std::size_t, std::size_t, std::size_t, cl_uint,
                                                    const cl_sync_point_khr*, cl_sync_point_khr*,
                                                    cl_mutable_command_khr*);
    using CopyRectWithProperties = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, const cl_properties*,
                                                        cl_mem, cl_mem, const std::size_t*, const std::size_t*,
                                                        const std::size_t*, std::size_t, std::size_t, std::size_t,
                                                        std::size_t, cl_uint, const cl_sync_point_khr*,
                                                        cl_sync_point_khr*, cl_mutable_command_khr*);
    using FillWithProperties = cl_int(CL_API_CALL*)(cl_command_buffer_khr, cl_command_queue, const cl_properties*,
                                                    cl_mem, const void*, std::size_t, std::size_t, std::size_t, cl_uint,
                                                    const cl_sync_point_khr*, cl_sync_point_khr*,
                                                    cl_mutable_command_khr*);

    bool with_properties_ = false; // the 0.9.5 form of the recording calls
    bool simultaneous_use_ = false;
    cl_command_queue_properties required_queue_properties_ = 0;

    Create create_ = nullptr;
    Finalize finalize_ = nullptr;
    Finalize release_ = nullptr; // the same signature
    Enqueue enqueue_ = nullptr;
    Info info_ = nullptr;
    Launch launch_ = nullptr;
    // One of each pair, as with_properties_ says.
    Copy copy_ = nullptr;
    CopyWithProperties copy_with_properties_ = nullptr;
    CopyRect copy_rect_ = nullptr;
    CopyRectWithProperties copy_rect_with_properties_ = nullptr;
    Fill fill_ = nullptr;
    FillWithProperties fill_with_properties_ = nullptr;
};

} // namespace rtcg::opencl
