#include "command_buffer_graph.hpp"

#include "handles.hpp"
#include "opencl_buffer.hpp"
#include "opencl_kernel.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <optional>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace rtcg::opencl {
namespace {

cl_mem memory_of(const plugin::BufferImpl* buffer) noexcept {
    return static_cast<const OpenclBuffer*>(buffer)->handle();
}

// Owns one command buffer.
class CommandBuffer {
public:
    CommandBuffer(std::shared_ptr<const CommandBufferApi> api, cl_command_buffer_khr buffer) noexcept
        : api_(std::move(api)), buffer_(buffer) {}
    CommandBuffer(const CommandBuffer&) = delete;
    CommandBuffer& operator=(const CommandBuffer&) = delete;
    ~CommandBuffer() { warn_on_failure(api_->release(buffer_), "clReleaseCommandBufferKHR"); }

    const CommandBufferApi& api() const noexcept { return *api_; }
    cl_command_buffer_khr get() const noexcept { return buffer_; }

private:
    std::shared_ptr<const CommandBufferApi> api_;
    cl_command_buffer_khr buffer_;
};

class CommandBufferGraph final : public plugin::GraphImpl {
public:
    // `chain`: the launch chain of the recorded kernels' context, which a replay joins as one
    // launch (its commands run one after another), or null.
    CommandBufferGraph(cl_command_queue queue, std::unique_ptr<CommandBuffer> buffer, std::vector<MemHandle> views,
                       std::shared_ptr<LaunchChain> chain)
        : queue_(retained(queue)), views_(std::move(views)), buffer_(std::move(buffer)), chain_(std::move(chain)) {}

    bool launch(plugin::QueueImpl& queue) override {
        // A command buffer runs on the queue it was recorded for (without the multi-device
        // extension); once queued it is pending until done, and where the device cannot run it
        // twice at once, a replay meanwhile goes command by command.
        if (reinterpret_cast<cl_command_queue>(queue.native_handle()) != queue_.get()) return false;
        const CommandBufferApi& api = buffer_->api();
        if (!api.simultaneous_use()) {
            cl_command_buffer_state_khr state = 0;
            check(api.state(buffer_->get(), state), "clGetCommandBufferInfoKHR");
            if (state == CL_COMMAND_BUFFER_STATE_PENDING_KHR) return false;
        }
        const auto enqueue = [&](cl_uint wait_count, const cl_event* wait_list, cl_event* done) {
            return api.enqueue(buffer_->get(), wait_count, wait_list, done);
        };
        check(chain_ ? chain_->enqueue(enqueue) : enqueue(0, nullptr, nullptr), "clEnqueueCommandBufferKHR");
        return true;
    }

    std::string_view kind() const noexcept override { return "cl_khr_command_buffer"; }

private:
    // A reference of our own: the graph outlives the rtcg queue it was captured on.
    static QueueHandle retained(cl_command_queue queue) {
        check(clRetainCommandQueue(queue), "clRetainCommandQueue");
        return QueueHandle(queue);
    }

    QueueHandle queue_;
    std::vector<MemHandle> views_;          // BufferView sub-buffers the recorded launches use
    std::unique_ptr<CommandBuffer> buffer_; // released first, before what it uses
    std::shared_ptr<LaunchChain> chain_;
};

using Triple = std::array<std::size_t, 3>;

// Records each command after the one before; returns the driver's status and the call.
class Recorder {
public:
    Recorder(const CommandBufferApi& api, cl_command_buffer_khr buffer, std::vector<MemHandle>& views) noexcept
        : api_(api), buffer_(buffer), views_(views) {}

