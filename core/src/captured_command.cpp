#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/plugin/captured_command.hpp>

#include <cstring>
#include <type_traits>

namespace rtcg::plugin {

CapturedLaunch::CapturedLaunch(KernelImpl& kernel, const LaunchConfig& config, std::span<const KernelArgument> args)
    : kernel_(&kernel), config_(config), args_(args.begin(), args.end()) {
    std::size_t total = 0;
    for (const KernelArgument& argument : args_) total += argument.value ? argument.size : 0;
    values_.resize(total);
    std::size_t at = 0;
    for (KernelArgument& argument : args_) {
        if (!argument.value) continue;
        std::memcpy(values_.data() + at, argument.value, argument.size);
        argument.value = values_.data() + at;
        at += argument.size;
    }
}

CapturedLaunch::CapturedLaunch(const CapturedLaunch& other)
    : kernel_(other.kernel_), config_(other.config_), args_(other.args_), values_(other.values_) {
    repoint(other.values_.data());
}

CapturedLaunch& CapturedLaunch::operator=(const CapturedLaunch& other) {
    if (this != &other) *this = CapturedLaunch(other);
    return *this;
}

void CapturedLaunch::repoint(const std::byte* old_values) noexcept {
    for (KernelArgument& argument : args_)
        if (argument.value)
            argument.value = values_.data() + (static_cast<const std::byte*>(argument.value) - old_values);
}

namespace {

// Queues one command; host transfers never block (graph.hpp's rule).
class Enqueuer {
public:
    explicit Enqueuer(QueueImpl& queue) noexcept : queue_(queue) {}

    void operator()(const CapturedWrite& write) const {
        queue_.write(*write.dst, write.dst_offset, write.src, write.bytes, false);
    }
    void operator()(const CapturedRead& read) const {
        queue_.read(*read.src, read.src_offset, read.dst, read.bytes, false);
    }
    void operator()(const CapturedCopy& copy) const {
        queue_.copy(*copy.src, copy.src_offset, *copy.dst, copy.dst_offset, copy.bytes);
    }
    void operator()(const CapturedFill& fill) const {
        queue_.fill(*fill.dst, fill.offset, fill.bytes, fill.pattern.data(), fill.pattern_size);
    }
    void operator()(const CapturedWriteRect& write) const {
        queue_.write_rect(*write.dst, write.src, write.copy, false);
    }
    void operator()(const CapturedReadRect& read) const { queue_.read_rect(*read.src, read.dst, read.copy, false); }
    void operator()(const CapturedCopyRect& copy) const { queue_.copy_rect(*copy.src, *copy.dst, copy.copy); }
    void operator()(const CapturedLaunch& launch) const {
        queue_.launch(launch.kernel(), launch.config(), launch.args());
    }

private:
    QueueImpl& queue_;
};

} // namespace

void enqueue_commands(QueueImpl& queue, std::span<const CapturedCommand> commands) {
    const Enqueuer enqueue(queue);
    for (const CapturedCommand& command : commands) std::visit(enqueue, command);
}

} // namespace rtcg::plugin
