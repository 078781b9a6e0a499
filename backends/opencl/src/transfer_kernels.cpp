#include "transfer_kernels.hpp"

#include "opencl_kernel.hpp"
#include "opencl_module.hpp"
#include "program_build.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <spdlog/logger.h>

#include <algorithm>
#include <array>

namespace rtcg::opencl {
namespace {

// Indices count words; a grid-stride loop lets a launch of max_groups cover any size. A 16-byte
// word per work-item streams at the device's copy rate; 4-byte words one per work-item fall well
// short of it, so each 4-byte work-item moves four words a global size apart, all loaded before
// any is stored, which comes close to the driver's copy. A fill off 16-byte boundaries stores
// 16-byte words between its first and last boundaries, which is faster than 4-byte words. The
// global size is the group count times the group size, as in the prelude, which says why. The
// figures are in bench/NOTES.md, "OpenCL on NVIDIA".
constexpr const char* transfer_source = R"(
__kernel void rtcg_copy_16(__global const uint4* src, ulong src_first, __global uint4* dst, ulong dst_first,
                           ulong words)
{
    for (ulong k = get_global_id(0); k < words; k += get_num_groups(0) * get_local_size(0))
        dst[dst_first + k] = src[src_first + k];
}

__kernel void rtcg_fill_16(__global uint4* dst, ulong first, ulong words, uint4 pattern)
{
    for (ulong k = get_global_id(0); k < words; k += get_num_groups(0) * get_local_size(0))
        dst[first + k] = pattern;
}

__kernel void rtcg_copy_4(__global const uint* src, ulong src_first, __global uint* dst, ulong dst_first,
                          ulong words)
{
    const ulong g = get_num_groups(0) * get_local_size(0);
    for (ulong k = get_global_id(0); k < words; k += 4 * g) {
        uint v[4];
        for (int j = 0; j < 4; ++j)
            if (k + j * g < words) v[j] = src[src_first + k + j * g];
        for (int j = 0; j < 4; ++j)
            if (k + j * g < words) dst[dst_first + k + j * g] = v[j];
    }
}

__kernel void rtcg_fill_bytes(__global uchar* dst, ulong first, ulong count, uint4 pattern)
{
    // Byte p of the buffer takes byte p % 16 of `pattern`, the caller's pattern repeated from a
    // 16-byte boundary (a buffer starts on one). Work-item 0 stores the bytes before the range's
    // first 16-byte boundary and after its last; the rest go as 16-byte words.
    uchar bytes[16];
    vstore16(as_uchar16(pattern), 0, bytes);
    const ulong head = min((16 - first % 16) % 16, count);
    const ulong wide_words = (count - head) / 16;
    if (get_global_id(0) == 0) {
        for (ulong p = first; p < first + head; ++p) dst[p] = bytes[p % 16];
        for (ulong p = first + head + 16 * wide_words; p < first + count; ++p) dst[p] = bytes[p % 16];
    }
    __global uint4* wide = (__global uint4*)(dst + first + head);
    for (ulong k = get_global_id(0); k < wide_words; k += get_num_groups(0) * get_local_size(0))
        wide[k] = pattern;
}
)";

constexpr std::size_t group_size = 256;

plugin::KernelArgument value_argument(const cl_ulong& value) { return {nullptr, &value, sizeof value}; }

// The word size that divides every one of `values`: 16, 4, or 0 for none.
std::size_t word_size(std::initializer_list<std::size_t> values) {
    std::size_t all = 0;
    for (std::size_t value : values) all |= value;
    if (all % 16 == 0) return 16;
    if (all % 4 == 0) return 4;
    return 0;
}

} // namespace

bool transfers_by_kernel(const DeviceInfo& device) { return device.platform == "NVIDIA CUDA"; }

TransferKernels::TransferKernels(cl_context context, cl_device_id device, std::string device_name,
                                 std::size_t max_groups)
    : context_(context), device_(device), device_name_(std::move(device_name)), max_groups_(max_groups) {}

