#include "capture_state.hpp"
#include "context_state.hpp"
#include "object_factory.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/ipc.hpp>

#include <cstdint>
#include <string>

namespace rtcg {
namespace {

constexpr const char* hex_digits = "0123456789abcdef";

std::string bytes_to_hex(const void* data, std::size_t size) {
    std::string text;
    text.reserve(2 * size);
    for (const auto* byte = static_cast<const unsigned char*>(data); size != 0; --size, ++byte) {
        text += hex_digits[*byte >> 4];
        text += hex_digits[*byte & 0xf];
    }
    return text;
}

int hex_value(char digit) noexcept {
    if (digit >= '0' && digit <= '9') return digit - '0';
    if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
    if (digit >= 'A' && digit <= 'F') return digit - 'A' + 10;
    return -1;
}

void hex_to_bytes(std::string_view text, void* data, std::size_t size, const char* where) {
    if (text.size() != 2 * size)
        throw InvalidArgument("the text has " + std::to_string(text.size()) + " characters; a handle takes " +
                                  std::to_string(2 * size) + " hex digits",
                              where);
    auto* byte = static_cast<unsigned char*>(data);
    for (std::size_t index = 0; index < size; ++index) {
        const int high = hex_value(text[2 * index]), low = hex_value(text[2 * index + 1]);
        if (high < 0 || low < 0)
            throw InvalidArgument("character " + std::to_string(high < 0 ? 2 * index : 2 * index + 1) +
                                      " of the text is no hex digit",
                                  where);
        byte[index] = static_cast<unsigned char>(high << 4 | low);
    }
}

// The state of a live object, or InvalidArgument naming `what`.
const detail::ContextState& live(const detail::ContextState* context, const char* what, const char* where) {
    if (!context) throw InvalidArgument(std::string(what) + " is empty (released or moved from)", where);
    return *context;
}

[[noreturn]] void throw_no_ipc(const detail::ContextState& context, const char* what, const char* where) {
    throw BackendMismatch(std::string(what) + " belongs to a " + std::string(context.backend.name()) + " context (" +
                              context.description.selector +
                              "), not to a cuda one: inter-process handles are CUDA IPC's, and OpenCL has no "
                              "portable way to share memory or events between processes",
                          where);
}

} // namespace

std::string IpcMemoryHandle::to_hex() const { return bytes_to_hex(this, sizeof *this); }

IpcMemoryHandle IpcMemoryHandle::from_hex(std::string_view text) {
    IpcMemoryHandle handle;
    hex_to_bytes(text, &handle, sizeof handle, "IpcMemoryHandle::from_hex");
    return handle;
}

std::string IpcEventHandle::to_hex() const { return bytes_to_hex(this, sizeof *this); }

IpcEventHandle IpcEventHandle::from_hex(std::string_view text) {
    IpcEventHandle handle;
    hex_to_bytes(text, &handle, sizeof handle, "IpcEventHandle::from_hex");
    return handle;
}

IpcMemoryHandle export_ipc(const Buffer& buffer) {
    constexpr const char* where = "export_ipc";
    const auto& context = live(buffer.context_state(), "the buffer", where);
    if (!buffer.impl()) throw InvalidArgument("the buffer has 0 bytes and so no device memory to share", where);
    auto handle = context.impl->export_ipc(*buffer.impl());
    if (!handle) throw_no_ipc(context, "the buffer", where);
    handle->size = buffer.size();
    return *handle;
}

Buffer open_ipc(const Context& context, const IpcMemoryHandle& handle) {
    constexpr const char* where = "open_ipc";
    const auto& state = context.state();
    if (handle.size == 0) throw InvalidArgument("the handle is of 0 bytes: export_ipc never makes one", where);
    if (handle.offset > SIZE_MAX - handle.size)
        throw InvalidArgument("the handle's offset " + std::to_string(handle.offset) + " and size " +
                                  std::to_string(handle.size) + " overflow the address range",
                              where);
    auto impl = state->impl->open_ipc(handle);
    if (!impl) throw_no_ipc(*state, "the context", where);
    return detail::Interop::buffer(state, std::move(impl), static_cast<std::size_t>(handle.size));
}

Event record_ipc(Queue& queue) {
    constexpr const char* where = "record_ipc";
    const auto& context = live(queue.context_state(), "the queue", where);
    detail::refuse_while_capturing(queue, where, "an event of captured work would never happen");
    auto impl = queue.impl()->record_ipc();
    if (!impl) throw_no_ipc(context, "the queue", where);
    return detail::Interop::event(std::const_pointer_cast<detail::ContextState>(context.shared_from_this()),
                                  std::move(impl));
}

IpcEventHandle export_ipc(const Event& event) {
    constexpr const char* where = "export_ipc";
    if (!event.impl()) throw InvalidArgument("the event was never recorded", where);
    auto handle = event.impl()->export_ipc();
    if (!handle) throw_no_ipc(*detail::Interop::context_of(event), "the event", where);
    return *handle;
}

Event open_ipc(const Context& context, const IpcEventHandle& handle) {
    const auto& state = context.state();
    auto impl = state->impl->open_ipc_event(handle);
    if (!impl) throw_no_ipc(*state, "the context", "open_ipc");
    return detail::Interop::event(state, std::move(impl));
}

} // namespace rtcg
