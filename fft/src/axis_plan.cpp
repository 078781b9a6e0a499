#include "axis_plan.hpp"

#include "factorization.hpp"
#include "pass_tuning.hpp"
#include "roots_of_unity.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <complex>
#include <limits>
#include <optional>

namespace rtcg::detail::fft {
namespace {

// The sub-transforms a work-group of a pass over global memory takes together, at most and at
// least. Their points lie next to each other in memory (sub-transform j reads j + r subs and
// writes near j), so that a group's reads and writes come in runs of this many elements, not one
// at a time: 16 fill a 128-byte line, 4 a 32-byte sector of complex64.
constexpr std::size_t coalesced_group = 16;
constexpr std::size_t least_group = 4;

// The sub-transforms per work-group of a transform of n points over several passes, each of at
// most `fitting` / group points: the fewest passes (each reads and writes every point once), and
// of those the longest runs.
std::size_t passes_group(std::size_t n, std::size_t fitting) {
    std::size_t best = coalesced_group;
    std::size_t fewest = global_passes(n, fitting / best).size();
    for (std::size_t group = coalesced_group / 2; group >= least_group; group /= 2) {
        const std::size_t passes = global_passes(n, fitting / group).size();
        if (passes < fewest) {
            fewest = passes;
            best = group;
        }
    }
    return best;
}

// The sub-transforms per work-group of a one-pass transform of n points along a strided axis,
// whose neighbours in the batch lie next to each other: as many as local memory holds, up to
// coalesced_group.
std::size_t group_across(std::size_t n, std::size_t fitting) {
    std::size_t group = 1;
    while (2 * group <= coalesced_group && 2 * group * n <= fitting) group *= 2;
    return group;
}

template <class Real>
Buffer upload(const Context& context, const std::vector<std::complex<Real>>& values) {
    return context.to_device(values);
}

// The twiddles of a pass kernel of `shape` (local_twiddles) in the plan's precision.
Buffer twiddle_table(const Context& context, const PassShape& shape, bool single) {
    return single ? upload(context, local_twiddles<float>(shape)) : upload(context, local_twiddles<double>(shape));
}

// The twiddles between passes of a pass kernel of `shape`, ns points combined before it
// (outer_twiddles), in the plan's precision.
Buffer outer_table(const Context& context, const PassShape& shape, std::size_t ns, bool single) {
    return single ? upload(context, outer_twiddles<float>(shape, ns)) : upload(context, outer_twiddles<double>(shape, ns));
}

// exp(-2 pi i m step / n) for m < count, in the plan's precision.
Buffer strided_table(const Context& context, std::size_t count, std::size_t step, std::size_t n, bool single) {
    return single ? upload(context, strided_roots<float>(count, step, n))
                  : upload(context, strided_roots<double>(count, step, n));
}

// The chirp exp(-pi i t^2 / n) = exp(-2 pi i (t^2 mod 2n) / 2n), t < n, with t^2 mod 2n kept exact
// by stepping (t + 1)^2 = t^2 + 2t + 1.
template <class Real>
std::vector<std::complex<Real>> chirp(std::size_t n) {
    std::vector<std::complex<Real>> values(n);
    const std::size_t period = 2 * n;
    std::size_t square = 0;
    for (std::size_t t = 0; t < n; ++t) {
        const std::complex<long double> w = root_of_unity(square, period);
        values[t] = {static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
        square = (square + 2 * t + 1) % period;
    }
    return values;
}

std::int64_t signed_value(std::size_t value) { return static_cast<std::int64_t>(value); }

BatchLayout contiguous_layout(const Buffer& buffer, std::size_t n) {
    return BatchLayout{&buffer, 0, 1, 1, 0, signed_value(n)};
}

} // namespace

Kernel compiled(const Context& context, const std::string& source, const std::string& name) {
    return context.compile(source, {.prelude = codegen::portable_prelude()}).kernel(name);
}

std::size_t launch_groups(const DeviceInfo& device, std::size_t work, std::size_t per_group) {
    const std::size_t wanted = work / per_group + (work % per_group != 0 ? 1 : 0);
    const std::size_t limit = std::max<std::size_t>(1, std::size_t{device.compute_units} * 32);
    return std::max<std::size_t>(1, std::min({wanted, limit, device.max_grid_size[0]}));
}

AxisPlan::AxisPlan(const Context& context, std::size_t n, const codegen::DType& complex, bool strided,
                   RealStep real_step, rtcg::fft::Tuning tuning)
    : context_(context), n_(n), complex_(complex), strided_(strided) {
    const codegen::DType real = complex.element();
    const bool single = real == codegen::DType::float32();
    const DeviceInfo& device = context.device();
    if (!single && !device.supports_fp64)
        throw InvalidArgument("the device " + device.name + " has no double precision for a complex128 transform",
                              "fft plan");
    if (needs_bluestein(n)) {
        auto plan = std::make_unique<Bluestein>();
        plan->m = bluestein_size(n);
        plan->convolution = std::make_unique<AxisPlan>(context, plan->m, complex, false, RealStep::none, tuning);
        plan->source = bluestein_source(real);
        const Module module = context.compile(plan->source, {.prelude = codegen::portable_prelude()});
        plan->chirp_in = module.kernel("fft_chirp_in");
        plan->multiply = module.kernel("fft_chirp_multiply");
        plan->chirp_out = module.kernel("fft_chirp_out");
        plan->chirp = single ? upload(context, chirp<float>(n)) : upload(context, chirp<double>(n));
        // The kernel of the convolution: conj(c) at t and at m - t, its FFT divided by m, computed
        // once here and waited for, so that executions on any queue find it.
        std::vector<std::complex<long double>> values(plan->m);
        std::size_t square = 0;
        for (std::size_t t = 0; t < n; ++t) {
            const std::complex<long double> w = std::conj(root_of_unity(square, 2 * n));
            values[t] = w;
            if (t > 0) values[plan->m - t] = w;
            square = (square + 2 * t + 1) % (2 * n);
        }
        plan->spectrum = single ? context.to_device(std::vector<std::complex<float>>(values.begin(), values.end()))
                                : context.to_device(std::vector<std::complex<double>>(values.begin(), values.end()));
        Queue& queue = current_queue(context);
        const BatchLayout layout = contiguous_layout(plan->spectrum, plan->m);
        plan->convolution->execute(queue, layout, layout, 1, 1.0 / static_cast<double>(plan->m), -1);
        queue.finish();
        bluestein_ = std::move(plan);
        return;
    }
    // A pass's rows may take the device's local memory, skew and padding included (PassLimits);
    // their points at most pass_local_budget, which decides how long a one-pass transform may be.
    // `fitting` leaves room for the skew (an element per 16 points) and for the padding of up to
    // coalesced_group rows (17 elements each).
    const std::size_t element_bytes = complex.size();
    const std::size_t local_bytes = static_cast<std::size_t>(
        std::min<std::uint64_t>(device.local_memory_bytes, std::numeric_limits<std::uint32_t>::max()));
    const std::size_t padding_bytes = coalesced_group * 17 * element_bytes;
    const std::size_t usable_bytes = local_bytes > padding_bytes ? (local_bytes - padding_bytes) / 17 * 16 : 0;
    const std::size_t fitting = std::max<std::size_t>(1, std::min(pass_local_budget, usable_bytes) / element_bytes);
    const PassLimits limits{element_bytes, local_bytes, device.max_work_group_size};
    // On a GPU, a complex transform of a contiguous axis whose power-of-two length the whole local
    // memory holds (CUDA's opt-in size: the rows are dynamic local memory) is one wide pass: the
    // trip through global memory it saves outweighs a group that fills its multiprocessor alone.
    // Lengths with odd factors were slower so (NOTES.md, session 38).
    const bool wide = device.type == DeviceType::gpu && !strided && real_step == RealStep::none &&
                      std::has_single_bit(n) && n > fitting && n <= usable_bytes / element_bytes;
    const bool one_pass = n <= fitting || wide;
    const std::size_t min_group = one_pass ? (strided ? group_across(n, fitting) : 1) : passes_group(n, fitting);
    const PassPlanning planning{limits, min_group, one_pass, real_step, tuning};
    if (one_pass) {
        passes_ = make_passes({n}, planning);
        if (real_step != RealStep::none) real_roots_ = strided_table(context, n + 1, 1, 2 * n, single);
        return;
    }
    // The longest pass first, which reads no twiddles between passes, then the others from the
    // shortest: those twiddles (outer_twiddles) grow with a pass's points and the points combined
    // before it, which this order keeps fewest after the first. No order is fastest for every
    // length (NOTES.md, session 41): the tuner may choose all from the shortest instead.
    std::vector<std::size_t> sizes = global_passes(n, fitting / min_group);
    std::reverse(sizes.begin() + 1, sizes.end());
    passes_ = make_passes(sizes, planning);
    if (tuning != rtcg::fft::Tuning::built_in) choose_pass_order(sizes, planning);
}

std::vector<AxisPlan::Pass> AxisPlan::make_passes(const std::vector<std::size_t>& sizes,
                                                  const PassPlanning& planning) const {
    const codegen::DType real = complex_.element();
    const bool single = real == codegen::DType::float32();
    const DeviceInfo& device = context_.device();
    std::vector<Pass> passes;
    std::size_t ns = 1;
    for (const std::size_t points : sizes) {
        Pass pass;
        const bool contiguous = planning.one_pass && !strided_;
        const PassChoice choice =
            planning.one_pass && planning.real_step == RealStep::none
                ? one_pass_choice(context_, points, real, planning.limits, planning.min_group, contiguous, planning.tuning)
                : built_in_choice(points, planning.limits, planning.min_group, contiguous);
        const std::optional<PassShape> shape = make_pass_shape(points, planning.limits, choice, contiguous);
        if (!shape)
            throw InvalidArgument("the device " + device.name + " has too little local memory (" +
                                      std::to_string(device.local_memory_bytes) + " bytes) for an FFT pass of " +
                                      std::to_string(points) + " points",
                                  "fft plan");
        pass.shape = *shape;
        pass.shape.untangle = planning.real_step == RealStep::untangle && planning.one_pass;
        pass.shape.tangle = planning.real_step == RealStep::tangle && planning.one_pass;
        pass.shape.twiddled = ns > 1;
        pass.ns = ns;
        ns *= points;
        // A kernel whose registers allow fewer work-items than the shape asks is rendered again
        // with fewer sub-transforms per group, then fewer work-items per sub-transform.
        for (;;) {
            pass.source = pass_source(real, pass.shape);
            pass.kernel = compiled(context_, pass.source, "fft_pass");
            if (pass.shape.group * pass.shape.threads <= pass.kernel.attributes().max_threads_per_block) break;
            if (pass.shape.group > 1)
                pass.shape.group /= 2;
            else if (pass.shape.threads > 1)
                pass.shape.threads /= 2;
            else
                throw InvalidArgument("the device " + device.name + " cannot run an FFT work-group of one work-item",
                                      "fft plan");
        }
        pass.twiddles = twiddle_table(context_, pass.shape, single);
        if (pass.ns > 1) pass.outer_twiddles = outer_table(context_, pass.shape, pass.ns, single);
        passes.push_back(std::move(pass));
    }
    return passes;
}

void AxisPlan::choose_pass_order(const std::vector<std::size_t>& sizes, const PassPlanning& planning) {
    std::vector<std::size_t> shortest_first = sizes;
    std::sort(shortest_first.begin(), shortest_first.end());
    if (shortest_first == sizes) return;
    const codegen::DType real = complex_.element();
    if (const std::optional<bool> stored = stored_pass_order(context_, n_, real, !strided_)) {
        if (*stored) passes_ = make_passes(shortest_first, planning);
        return;
    }
    if (planning.tuning != rtcg::fft::Tuning::tune) return;
    std::vector<Pass> other = make_passes(shortest_first, planning);
    const std::optional<std::array<double, 2>> times = time_pass_orders(passes_, other);
    if (!times) return;
    const bool shortest_wins = (*times)[1] < (*times)[0];
    store_pass_order(context_, n_, real, !strided_, shortest_wins, std::min((*times)[0], (*times)[1]));
    if (shortest_wins) passes_ = std::move(other);
}

std::optional<std::array<double, 2>> AxisPlan::time_pass_orders(const std::vector<Pass>& first,
                                                               const std::vector<Pass>& second) const {
    // Five arrays of the points (the input, two outputs, the passes' two work arrays), each within
    // a sixteenth of the device's memory: a third of it in all.
    const std::size_t target = tuning_point_count(context_.device(), complex_.size(), 16);
    const std::size_t batch = std::max<std::size_t>(1, target / n_);
    const ArrayData input(context_, complex_, {batch * n_});
    const ArrayData outputs[2] = {ArrayData(context_, complex_, {batch * n_}), ArrayData(context_, complex_, {batch * n_})};
    const bool single = complex_ == codegen::DType::complex64();
    if (single)
        input.write(tuning_points<float>(batch * n_).data(), batch * n_ * complex_.size());
    else
        input.write(tuning_points<double>(batch * n_).data(), batch * n_ * complex_.size());
    // Along the last axis, or along the first of a [n, batch] array, neighbouring transforms adjacent.
    const auto across = static_cast<std::int64_t>(batch), length = signed_value(n_);
    const auto layout = [&](const ArrayData& data) {
        return strided_ ? BatchLayout{&data.buffer(), 0, across, across, 1, length * across}
                        : contiguous_layout(data.buffer(), n_);
    };
    const std::vector<Pass>* sets[2] = {&first, &second};
    Queue& queue = current_queue(context_);
    for (int k = 0; k < 2; ++k) run_passes(queue, *sets[k], layout(input), layout(outputs[k]), batch, 1.0, -1);
    // Two correct orders differ by their rounding only; otherwise the plan keeps its own.
    const auto disagree = [&](auto real) {
        using Complex = std::complex<decltype(real)>;
        return mismatch(context_.to_host<Complex>(outputs[1].buffer()), context_.to_host<Complex>(outputs[0].buffer()),
                        n_)
            .has_value();
    };
    if (single ? disagree(float{}) : disagree(double{})) return std::nullopt;
    constexpr int rounds = 5;
    std::vector<double> times[2];
    for (int round = 0; round < rounds; ++round)
        for (int k = 0; k < 2; ++k) {
            const Event start = queue.record();
            run_passes(queue, *sets[k], layout(input), layout(outputs[k]), batch, 1.0, -1);
            const Event end = queue.record();
            end.wait();
            times[k].push_back(elapsed_ms(start, end));
        }
    std::array<double, 2> medians{};
    for (int k = 0; k < 2; ++k) {
        std::sort(times[k].begin(), times[k].end());
        medians[k] = times[k][rounds / 2];
    }
    return medians;
}

void AxisPlan::execute(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch, double scale,
                       int sign) const {
    if (batch == 0) return;
    if (batch > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()) / n_)
        throw InvalidArgument("a batch of " + std::to_string(batch) + " transforms of " + std::to_string(n_) +
                                  " points has more points than a 64-bit index counts",
                              "fft execute");
    if (bluestein_)
        run_bluestein(queue, in, out, batch, scale, sign);
    else
        run_passes(queue, passes_, in, out, batch, scale, sign);
}

void launch_pass_kernel(const Kernel& kernel, Queue& queue, const DeviceInfo& device, const PassShape& shape,
                        const codegen::DType& complex, const BatchLayout& in, const BatchLayout& out,
                        const PassTables& tables, std::int64_t subs, std::int64_t ns, std::int64_t slots, double scale,
                        int sign) {
    const LaunchConfig config{Dim3{launch_groups(device, static_cast<std::size_t>(slots), shape.group)},
                              Dim3{shape.group * shape.threads}, pass_local_bytes(shape, complex.size())};
    const std::int64_t extent = in.points > 0 ? in.points : subs * signed_value(shape.points);
    // The scale in the transform's precision.
    const auto launch = [&](auto real_scale) {
        kernel(queue, config, *in.buffer, in.offset, in.stride, in.inner, in.inner_distance, in.outer_distance,
               *out.buffer, out.offset, out.stride, out.inner, out.inner_distance, out.outer_distance, *tables.twiddles,
               *tables.outer, *tables.real_roots, extent, subs, ns, slots, real_scale, sign);
    };
    if (complex == codegen::DType::complex64())
        launch(static_cast<float>(scale));
    else
        launch(scale);
}

void AxisPlan::launch_pass(Queue& queue, const Pass& pass, const BatchLayout& in, const BatchLayout& out,
                           std::size_t batch, double scale, int sign) const {
    const std::int64_t subs = signed_value(n_ / pass.shape.points);
    // A first pass reads no twiddles between passes: its local ones stand in for them.
    const PassTables tables{&pass.twiddles, pass.ns > 1 ? &pass.outer_twiddles : &pass.twiddles,
                            fuses_real() ? &real_roots_ : &pass.twiddles};
    launch_pass_kernel(pass.kernel, queue, context_.device(), pass.shape, complex_, in, out, tables, subs,
                       signed_value(pass.ns), signed_value(batch) * subs, scale, sign);
}

void AxisPlan::run_passes(Queue& queue, const std::vector<Pass>& passes, const BatchLayout& in, const BatchLayout& out,
                          std::size_t batch, double scale, int sign) const {
    if (passes.size() == 1) return launch_pass(queue, passes.front(), in, out, batch, scale, sign);
    // Between passes the points go through two contiguous work arrays in turn.
    const ArrayData first(context_, complex_, {batch * n_});
    const ArrayData second = passes.size() > 2 ? ArrayData(context_, complex_, {batch * n_}) : first;
    const BatchLayout work[2] = {contiguous_layout(first.buffer(), n_), contiguous_layout(second.buffer(), n_)};
    for (std::size_t k = 0; k < passes.size(); ++k) {
        const BatchLayout& from = k == 0 ? in : work[(k - 1) % 2];
        const BatchLayout& to = k + 1 == passes.size() ? out : work[k % 2];
        launch_pass(queue, passes[k], from, to, batch, k + 1 == passes.size() ? scale : 1.0, sign);
    }
}

void AxisPlan::run_bluestein(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch,
                             double scale, int sign) const {
    const Bluestein& plan = *bluestein_;
    if (batch > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()) / plan.m)
        throw InvalidArgument("a batch of " + std::to_string(batch) + " transforms of " + std::to_string(n_) +
                                  " points needs more convolution points than a 64-bit index counts",
                              "fft execute");
    const ArrayData work(context_, complex_, {batch * plan.m});
    const BatchLayout layout = contiguous_layout(work.buffer(), plan.m);
    const std::int64_t n = signed_value(n_), m = signed_value(plan.m);
    const std::int64_t padded = signed_value(batch * plan.m), points = signed_value(batch * n_);
    const DeviceInfo& device = context_.device();
    const auto covering = [&](std::int64_t total) {
        return LaunchConfig{Dim3{launch_groups(device, static_cast<std::size_t>(total), 256)}, Dim3{256}, 0};
    };
    plan.chirp_in(queue, covering(padded), *in.buffer, in.offset, in.stride, in.inner, in.inner_distance,
                  in.outer_distance, work.buffer(), plan.chirp, n, m, padded, sign);
    plan.convolution->execute(queue, layout, layout, batch, 1.0, -1);
    plan.multiply(queue, covering(padded), work.buffer(), plan.spectrum, m, padded);
    plan.convolution->execute(queue, layout, layout, batch, 1.0, +1);
    if (complex_ == codegen::DType::complex64()) {
        const float real_scale = static_cast<float>(scale);
        plan.chirp_out(queue, covering(points), work.buffer(), *out.buffer, out.offset, out.stride, out.inner,
                       out.inner_distance, out.outer_distance, plan.chirp, n, m, points, real_scale, sign);
    } else {
        plan.chirp_out(queue, covering(points), work.buffer(), *out.buffer, out.offset, out.stride, out.inner,
                       out.inner_distance, out.outer_distance, plan.chirp, n, m, points, scale, sign);
    }
}

std::vector<std::string> AxisPlan::sources() const {
    std::vector<std::string> texts;
    for (const Pass& pass : passes_) texts.push_back(pass.source);
    if (bluestein_) {
        texts.push_back(bluestein_->source);
        for (std::string& text : bluestein_->convolution->sources()) texts.push_back(std::move(text));
    }
    return texts;
}

} // namespace rtcg::detail::fft
