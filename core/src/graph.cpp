// Queue capture (begin_capture, end_capture) and Graph replay; what each captured operation
// records is in queue.cpp, queue_rect.cpp and kernel.cpp.
#include "capture_state.hpp"
#include "context_state.hpp"
#include "environment.hpp"
#include "queue_checks.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/graph.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/core/queue.hpp>

#include <string>
#include <utility>

namespace rtcg {

namespace detail {

void KeepAlive::hold(std::shared_ptr<const void> owner) {
    if (!owner || !held_.insert(owner.get()).second) return;
    owners_.push_back(std::move(owner));
}

void KeepAlive::hold_buffer(const plugin::BufferImpl* impl) {
    if (impl) hold(impl->shared_from_this());
}

void KeepAlive::hold_all(const KeepAlive& other) {
    for (const auto& owner : other.owners_) hold(owner);
}

void refuse_while_capturing(const Queue& queue, const char* operation, const char* why) {
    if (!queue.is_capturing()) return;
    throw CaptureError(std::string(operation) + " cannot run while queue #" + std::to_string(queue.id()) +
                           " is capturing: " + why + "; end the capture first",
                       operation);
}

} // namespace detail

namespace {

constexpr const char* reenqueue_variable = "RTCG_GRAPH_REENQUEUE";

std::string describe_queue(const Queue& queue) { return "queue #" + std::to_string(queue.id()); }

} // namespace

void Queue::begin_capture() {
    constexpr const char* where = "Queue::begin_capture";
    detail::check_queue(where, impl_.get());
    if (capture_)
        throw CaptureError(describe_queue(*this) + " is capturing already; end that capture before beginning another",
                           where);
    if (impl_->out_of_order())
        throw CaptureError(describe_queue(*this) + " runs its work out of order; a graph records work in order: "
                           "capture on an in-order queue",
                           where);
    capture_ = std::make_unique<detail::CaptureState>();
}

Graph Queue::end_capture(GraphReplay replay) {
    constexpr const char* where = "Queue::end_capture";
    detail::check_queue(where, impl_.get());
    if (!capture_) throw CaptureError(describe_queue(*this) + " is not capturing: begin_capture first", where);
    // The capture ends here, also where building the graph fails below.
    const std::unique_ptr<detail::CaptureState> capture = std::move(capture_);
    auto state = std::make_unique<detail::GraphState>();
    state->context = context_;
    state->keep_alive = std::move(capture->keep_alive);
    state->commands = std::move(capture->commands);
    if (replay == GraphReplay::native && !state->commands.empty() && !detail::env_flag(reenqueue_variable))
        state->native = impl_->build_graph(state->commands);
    Graph graph(std::move(state));
    plugin::logger().debug("{} captured a graph of {} commands, replayed by {}", describe_queue(*this), graph.size(),
                           graph.native());
    return graph;
}

void Queue::abandon_capture() noexcept { capture_.reset(); }

Graph::Graph() noexcept = default;
Graph::~Graph() = default;
Graph::Graph(Graph&&) noexcept = default;
Graph& Graph::operator=(Graph&&) noexcept = default;
Graph::Graph(std::unique_ptr<detail::GraphState> state) noexcept : state_(std::move(state)) {}

void Graph::launch(Queue& queue) {
    constexpr const char* where = "Graph::launch";
    if (!state_) throw InvalidArgument("the graph is empty (default-constructed or moved from)", where);
    detail::check_queue(where, queue.impl());
    if (queue.context_state() != state_->context.get())
        throw InvalidArgument("the graph was captured in another context than " + describe_queue(queue) + "'s", where);
    if (queue.capture_) {
        // Copied first, so that a failure leaves the capture as it was.
        std::vector<plugin::CapturedCommand> appended(state_->commands);
        detail::KeepAlive& keep_alive = queue.capture_->keep_alive;
        keep_alive.hold_all(state_->keep_alive);
        auto& commands = queue.capture_->commands;
        commands.insert(commands.end(), std::make_move_iterator(appended.begin()),
                        std::make_move_iterator(appended.end()));
        return;
    }
    if (state_->native && state_->native->launch(*queue.impl())) return;
    plugin::enqueue_commands(*queue.impl(), state_->commands);
}

std::string_view Graph::native() const noexcept {
    return state_ && state_->native ? state_->native->kind() : std::string_view("re-enqueue");
}

std::size_t Graph::size() const noexcept { return state_ ? state_->commands.size() : 0; }

CaptureScope::CaptureScope(Queue& queue) : queue_(&queue) { queue.begin_capture(); }

CaptureScope::~CaptureScope() {
    if (queue_) queue_->abandon_capture();
}

Graph CaptureScope::end(GraphReplay replay) {
    constexpr const char* where = "CaptureScope::end";
    if (!queue_) throw CaptureError("the capture has ended already", where);
    return std::exchange(queue_, nullptr)->end_capture(replay);
}

} // namespace rtcg