const TransferKernels::Kernels* TransferKernels::kernels() {
    std::call_once(build_once_, [this] {
        try {
            const plugin::CompileRequest request{transfer_source, {}, false, {}};
            // NVIDIA's devices alone take these kernels (transfers_by_kernel): no launch chain.
            OpenclModule module(build_from_source(context_, device_, device_name_, request).program, device_,
                                plugin::sources_of(request), nullptr);
            kernels_.emplace(Kernels{module.kernel("rtcg_copy_16"), module.kernel("rtcg_copy_4"),
                                     module.kernel("rtcg_fill_16"), module.kernel("rtcg_fill_bytes")});
        } catch (const Error& error) {
            plugin::logger().warn("rtcg's OpenCL copy and fill kernels did not build on {}, so copies and fills use "
                                  "the driver's commands: {}",
                                  device_name_, error.what());
        }
    });
    return kernels_ ? &*kernels_ : nullptr;
}

void TransferKernels::launch(cl_command_queue queue, plugin::KernelImpl& kernel, std::size_t words, std::size_t word,
                             std::span<const plugin::KernelArgument> args) const {
    const std::size_t per_work_item = word == 16 ? 1 : 4;
    const std::size_t per_group = group_size * per_work_item;
    const std::size_t groups = std::clamp<std::size_t>((words + per_group - 1) / per_group, 1, max_groups_);
    static_cast<OpenclKernel&>(kernel).enqueue(queue, LaunchConfig{Dim3{groups}, Dim3{group_size}, 0}, args);
}

bool TransferKernels::copy(cl_command_queue queue, const plugin::BufferImpl& src, std::size_t src_offset,
                           const plugin::BufferImpl& dst, std::size_t dst_offset, std::size_t bytes) {
    const std::size_t word = word_size({src_offset, dst_offset, bytes});
    const Kernels* all = word == 0 ? nullptr : kernels();
    if (all == nullptr) return false;
    const cl_ulong src_first = src_offset / word, dst_first = dst_offset / word, words = bytes / word;
    const plugin::KernelArgument args[] = {{&src, nullptr, 0}, value_argument(src_first), {&dst, nullptr, 0},
                                           value_argument(dst_first), value_argument(words)};
    launch(queue, *(word == 16 ? all->copy16 : all->copy4), words, word, args);
    return true;
}

bool TransferKernels::fill(cl_command_queue queue, const plugin::BufferImpl& dst, std::size_t offset,
                           std::size_t bytes, const void* pattern, std::size_t pattern_size) {
    const Kernels* all = kernels();
    if (all == nullptr) return false;
    // The pattern repeated over 16 bytes from a 16-byte boundary: the pattern's size divides 16 and
    // the offset, so every 16-byte boundary of the buffer is a pattern boundary.
    std::array<unsigned char, 16> repeated{};
    const auto* bytes_of_pattern = static_cast<const unsigned char*>(pattern);
    for (std::size_t k = 0; k < repeated.size(); ++k) repeated[k] = bytes_of_pattern[k % pattern_size];
    const plugin::KernelArgument pattern_argument{nullptr, repeated.data(), repeated.size()};
    if (word_size({offset, bytes}) == 16) {
        const cl_ulong first = offset / 16, words = bytes / 16;
        const plugin::KernelArgument args[] = {{&dst, nullptr, 0}, value_argument(first), value_argument(words),
                                               pattern_argument};
        launch(queue, *all->fill16, words, 16, args);
    } else {
        const cl_ulong first = offset, count = bytes;
        const plugin::KernelArgument args[] = {{&dst, nullptr, 0}, value_argument(first), value_argument(count),
                                               pattern_argument};
        launch(queue, *all->fill_bytes, bytes / 16, 16, args);
    }
    return true;
}

} // namespace rtcg::opencl
