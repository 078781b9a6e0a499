#include <rtcg/fft/real_plan.hpp>

#include "axis_plan.hpp"
#include "batch_layout.hpp"
#include "normalization.hpp"
#include "pass_source.hpp"
#include "roots_of_unity.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>

#include <complex>
#include <optional>

namespace rtcg::fft {

using detail::ArrayData;
using detail::fft::AxisPlan;
using detail::fft::BatchLayout;

struct RealPlan::State {
    Context context;
    std::vector<std::size_t> shape;
    codegen::DType real, complex;
    Direction direction;
    double scale;
    std::size_t length; // n / 2
    AxisPlan half;      // of n / 2 points; it untangles or tangles itself, unless through Bluestein's
    Kernel untangle, tangle;
    Buffer table; // w^k = exp(-2 pi i k / n), k <= n / 4
};

namespace {

// w^k = exp(-2 pi i k / n), k <= n / 4.
template <class Real>
Buffer twiddles(const Context& context, std::size_t n) {
    return context.to_device(detail::fft::strided_roots<Real>(n / 4 + 1, 1, n));
}

std::int64_t signed_value(std::size_t value) { return static_cast<std::int64_t>(value); }

// Transforms one after another in `buffer` from `offset`, `distance` elements apart.
BatchLayout rows(const Buffer& buffer, std::size_t offset, std::size_t distance) {
    return BatchLayout{&buffer, signed_value(offset), 1, 1, 0, signed_value(distance)};
}

LaunchConfig covering(const Context& context, std::size_t total) {
    return LaunchConfig{Dim3{detail::fft::launch_groups(context.device(), total, 256)}, Dim3{256}, 0};
}

// The array's batch along its last axis with contiguous points, or nothing.
std::optional<detail::fft::AxisBatch> contiguous_rows(const ArrayData& array) {
    std::optional<detail::fft::AxisBatch> batch = detail::fft::batch_layout(array, array.shape().size() - 1);
    if (batch && batch->layout.stride != 1 && array.shape().back() > 1) return std::nullopt;
    return batch;
}

void check_array(const ArrayData& array, const char* name, const codegen::DType& dtype,
                 const std::vector<std::size_t>& shape, const Context& context, bool any_last) {
    constexpr const char* where = "fft::RealPlan::execute";
    if (array.dtype() != dtype)
        throw InvalidArgument("the " + std::string(name) + " is " + std::string(array.dtype().name()) + ", the plan's " +
                                  std::string(dtype.name()),
                              where);
    const bool same = any_last ? array.shape().size() == shape.size() &&
                                     std::equal(shape.begin(), shape.end() - 1, array.shape().begin()) &&
                                     array.shape().back() > 0
                               : array.shape() == shape;
    if (!same)
        throw InvalidArgument("the " + std::string(name) + " has shape " + detail::shape_text(array.shape()) +
                                  ", the plan's " + detail::shape_text(shape) +
                                  (any_last ? " (any last extent of at least 1)" : ""),
                              where);
    if (!(array.context() == context))
        throw InvalidArgument("the " + std::string(name) + " belongs to another context than the plan", where);
}

} // namespace

RealPlan::RealPlan(const Context& context, std::vector<std::size_t> shape, const codegen::DType& real,
                   Direction direction, Norm norm, Tuning tuning) {
    constexpr const char* where = "fft::RealPlan";
    if (real != codegen::DType::float32() && real != codegen::DType::float64())
        throw InvalidArgument("a real transform takes float32 or float64 arrays, not " + std::string(real.name()), where);
    if (shape.empty()) throw InvalidArgument("an array of no axes has no axis to transform", where);
    const std::size_t n = shape.back();
    if (n == 0 || n % 2 != 0)
        throw InvalidArgument("the last axis of shape " + detail::shape_text(shape) +
                                  " has an odd or zero number of points; RealPlan takes an even number (rfft and "
                                  "irfft take any)",
                              where);
    detail::checked_element_count(where, shape, real);
    const codegen::DType complex = real == codegen::DType::float32() ? codegen::DType::complex64()
                                                                     : codegen::DType::complex128();
    const Module module = context.compile(detail::fft::real_source(real), {.prelude = codegen::portable_prelude()});
    state_ = std::make_shared<const State>(State{
        context, std::move(shape), real, complex, direction, detail::fft::axis_scale(n, direction, norm), n / 2,
        AxisPlan(context, n / 2, complex, false, direction,
                 direction == Direction::forward ? detail::fft::RealStep::untangle : detail::fft::RealStep::tangle,
                 tuning),
        module.kernel("fft_real_untangle"), module.kernel("fft_real_tangle"),
        real == codegen::DType::float32() ? twiddles<float>(context, n) : twiddles<double>(context, n)});
}

std::vector<std::size_t> RealPlan::spectrum_shape() const {
    std::vector<std::size_t> shape = state_->shape;
    shape.back() = state_->length + 1;
    return shape;
}

const std::vector<std::size_t>& RealPlan::shape() const noexcept { return state_->shape; }
Direction RealPlan::direction() const noexcept { return state_->direction; }

std::vector<std::string> RealPlan::sources() const {
    std::vector<std::string> texts{detail::fft::real_source(state_->real)};
    for (std::string& text : state_->half.sources()) texts.push_back(std::move(text));
    return texts;
}

void RealPlan::execute_data(const ArrayData& in, const ArrayData& out) const {
    const State& plan = *state_;
    const bool forward = plan.direction == Direction::forward;
    const std::vector<std::size_t> spectrum = spectrum_shape();
    check_array(in, "input", forward ? plan.real : plan.complex, forward ? plan.shape : spectrum, plan.context, !forward);
    check_array(out, "output", forward ? plan.complex : plan.real, forward ? spectrum : plan.shape, plan.context, false);
    detail::fft::check_not_broadcast(out, "fft::RealPlan::execute");
    const std::size_t length = plan.length;
    const std::size_t batch = out.size() / out.shape().back();
    if (batch == 0) return;
    Queue& queue = detail::current_queue(plan.context);
    const std::size_t pairs = batch * (length / 2 + 1);

    // The real side as complex pairs: C-ordered from an even offset, else a copy.
    const ArrayData& real_side = forward ? in : out;
    const bool pairs_in_place =
        real_side.is_contiguous() && real_side.offset() % 2 == 0 && !(forward && &in.buffer() == &out.buffer());
    const ArrayData real_points = pairs_in_place ? real_side : ArrayData(plan.context, plan.real, plan.shape);
    // The complex side where its rows are contiguous, else a C-ordered stand-in.
    const ArrayData& complex_side = forward ? out : in;
    std::optional<detail::fft::AxisBatch> layout = contiguous_rows(complex_side);
    const ArrayData spectrum_points =
        layout ? complex_side : ArrayData(plan.context, plan.complex, complex_side.shape());
    if (!layout) layout = contiguous_rows(spectrum_points);
    const BatchLayout& at = layout->layout;

    if (forward) {
        if (!pairs_in_place) detail::copy_elements(real_points, in);
        plan.half.execute(queue, rows(real_points.buffer(), real_points.offset() / 2, length), at, batch, plan.scale);
        // A half transform made of passes writes the real transform itself.
        if (!plan.half.fuses_real())
            plan.untangle(queue, covering(plan.context, pairs), *at.buffer, at.offset, at.inner, at.inner_distance,
                          at.outer_distance, plan.table, signed_value(length), signed_value(pairs));
        if (&spectrum_points.buffer() != &out.buffer()) detail::copy_elements(out, spectrum_points);
        return;
    }
    if (&spectrum_points.buffer() != &in.buffer()) detail::copy_elements(spectrum_points, in);
    // The unnormalised inverse of Z is length z: numpy's default 1 / n is 2 / (2 length) of it,
    // and the other norms scale z likewise.
    const BatchLayout to = rows(real_points.buffer(), real_points.offset() / 2, length);
    if (plan.half.fuses_real()) {
        BatchLayout from = at;
        from.points = signed_value(in.shape().back());
        plan.half.execute(queue, from, to, batch, 2 * plan.scale);
    } else {
        const ArrayData work(plan.context, plan.complex, {batch * length});
        plan.tangle(queue, covering(plan.context, pairs), *at.buffer, at.offset, at.stride, at.inner,
                    at.inner_distance, at.outer_distance, signed_value(in.shape().back()), work.buffer(), plan.table,
                    signed_value(length), signed_value(pairs));
        plan.half.execute(queue, rows(work.buffer(), 0, length), to, batch, 2 * plan.scale);
    }
    if (!pairs_in_place) detail::copy_elements(out, real_points);
}

} // namespace rtcg::fft
