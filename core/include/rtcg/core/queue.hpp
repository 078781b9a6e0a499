#pragma once
// A queue of device work: a CUDA stream or an OpenCL command queue. Work on one queue runs in
// order; use one queue per host thread. Reads and writes block by default (the host memory is
// free to reuse on return); Transfer::async returns at once and the host memory must stay valid
// until the queue has finished it. Copies, fills and launches are always asynchronous.
//
// Offsets and sizes are in bytes; every range is checked against the buffer's size.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>

namespace rtcg {

enum class Transfer { blocking, async };

class RTCG_API Queue {
public:
    Queue() noexcept;
    ~Queue();
    Queue(Queue&&) noexcept;
    Queue& operator=(Queue&&) noexcept;

    void write(Buffer& dst, const void* src, std::size_t bytes, std::size_t dst_offset = 0,
               Transfer mode = Transfer::blocking);
    void read(const Buffer& src, void* dst, std::size_t bytes, std::size_t src_offset = 0,
              Transfer mode = Transfer::blocking);
    void copy(const Buffer& src, Buffer& dst, std::size_t bytes, std::size_t src_offset = 0,
              std::size_t dst_offset = 0);
    // Repeats `pattern` (1, 2, 4 or 8 bytes) over [offset, offset + bytes).
    void fill(Buffer& dst, const void* pattern, std::size_t pattern_size, std::size_t offset, std::size_t bytes);

    template <class T>
    void write(Buffer& dst, std::span<const T> src, std::size_t dst_offset = 0, Transfer mode = Transfer::blocking) {
        static_assert(std::is_trivially_copyable_v<T>);
        write(dst, src.data(), src.size_bytes(), dst_offset, mode);
    }
    template <class T>
    void read(const Buffer& src, std::span<T> dst, std::size_t src_offset = 0, Transfer mode = Transfer::blocking) {
        static_assert(std::is_trivially_copyable_v<T>);
        read(src, dst.data(), dst.size_bytes(), src_offset, mode);
    }
    // Fills the whole buffer with copies of `value` (whose size must divide the buffer's).
    template <class T>
    void fill(Buffer& dst, const T& value);

    Event record();
    // Later work on this queue waits until `event` (of any queue of the context) has happened.
    void wait_for(const Event& event);
    // Blocks until everything queued so far has finished.
    void finish();

    // Names this queue for the whole process: never given to another queue, even after this
    // one is gone (memory pools tag blocks with it). 0 for an empty queue.
    std::uint64_t id() const noexcept { return id_; }

    plugin::QueueImpl* impl() const noexcept { return impl_.get(); }
    const detail::ContextState* context_state() const noexcept { return context_.get(); }

private:
    friend class Context;
    friend struct detail::ContextState;
    Queue(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::QueueImpl> impl) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::unique_ptr<plugin::QueueImpl> impl_;
    std::uint64_t id_ = 0;
};

} // namespace rtcg

#include <rtcg/core/buffer.hpp>

template <class T>
void rtcg::Queue::fill(Buffer& dst, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    fill(dst, &value, sizeof(T), 0, dst.size());
}