    void operator()(const plugin::CapturedCopy& copy) {
        note(api_.copy(buffer_, memory_of(copy.src), memory_of(copy.dst), copy.src_offset, copy.dst_offset, copy.bytes,
                       after(), &done_),
             "clCommandCopyBufferKHR");
    }
    void operator()(const plugin::CapturedFill& fill) {
        note(api_.fill(buffer_, memory_of(fill.dst), fill.pattern.data(), fill.pattern_size, fill.offset, fill.bytes,
                       after(), &done_),
             "clCommandFillBufferKHR");
    }
    void operator()(const plugin::CapturedCopyRect& copy) {
        const RectCopy& rect = copy.copy;
        note(api_.copy_rect(buffer_, memory_of(copy.src), memory_of(copy.dst),
                            Triple{rect.src.x_bytes, rect.src.y, rect.src.z},
                            Triple{rect.dst.x_bytes, rect.dst.y, rect.dst.z},
                            Triple{rect.region.width_bytes, rect.region.height, rect.region.depth}, rect.src.row_pitch,
                            rect.src.slice_pitch, rect.dst.row_pitch, rect.dst.slice_pitch, after(), &done_),
             "clCommandCopyBufferRectKHR");
    }
    void operator()(const plugin::CapturedLaunch& launch) {
        // Throws, like a launch on a queue, where the driver refuses the arguments or the geometry.
        static_cast<OpenclKernel&>(launch.kernel())
            .record(api_, buffer_, launch.config(), launch.args(), views_, after(), &done_);
        advance();
    }
    template <class HostTransfer>
    void operator()(const HostTransfer&) {
        failed_call_ = "a host transfer"; // record_command_buffer never passes one
    }

    // The call that failed, or null.
    const char* failed_call() const noexcept { return failed_call_; }
    cl_int status() const noexcept { return status_; }

private:
    const cl_sync_point_khr* after() const noexcept { return first_ ? nullptr : &previous_; }
    void advance() noexcept {
        previous_ = done_;
        first_ = false;
    }
    void note(cl_int status, const char* call) noexcept {
        if (status != CL_SUCCESS && !failed_call_) {
            status_ = status;
            failed_call_ = call;
        }
        advance();
    }

    const CommandBufferApi& api_;
    cl_command_buffer_khr buffer_;
    std::vector<MemHandle>& views_;
    cl_sync_point_khr previous_ = 0; // of the command recorded last
    cl_sync_point_khr done_ = 0;     // of the command being recorded
    bool first_ = true;
    const char* failed_call_ = nullptr;
    cl_int status_ = CL_SUCCESS;
};

// The launch chain of the context the commands' kernels belong to (each of its kernels holds the
// same one), or null where they launch none or the device needs none.
std::shared_ptr<LaunchChain> chain_of(std::span<const plugin::CapturedCommand> commands) {
    for (const plugin::CapturedCommand& command : commands)
        if (const auto* launch = std::get_if<plugin::CapturedLaunch>(&command))
            return static_cast<const OpenclKernel&>(launch->kernel()).chain();
    return nullptr;
}

bool fits_command_buffer(std::span<const plugin::CapturedCommand> commands) {
    for (const plugin::CapturedCommand& command : commands)
        if (!std::holds_alternative<plugin::CapturedCopy>(command) &&
            !std::holds_alternative<plugin::CapturedFill>(command) &&
            !std::holds_alternative<plugin::CapturedCopyRect>(command) &&
            !std::holds_alternative<plugin::CapturedLaunch>(command))
            return false;
    return true;
}

} // namespace

std::unique_ptr<plugin::GraphImpl> record_command_buffer(std::shared_ptr<const CommandBufferApi> api,
                                                         cl_command_queue queue,
                                                         std::span<const plugin::CapturedCommand> commands) {
    if (!fits_command_buffer(commands)) return nullptr;
    cl_command_queue_properties properties = 0;
    check(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, nullptr),
          "clGetCommandQueueInfo");
    if ((properties & api->required_queue_properties()) != api->required_queue_properties()) return nullptr;

    cl_int status = CL_SUCCESS;
    const cl_command_buffer_khr made = api->create(queue, status);
    if (status != CL_SUCCESS) {
        plugin::logger().debug("clCreateCommandBufferKHR failed ({}); the graph re-enqueues its commands",
                               error_name(status));
        return nullptr;
    }
    auto buffer = std::make_unique<CommandBuffer>(api, made);
    std::vector<MemHandle> views;
    Recorder recorder(*api, buffer->get(), views);
    for (const plugin::CapturedCommand& command : commands) std::visit(recorder, command);
    const char* failed = recorder.failed_call();
    status = recorder.status();
    if (!failed) {
        status = api->finalize(buffer->get());
        if (status != CL_SUCCESS) failed = "clFinalizeCommandBufferKHR";
    }
    if (failed) {
        plugin::logger().warn("{} failed ({}) while recording a graph into a command buffer; the graph re-enqueues "
                              "its commands instead",
                              failed, error_name(status));
        return nullptr;
    }
    return std::make_unique<CommandBufferGraph>(queue, std::move(buffer), std::move(views), chain_of(commands));
}

} // namespace rtcg::opencl
