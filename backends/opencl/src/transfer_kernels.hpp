#pragma once
// Device-to-device copies and fills as kernels, on drivers whose own commands cost more than a
// launch. On NVIDIA's OpenCL, clEnqueueCopyBuffer and clEnqueueFillBuffer take several times a
// copy or fill kernel's device time up to 16 MB (bench/NOTES.md, "OpenCL on NVIDIA"). Other
// devices keep the driver's commands: PoCL's are not slow, and no other driver is known to be.
//
// The kernels move words of 16 bytes one per work-item, or of 4 bytes four per work-item, up to
// transfer_max_groups groups of 256 and then in a grid-stride loop: a grid that covers the range
// streams faster than one that fills the device once and strides. A copy whose offsets
// and size are not all multiples of 4 bytes is left to the driver. Every fill runs as a kernel, as
// 16-byte words with single bytes at an unaligned range's ends: NVIDIA's clEnqueueFillBuffer with
// a 1-byte pattern hangs past 2^31 bytes and, split into pieces of 2^30, leaves the queue failing
// (CL_OUT_OF_RESOURCES at the next read).
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

namespace rtcg::opencl {

// Whether `device` copies and fills by kernels: on NVIDIA's platform.
bool transfers_by_kernel(const DeviceInfo& device);

// 2^28 work-items: 4 GB of 16-byte words per pass, well inside NVIDIA's grid limit of 2^31 - 1 groups.
inline constexpr std::size_t transfer_max_groups = std::size_t{1} << 20;

// The context's copy and fill kernels, built on first use and shared by its queues: the plug-in's
// OpenclKernel serialises launches of one kernel, whose arguments the cl_kernel holds. Thread-safe.
class TransferKernels {
public:
    // `max_groups`: the most work-groups of 256 a launch uses (transfer_max_groups but in tests).
    TransferKernels(cl_context context, cl_device_id device, std::string device_name, std::size_t max_groups);

    // Each enqueues the operation on `queue` as a kernel and returns true, or returns false,
    // having enqueued nothing, when the program did not build (logged once as a warning; the
    // driver's commands then serve) or, for a copy, when the range does not suit the kernels'
    // words. Buffers are this plug-in's; offsets and sizes are in bytes, already checked against
    // them; a fill's pattern size (1, 2, 4 or 8) divides its offset and size.
    bool copy(cl_command_queue queue, const plugin::BufferImpl& src, std::size_t src_offset,
              const plugin::BufferImpl& dst, std::size_t dst_offset, std::size_t bytes);
    bool fill(cl_command_queue queue, const plugin::BufferImpl& dst, std::size_t offset, std::size_t bytes,
              const void* pattern, std::size_t pattern_size);

private:
    struct Kernels {
        std::unique_ptr<plugin::KernelImpl> copy16, copy4, fill16, fill_bytes;
    };

    // nullptr where the program did not build.
    const Kernels* kernels();
    // `words` of `word` bytes: 16 one per work-item, 4 four per work-item (transfer_kernels.cpp);
    // at least one group, for a fill's ends when it has no whole word.
    void launch(cl_command_queue queue, plugin::KernelImpl& kernel, std::size_t words, std::size_t word,
                std::span<const plugin::KernelArgument> args) const;

    cl_context context_;
    cl_device_id device_;
    std::string device_name_;
    std::size_t max_groups_;
    std::once_flag build_once_;
    std::optional<Kernels> kernels_;
};

} // namespace rtcg::opencl
