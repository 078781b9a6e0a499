#include "context_state.hpp"
#include "object_factory.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/interop.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <exception>
#include <string>
#include <utility>

namespace rtcg {
namespace {

// Where an imported buffer's memory goes when rtcg is done with it: rtcg's wrapper goes (it frees
// nothing of the memory), then the caller's callback runs.
class ForeignRelease final : public detail::BufferRecycler {
public:
    explicit ForeignRelease(ReleaseCallback callback) noexcept : callback_(std::move(callback)) {}

    void recycle(std::unique_ptr<plugin::BufferImpl> block) noexcept override {
        block.reset();
        if (!callback_) return;
        try {
            std::exchange(callback_, nullptr)();
        } catch (const std::exception& error) {
            plugin::logger().warn("the release callback of an imported buffer threw: {}", error.what());
        } catch (...) {
            plugin::logger().warn("the release callback of an imported buffer threw");
        }
    }

private:
    ReleaseCallback callback_;
};

void check_backend(const detail::ContextState& context, std::string_view expected, const char* what,
                   const char* where) {
    const std::string_view actual = context.backend.name();
    if (actual != expected)
        throw BackendMismatch(std::string(what) + " belongs to a " + std::string(actual) + " context (" +
                                  context.description.selector + "), not to a " + std::string(expected) +
                                  " one: it has no " + std::string(expected) + " handle",
                              where);
}

const detail::ContextState& live_context(const detail::ContextState* context, const char* what, const char* where) {
    if (!context) throw InvalidArgument(std::string(what) + " is empty (released or moved from)", where);
    return *context;
}

} // namespace

namespace interop {

std::string_view backend_of(const Context& context) noexcept { return context.state()->backend.name(); }

NativeHandle native_buffer(const Buffer& buffer, std::string_view backend) {
    constexpr const char* where = "interop::native_buffer";
    check_backend(live_context(buffer.context_state(), "the buffer", where), backend, "the buffer", where);
    if (!buffer.impl())
        throw InvalidArgument("the buffer has 0 bytes and so no device memory to hand out", where);
    return buffer.impl()->native_handle();
}

NativeHandle native_queue(const Queue& queue, std::string_view backend) {
    constexpr const char* where = "interop::native_queue";
    check_backend(live_context(queue.context_state(), "the queue", where), backend, "the queue", where);
    return queue.impl()->native_handle();
}

NativeContextHandles native_context(const Context& context, std::string_view backend) {
    check_backend(*context.state(), backend, "the context", "interop::native_context");
    return context.state()->impl->native_handles();
}

Buffer import_buffer(const Context& context, std::string_view backend, NativeHandle memory, std::size_t bytes,
                     ReleaseCallback on_release) {
    constexpr const char* where = "interop::import_buffer";
    const auto& state = context.state();
    check_backend(*state, backend, "the context", where);
    if (memory == 0) throw InvalidArgument("the memory handle is null", where);
    if (bytes == 0) throw InvalidArgument("an imported buffer must have at least one byte", where);
    // The callback is taken over only once the backend has accepted the memory: when it throws,
    // the memory is the caller's alone.
    auto impl = state->impl->import_buffer(memory, bytes);
    return detail::Interop::buffer(state, std::move(impl), bytes,
                                   std::make_shared<ForeignRelease>(std::move(on_release)));
}

Queue import_queue(const Context& context, std::string_view backend, NativeHandle queue) {
    constexpr const char* where = "interop::import_queue";
    const auto& state = context.state();
    check_backend(*state, backend, "the context", where);
    return detail::Interop::queue(state, state->impl->import_queue(queue));
}

} // namespace interop
} // namespace rtcg
