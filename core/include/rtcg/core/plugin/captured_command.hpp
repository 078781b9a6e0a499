#pragma once
// The work a queue records while it captures (rtcg/core/graph.hpp), as the plug-in ABI hands it
// to a backend that builds a native graph of it (QueueImpl::build_graph), and the plain replay
// core falls back to: each command queued again, one by one, through the QueueImpl calls.
//
// Core checked every command when it was captured, as it checks the same call on a queue that is
// not capturing, and keeps every buffer and kernel a command names alive as long as the graph.
// No command blocks: host transfers in a graph are asynchronous by rule.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/rect_copy.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <variant>
#include <vector>

namespace rtcg::plugin {

// Host memory to a buffer; the host memory is read at each replay.
struct CapturedWrite {
    BufferImpl* dst = nullptr;
    std::size_t dst_offset = 0;
    const void* src = nullptr;
    std::size_t bytes = 0;
};

// A buffer to host memory; the host memory is written at each replay.
struct CapturedRead {
    const BufferImpl* src = nullptr;
    std::size_t src_offset = 0;
    void* dst = nullptr;
    std::size_t bytes = 0;
};

struct CapturedCopy {
    const BufferImpl* src = nullptr;
    std::size_t src_offset = 0;
    BufferImpl* dst = nullptr;
    std::size_t dst_offset = 0;
    std::size_t bytes = 0;
};

// The pattern's bytes are copied at capture.
struct CapturedFill {
    BufferImpl* dst = nullptr;
    std::size_t offset = 0;
    std::size_t bytes = 0;
    std::array<std::byte, 8> pattern{};
    std::size_t pattern_size = 0;
};

// Rectangular copies, with every pitch resolved (rtcg/core/rect_copy.hpp).
struct CapturedWriteRect {
    BufferImpl* dst = nullptr;
    const void* src = nullptr;
    RectCopy copy;
};

struct CapturedReadRect {
    const BufferImpl* src = nullptr;
    void* dst = nullptr;
    RectCopy copy;
};

struct CapturedCopyRect {
    const BufferImpl* src = nullptr;
    BufferImpl* dst = nullptr;
    RectCopy copy;
};

// A kernel launch whose argument values were copied at capture, as CUDA graph nodes copy them:
// each value argument's `value` points into `values`, which the launch owns (copies and moves
// keep them pointing into their own copy).
class RTCG_API CapturedLaunch {
public:
    // Copies the bytes of every value argument of `args`.
    CapturedLaunch(KernelImpl& kernel, const LaunchConfig& config, std::span<const KernelArgument> args);
    CapturedLaunch(const CapturedLaunch& other);
    CapturedLaunch& operator=(const CapturedLaunch& other);
    CapturedLaunch(CapturedLaunch&&) noexcept = default;
    CapturedLaunch& operator=(CapturedLaunch&&) noexcept = default;
    ~CapturedLaunch() = default;

    KernelImpl& kernel() const noexcept { return *kernel_; }
    const LaunchConfig& config() const noexcept { return config_; }
    std::span<const KernelArgument> args() const noexcept { return args_; }

private:
    // Points the value arguments of args_ into values_, where `old_values` held them before.
    void repoint(const std::byte* old_values) noexcept;

    KernelImpl* kernel_;
    LaunchConfig config_;
    std::vector<KernelArgument> args_;
    std::vector<std::byte> values_;
};

using CapturedCommand = std::variant<CapturedWrite, CapturedRead, CapturedCopy, CapturedFill, CapturedWriteRect,
                                     CapturedReadRect, CapturedCopyRect, CapturedLaunch>;

// Queues each command on `queue` in order through the QueueImpl calls (write, read, copy, fill,
// launch, the rect copies), none blocking. What a graph without a native form does at each
// replay, and how a backend that captures a stream (CUDA) records a graph.
RTCG_API void enqueue_commands(QueueImpl& queue, std::span<const CapturedCommand> commands);

} // namespace rtcg::plugin
