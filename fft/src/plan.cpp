#include <rtcg/fft/plan.hpp>

#include "axis_plan.hpp"
#include "batch_layout.hpp"
#include "normalization.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace rtcg::detail::fft {

double axis_scale(std::size_t n, rtcg::fft::Direction direction, rtcg::fft::Norm norm) {
    using rtcg::fft::Direction, rtcg::fft::Norm;
    const long double points = static_cast<long double>(n);
    switch (norm) {
    case Norm::backward: return direction == Direction::inverse ? static_cast<double>(1 / points) : 1.0;
    case Norm::ortho: return static_cast<double>(1 / std::sqrt(points));
    case Norm::forward: return direction == Direction::forward ? static_cast<double>(1 / points) : 1.0;
    }
    return 1.0;
}

} // namespace rtcg::detail::fft

namespace rtcg::fft {

using detail::fft::axis_scale;
using detail::fft::AxisPlan;
using detail::fft::BatchLayout;

struct Plan::State {
    Context context;
    std::vector<std::size_t> shape;
    std::vector<std::size_t> axes;
    codegen::DType dtype;
    Direction direction;
    Norm norm;
    std::vector<std::shared_ptr<const AxisPlan>> axis_plans; // one per axis, shared by equal lengths
    std::vector<double> scales;                              // the normalisation, axis by axis
};

const char* to_string(Direction direction) noexcept {
    return direction == Direction::forward ? "forward" : "inverse";
}

const char* to_string(Norm norm) noexcept {
    switch (norm) {
    case Norm::backward: return "backward";
    case Norm::ortho: return "ortho";
    case Norm::forward: return "forward";
    }
    return "unknown";
}


Plan::Plan(const Context& context, std::vector<std::size_t> shape, std::vector<std::int64_t> axes,
           const codegen::DType& dtype, Direction direction, Norm norm, Tuning tuning) {
    constexpr std::string_view where = "fft::Plan";
    if (dtype != codegen::DType::complex64() && dtype != codegen::DType::complex128())
        throw InvalidArgument("a complex-to-complex transform takes complex64 or complex128 arrays, not " +
                                  std::string(dtype.name()),
                              std::string(where));
    detail::checked_element_count(where, shape, dtype);
    auto state = std::make_shared<State>(State{context, shape, {}, dtype, direction, norm, {}, {}});
    if (axes.empty())
        for (std::size_t axis = 0; axis < shape.size(); ++axis) state->axes.push_back(axis);
    for (const std::int64_t axis : axes) {
        const std::size_t normalized = detail::checked_axis(where, axis, shape.size());
        if (std::find(state->axes.begin(), state->axes.end(), normalized) != state->axes.end())
            throw InvalidArgument("axis " + std::to_string(axis) + " is named twice among the axes to transform",
                                  std::string(where));
        state->axes.push_back(normalized);
    }
    if (state->axes.empty())
        throw InvalidArgument("an array of shape " + detail::shape_text(shape) + " has no axis to transform",
                              std::string(where));
    for (const std::size_t axis : state->axes) {
        const std::size_t n = shape[axis];
        if (n == 0)
            throw InvalidArgument("axis " + std::to_string(axis) + " of shape " + detail::shape_text(shape) +
                                      " has no points: a transform of size 0 is undefined",
                                  std::string(where));
        // An axis before the last is strided (its transforms' neighbours in the batch are adjacent).
        bool strided = false;
        for (std::size_t after = axis + 1; after < shape.size(); ++after) strided = strided || shape[after] > 1;
        std::shared_ptr<const AxisPlan> plan;
        for (std::size_t k = 0; k < state->axis_plans.size(); ++k)
            if (shape[state->axes[k]] == n && state->axis_plans[k]->strided() == strided) plan = state->axis_plans[k];
        if (!plan)
            plan = std::make_shared<const AxisPlan>(context, n, dtype, strided, direction, detail::fft::RealStep::none,
                                                    tuning);
        state->axis_plans.push_back(std::move(plan));
        state->scales.push_back(axis_scale(n, direction, norm));
    }
    state_ = std::move(state);
}

void Plan::execute_data(const detail::ArrayData& in, const detail::ArrayData& out) const {
    const State& plan = *state_;
    constexpr const char* where = "fft::Plan::execute";
    for (const auto& [array, name] : {std::pair{&in, "input"}, std::pair{&out, "output"}}) {
        if (array->dtype() != plan.dtype)
            throw InvalidArgument("the " + std::string(name) + " is " + std::string(array->dtype().name()) +
                                      ", the plan's arrays " + std::string(plan.dtype.name()),
                                  std::string(where));
        if (array->shape() != plan.shape)
            throw InvalidArgument("the " + std::string(name) + " has shape " + detail::shape_text(array->shape()) +
                                      ", the plan's arrays " + detail::shape_text(plan.shape),
                                  std::string(where));
        if (!(array->context() == plan.context))
            throw InvalidArgument("the " + std::string(name) + " belongs to another context than the plan",
                                  std::string(where));
    }
    detail::fft::check_not_broadcast(out, where);
    if (in.size() == 0) return;

    Queue& queue = detail::current_queue(plan.context);
    // The output, or a contiguous stand-in where an axis's batch does not collapse into its layout.
    bool direct = true;
    for (const std::size_t axis : plan.axes) direct = direct && detail::fft::batch_layout(out, axis).has_value();
    const std::optional<detail::ArrayData> staged =
        direct ? std::nullopt : std::optional<detail::ArrayData>(detail::ArrayData(plan.context, plan.dtype, plan.shape));
    const detail::ArrayData& target = staged ? *staged : out;
    // An input that shares the output's storage in another layout, or whose layout does not
    // collapse, is read from a contiguous copy.
    const bool same_layout = &in.buffer() == &target.buffer() && in.offset() == target.offset() &&
                             in.strides() == target.strides();
    const bool copy_input = (&in.buffer() == &target.buffer() && !same_layout) ||
                            !detail::fft::batch_layout(in, plan.axes.front()).has_value();
    const detail::ArrayData source = copy_input ? detail::ArrayData(plan.context, plan.dtype, plan.shape) : in;
    if (copy_input) detail::copy_elements(source, in);

    for (std::size_t k = 0; k < plan.axes.size(); ++k) {
        const std::size_t axis = plan.axes[k];
        const detail::ArrayData& from = k == 0 ? source : target;
        const detail::fft::AxisBatch from_layout = *detail::fft::batch_layout(from, axis);
        const detail::fft::AxisBatch to_layout = *detail::fft::batch_layout(target, axis);
        plan.axis_plans[k]->execute(queue, from_layout.layout, to_layout.layout, to_layout.batch, plan.scales[k]);
    }
    if (staged) detail::copy_elements(out, *staged);
}

const std::vector<std::size_t>& Plan::shape() const noexcept { return state_->shape; }
const std::vector<std::size_t>& Plan::axes() const noexcept { return state_->axes; }
const codegen::DType& Plan::dtype() const noexcept { return state_->dtype; }
Direction Plan::direction() const noexcept { return state_->direction; }
Norm Plan::norm() const noexcept { return state_->norm; }

bool Plan::uses_bluestein(std::size_t axis) const {
    if (axis >= state_->axis_plans.size())
        throw InvalidArgument("the plan transforms " + std::to_string(state_->axis_plans.size()) + " axes, not " +
                                  std::to_string(axis + 1),
                              "fft::Plan::uses_bluestein");
    return state_->axis_plans[axis]->uses_bluestein();
}

std::vector<std::string> Plan::sources() const {
    std::vector<std::string> texts;
    for (const auto& plan : state_->axis_plans)
        for (std::string& text : plan->sources())
            if (std::find(texts.begin(), texts.end(), text) == texts.end()) texts.push_back(std::move(text));
    return texts;
}

} // namespace rtcg::fft
