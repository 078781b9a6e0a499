#pragma once
// What a capturing queue records (rtcg/core/graph.hpp), and what a finished capture becomes.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <initializer_list>
#include <memory>
#include <unordered_set>
#include <vector>

namespace rtcg::detail {

// The objects a graph's commands reach through raw pointers, each held once.
class KeepAlive {
public:
    void hold(std::shared_ptr<const void> owner);
    // The buffer `impl` of a Buffer or a kernel argument; nothing for null (a zero-byte buffer).
    void hold_buffer(const plugin::BufferImpl* impl);
    void hold_all(const KeepAlive& other);

private:
    std::vector<std::shared_ptr<const void>> owners_;
    std::unordered_set<const void*> held_;
};

class CaptureState {
public:
    // Holds `buffers` (null ones skipped), then appends `command`, which reaches them.
    void record(std::initializer_list<const plugin::BufferImpl*> buffers, plugin::CapturedCommand command) {
        for (const plugin::BufferImpl* buffer : buffers) keep_alive.hold_buffer(buffer);
        commands.push_back(std::move(command));
    }

    std::vector<plugin::CapturedCommand> commands;
    KeepAlive keep_alive;
};

// A finished capture. Members go in reverse order: the native graph before the commands it was
// built of, the commands before the objects they point at, those before their context.
struct GraphState {
    std::shared_ptr<ContextState> context;
    KeepAlive keep_alive;
    std::vector<plugin::CapturedCommand> commands;
    std::unique_ptr<plugin::GraphImpl> native;
};

// CaptureError naming `operation` and the queue where `queue` captures: `why` says what the
// operation would need ("waits for the host").
void refuse_while_capturing(const Queue& queue, const char* operation, const char* why);

} // namespace rtcg::detail
