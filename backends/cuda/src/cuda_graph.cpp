#include "cuda_graph.hpp"

#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/graph.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <string>
#include <utility>
#include <variant>

namespace rtcg::cuda {
namespace {

class CudaGraph final : public plugin::GraphImpl {
public:
    CudaGraph(const CudaContext& context, CUgraph graph, CUgraphExec exec) noexcept
        : context_(context), graph_(graph), exec_(exec) {}
    CudaGraph(const CudaGraph&) = delete;
    CudaGraph& operator=(const CudaGraph&) = delete;
    // A graph still running is freed by the driver once it completes.
    ~CudaGraph() override {
        if (!context_.make_current_or_warn()) return;
        succeeded_or_warn(context_.api().cuGraphExecDestroy(exec_), "cuGraphExecDestroy");
        succeeded_or_warn(context_.api().cuGraphDestroy(graph_), "cuGraphDestroy");
    }

    // Any stream of the context runs it; launches of one graph are ordered by the driver.
    bool launch(plugin::QueueImpl& queue) override {
        context_.make_current();
        check(context_.api().cuGraphLaunch(exec_, reinterpret_cast<CUstream>(queue.native_handle())), "cuGraphLaunch");
        return true;
    }

    std::string_view kind() const noexcept override { return "cuda graph"; }

private:
    const CudaContext& context_;
    CUgraph graph_;
    CUgraphExec exec_;
};

// Whether a captured copy can use `host`: page-locked (or managed) memory. Pageable memory needs
// the driver to stage each copy through a buffer of its own, which a stream capture refuses.
bool is_pinned(const DriverApi& api, const void* host) noexcept {
    CUmemorytype type{};
    const CUresult result = api.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                                      reinterpret_cast<CUdeviceptr>(host));
    return result == CUDA_SUCCESS && (type == CU_MEMORYTYPE_HOST || type == CU_MEMORYTYPE_UNIFIED);
}

// Whether every host transfer among `commands` uses memory a CUDA graph can hold.
bool host_memory_is_pinned(const DriverApi& api, std::span<const plugin::CapturedCommand> commands) noexcept {
    for (const plugin::CapturedCommand& command : commands) {
        const void* host = nullptr;
        if (const auto* write = std::get_if<plugin::CapturedWrite>(&command)) host = write->src;
        if (const auto* read = std::get_if<plugin::CapturedRead>(&command)) host = read->dst;
        if (const auto* write = std::get_if<plugin::CapturedWriteRect>(&command)) host = write->src;
        if (const auto* read = std::get_if<plugin::CapturedReadRect>(&command)) host = read->dst;
        if (host && !is_pinned(api, host)) return false;
    }
    return true;
}

bool is_capture_error(CUresult result) noexcept {
    return result >= CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED && result <= CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD;
}

[[noreturn]] void throw_capture_error(CUresult result, const std::string& call, const std::string& why) {
    throw CaptureError("the CUDA driver refused the captured work (" + why +
                           "); on CUDA, host transfers in a graph may need pinned host memory (PinnedHostBuffer)",
                       call, result, driver_error_name(result));
}

// Ends the capture on `stream` after a failure, so that the stream runs work again, and drops
// whatever graph the driver made of it.
void abandon_capture(const DriverApi& api, CUstream stream) noexcept {
    CUgraph partial = nullptr;
    if (succeeded_or_warn(api.cuStreamEndCapture(stream, &partial), "cuStreamEndCapture") && partial)
        succeeded_or_warn(api.cuGraphDestroy(partial), "cuGraphDestroy");
}

} // namespace

std::unique_ptr<plugin::GraphImpl> capture_graph(const CudaContext& context, CUstream stream, plugin::QueueImpl& queue,
                                                 std::span<const plugin::CapturedCommand> commands) {
    const DriverApi& api = context.api();
    context.make_current();
    if (stream == nullptr || stream == CU_STREAM_LEGACY) {
        plugin::logger().debug("the legacy default stream cannot capture; the graph re-enqueues its commands");
        return nullptr;
    }
    if (!host_memory_is_pinned(api, commands)) {
        plugin::logger().debug("a host transfer of the graph uses pageable memory, which a CUDA graph cannot copy; "
                               "the graph re-enqueues its commands (use PinnedHostBuffer memory for a CUDA graph)");
        return nullptr;
    }
    // Thread-local mode: the capture spans only the plug-in's own queueing calls below, on this
    // thread, so no other thread's allocations or synchronisations are prohibited by it (as the
    // global mode would) and none of them can invalidate it; and an unsafe call on this thread
    // (one that would not be replayed) fails at once instead of being silently left out of the
    // graph, as the relaxed mode would allow.
    const CUresult began = api.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
    if (began == CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED || began == CUDA_ERROR_STREAM_CAPTURE_IMPLICIT) {
        plugin::logger().debug("this stream cannot capture ({}); the graph re-enqueues its commands",
                               driver_error_name(began));
        return nullptr;
    }
    check(began, "cuStreamBeginCapture");
    try {
        plugin::enqueue_commands(queue, commands);
    } catch (const BackendError& error) {
        abandon_capture(api, stream);
        if (error.code() && is_capture_error(static_cast<CUresult>(*error.code())))
            throw_capture_error(static_cast<CUresult>(*error.code()), error.where(), error.why());
        throw;
    } catch (...) {
        abandon_capture(api, stream);
        throw;
    }
    CUgraph graph = nullptr;
    const CUresult ended = api.cuStreamEndCapture(stream, &graph);
    if (is_capture_error(ended)) throw_capture_error(ended, "cuStreamEndCapture", driver_error_description(ended));
    check(ended, "cuStreamEndCapture");
    CUgraphExec exec = nullptr;
    const CUresult instantiated = api.cuGraphInstantiateWithFlags(&exec, graph, 0);
    if (instantiated != CUDA_SUCCESS) {
        succeeded_or_warn(api.cuGraphDestroy(graph), "cuGraphDestroy");
        throw_driver_error(instantiated, "cuGraphInstantiateWithFlags");
    }
    try {
        return std::make_unique<CudaGraph>(context, graph, exec);
    } catch (...) {
        succeeded_or_warn(api.cuGraphExecDestroy(exec), "cuGraphExecDestroy");
        succeeded_or_warn(api.cuGraphDestroy(graph), "cuGraphDestroy");
        throw;
    }
}

} // namespace rtcg::cuda
