#include "axis_plan.hpp"

#include "factorization.hpp"
#include "pass_tuning.hpp"
#include "roots_of_unity.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/tuning/parallel_compile.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <tuple>

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

// The twiddles between passes of a pass kernel of `shape` (outer_twiddles), in the plan's precision.
Buffer outer_table(const Context& context, const PassShape& shape, bool single) {
    return single ? upload(context, outer_twiddles<float>(shape)) : upload(context, outer_twiddles<double>(shape));
}

// The real step's roots for its pass of `points` points (real_step_roots), in the plan's precision.
Buffer real_step_table(const Context& context, std::size_t n, std::size_t points, bool single) {
    return single ? upload(context, real_step_roots<float>(n, points))
                  : upload(context, real_step_roots<double>(n, points));
}

// The chirp exp(-pi i t^2 / n) = exp(-2 pi i (t^2 mod 2n) / 2n), t < n, in long double. Each
// entry on its own (fill_in_parallel) where t^2 fits 64 bits; past that, with t^2 mod 2n kept
// exact by stepping (t + 1)^2 = t^2 + 2t + 1, one after another.
std::vector<std::complex<long double>> chirp(std::size_t n) {
    std::vector<std::complex<long double>> values(n);
    const std::size_t period = 2 * n;
    if (n <= std::size_t{1} << 32) {
        fill_in_parallel(n, [&values, period](std::size_t first, std::size_t last) {
            for (std::size_t t = first; t < last; ++t) values[t] = root_of_unity(t * t % period, period);
        });
        return values;
    }
    std::size_t square = 0;
    for (std::size_t t = 0; t < n; ++t) {
        values[t] = root_of_unity(square, period);
        square = (square + 2 * t + 1) % period;
    }
    return values;
}

// Each of `values` rounded to Real.
template <class Real>
std::vector<std::complex<Real>> rounded(const std::vector<std::complex<long double>>& values) {
    std::vector<std::complex<Real>> result(values.size());
    for (std::size_t k = 0; k < values.size(); ++k) result[k] = rounded_to<Real>(values[k]);
    return result;
}

std::int64_t signed_value(std::size_t value) { return static_cast<std::int64_t>(value); }

std::size_t device_local_bytes(const DeviceInfo& device) {
    return static_cast<std::size_t>(
        std::min<std::uint64_t>(device.local_memory_bytes, std::numeric_limits<std::uint32_t>::max()));
}

BatchLayout contiguous_layout(const Buffer& buffer, std::size_t n) {
    return BatchLayout{&buffer, 0, 1, 1, 0, signed_value(n)};
}

} // namespace

BatchLayout tuning_layout(const Buffer& buffer, std::size_t n, std::size_t row_points, std::size_t batch,
                          bool contiguous) {
    if (!contiguous) {
        const std::int64_t across = signed_value(batch);
        return BatchLayout{&buffer, 0, across, across, 1, signed_value(n) * across};
    }
    BatchLayout rows = contiguous_layout(buffer, row_points);
    if (row_points != n) rows.points = signed_value(row_points);
    return rows;
}

CompileOptions pass_compile_options(const PassShape& shape) {
    return CompileOptions{.prelude = codegen::portable_prelude({.warp = shape.unrolled_first_rounds})};
}

Kernel compiled_kernel(const Context& context, const std::string& source, const std::string& name,
                       const CompileOptions& options) {
    return context.compile(source, options).kernel(name);
}

std::size_t launch_groups(const DeviceInfo& device, std::size_t work, std::size_t per_group, bool capped) {
    const std::size_t wanted = work / per_group + (work % per_group != 0 ? 1 : 0);
    const std::size_t limit = capped ? std::max<std::size_t>(1, std::size_t{device.compute_units} * 32) : wanted;
    return std::max<std::size_t>(1, std::min({wanted, limit, device.max_grid_size[0]}));
}

AxisPlan::AxisPlan(const Context& context, std::size_t n, const codegen::DType& complex, bool strided,
                   rtcg::fft::Direction direction, RealStep real_step, rtcg::fft::Tuning tuning)
    : context_(context), n_(n), complex_(complex), strided_(strided),
      sign_(direction == rtcg::fft::Direction::forward ? -1 : +1),
      real_step_(needs_bluestein(n) ? RealStep::none : real_step) {
    const codegen::DType real = complex.element();
    const bool single = real == codegen::DType::float32();
    const DeviceInfo& device = context.device();
    if (!single && !device.supports_fp64)
        throw InvalidArgument("the device " + device.name + " has no double precision for a complex128 transform",
                              "fft plan");
    if (needs_bluestein(n)) {
        auto plan = std::make_unique<Bluestein>();
        plan->m = bluestein_size(n);
        // One forward convolution plan serves both of its transforms: the inverse one is the
        // conjugate of the forward one of the conjugate points (kernel/bluestein.rtcg).
        plan->convolution = std::make_unique<AxisPlan>(context, plan->m, complex, false, rtcg::fft::Direction::forward,
                                                       RealStep::none, tuning);
        plan->source = bluestein_source(real);
        const Module module = context.compile(plan->source, {.prelude = codegen::portable_prelude()});
        plan->chirp_in = module.kernel("fft_chirp_in");
        plan->multiply = module.kernel("fft_chirp_multiply");
        plan->chirp_out = module.kernel("fft_chirp_out");
        const std::vector<std::complex<long double>> c = chirp(n);
        plan->chirp = single ? upload(context, rounded<float>(c)) : upload(context, rounded<double>(c));
        // The kernel of the convolution: conj(c) at t and at m - t, its FFT divided by m, computed
        // once here and waited for, so that executions on any queue find it.
        std::vector<std::complex<long double>> values(plan->m);
        for (std::size_t t = 0; t < n; ++t) {
            values[t] = std::conj(c[t]);
            if (t > 0) values[plan->m - t] = values[t];
        }
        plan->spectrum = single ? upload(context, rounded<float>(values)) : upload(context, rounded<double>(values));
        Queue& queue = current_queue(context);
        const BatchLayout layout = contiguous_layout(plan->spectrum, plan->m);
        plan->convolution->execute(queue, layout, layout, 1, 1.0 / static_cast<double>(plan->m));
        queue.finish();
        bluestein_ = std::move(plan);
        return;
    }
    // The built-in layout of the passes; with a tuning choice, that of a transform longer than one
    // group's usual local memory holds (several passes, or a wide one) may differ (choose_layout).
    // A real step is fused into the first or the last pass.
    const auto [built_in, planning] = built_in_layout(tuning);
    if (!planning)
        throw InvalidArgument("the device " + device.name + " has too little local memory (" +
                                  std::to_string(device.local_memory_bytes) + " bytes) for the passes of " +
                                  std::to_string(n) + " points",
                              "fft plan");
    passes_ = make_passes(planning->sizes, *planning);
    if (n * complex.size() > pass_local_budget && tuning != rtcg::fft::Tuning::built_in)
        choose_layout(built_in, *planning, tuning);
}

std::size_t AxisPlan::usable_local_bytes() const {
    // A pass's rows may take the device's local memory (CUDA's opt-in size: the rows are dynamic
    // local memory), less room for the skew (an element per 16 points) and for the padding of up
    // to coalesced_group rows (17 elements each).
    const std::size_t padding_bytes = coalesced_group * 17 * complex_.size();
    const std::size_t local_bytes = device_local_bytes(context_.device());
    return local_bytes > padding_bytes ? (local_bytes - padding_bytes) / 17 * 16 : 0;
}

AxisPlan::PlannedLayout AxisPlan::built_in_layout(rtcg::fft::Tuning tuning) const {
    // On a GPU, a complex transform of a contiguous axis that the whole local memory holds is one
    // wide pass: the trip through global memory it saves outweighs a group that fills its
    // multiprocessor alone. Its work-items: in complex64, as many as the registers hold the points
    // of, with wide odd radices (wide_pass_threads); a complex128 transform takes the wide pass
    // only at powers of two, with up to 1024 (its odd lengths' registers were not measured). A
    // longer power of two that the whole local memory holds in two pieces is one pass exchanging
    // them (pieced_layout), as on OpenCL, whose groups have 48 KiB.
    const std::size_t element_bytes = complex_.size();
    const bool wide = context_.device().type == DeviceType::gpu && !strided_ && real_step_ == RealStep::none &&
                      n_ * element_bytes > pass_local_budget && n_ <= usable_local_bytes() / element_bytes;
    // Twiddle indices are ints through CUDA, the only value its layouts take (layout_space), though
    // a wide pass, which reads no twiddles between passes, does not use them.
    const bool int_indices = codegen::dialect_of(context_.device()) == codegen::Dialect::cuda;
    const std::size_t max_threads = std::min<std::size_t>(1024, context_.device().max_work_group_size);
    const auto planned = [this, tuning](const PassLayout& layout) {
        return PlannedLayout{layout, planning_for(layout, tuning)};
    };
    if (wide && complex_ == codegen::DType::complex64())
        return planned(PassLayout{.local_budget = whole_local_memory,
                                  .max_threads = wide_pass_threads(n_, element_bytes, max_threads),
                                  .int_twiddle_indices = int_indices,
                                  .wide_odd = true});
    if (wide && std::has_single_bit(n_))
        return planned(
            PassLayout{.local_budget = whole_local_memory, .max_threads = 1024, .int_twiddle_indices = int_indices});
    if (const std::optional<PassLayout> pieced = pieced_layout(max_threads, int_indices)) return planned(*pieced);
    PlannedLayout usual = planned(PassLayout{.int_twiddle_indices = int_indices});
    if (!usual.planning || usual.planning->one_pass) return usual;
    // The layouts below serve a longer complex64 transform of a contiguous axis on a GPU.
    const bool may_regroup = context_.device().type == DeviceType::gpu && !strided_ && real_step_ == RealStep::none &&
                             complex_ == codegen::DType::complex64();
    const auto run_bytes = [element_bytes](const PlannedLayout& layout) {
        return layout.planning->min_group * element_bytes;
    };
    const auto passes = [](const PlannedLayout& layout) { return layout.planning->sizes.size(); };
    // Groups of `local_budget` bytes and 512 work-items, more local memory than the usual ones.
    const auto larger_groups = [&planned, int_indices](std::size_t local_budget) {
        return planned(
            PassLayout{.local_budget = local_budget, .max_threads = 512, .int_twiddle_indices = int_indices});
    };
    // Groups of 128 KiB where they save a pass over global memory and still move runs of 64 bytes
    // or more: one trip less for every point outweighs a group that fills its multiprocessor alone.
    // Where they saved no pass, or moved runs of 32 bytes, they were slower at some lengths, 2^24
    // among them (NOTES.md, session 53).
    if (may_regroup && usable_local_bytes() >= wider_pass_budget) {
        PlannedLayout wider = larger_groups(wider_pass_budget);
        if (wider.planning && passes(wider) < passes(usual) && run_bytes(wider) >= wider_pass_least_run_bytes)
            return wider;
    }
    // A power of two whose usual groups move runs of 32 bytes takes groups of twice their local
    // memory and 512 work-items, two resident (make_pass_shape), where those move runs of 64 bytes
    // in as many passes, as cuFFT's passes do: 2^19 and 2^20 gained, 3 * 2^18 lost (NOTES.md,
    // session 70).
    if (may_regroup && std::has_single_bit(n_) && usable_local_bytes() >= longer_runs_budget &&
        run_bytes(usual) < wider_pass_least_run_bytes) {
        PlannedLayout longer_runs = larger_groups(longer_runs_budget);
        if (longer_runs.planning && passes(longer_runs) <= passes(usual) &&
            run_bytes(longer_runs) >= wider_pass_least_run_bytes)
            return longer_runs;
    }
    return usual;
}

std::optional<PassLayout> AxisPlan::pieced_layout(std::size_t max_threads, bool int_indices) const {
    // Like the wide pass: a GPU, a complex transform of a contiguous axis, longer than the whole
    // local memory holds; at powers of two only, where every length measured gained, while some
    // 3- and 5-smooth ones lost (NOTES.md, session 58) and are left to the tuner.
    const std::size_t element_bytes = complex_.size();
    if (context_.device().type != DeviceType::gpu || strided_ || real_step_ != RealStep::none ||
        !std::has_single_bit(n_) || n_ * element_bytes <= usable_local_bytes())
        return std::nullopt;
    // In two pieces, the points' parts; four, with twice the rounds and their barriers, were slower
    // than two passes over global memory at every length measured (NOTES.md, session 58).
    constexpr std::size_t pieces = 2;
    if (n_ * element_bytes > pieces * usable_local_bytes()) return std::nullopt;
    // The exchange keeps each work-item's points in its registers: where they do not hold them,
    // the pieces would spill, and the passes over global memory are left to do it.
    const std::optional<std::size_t> threads = holding_pass_threads(n_, element_bytes, max_threads);
    if (!threads) return std::nullopt;
    return PassLayout{.local_budget = whole_local_memory,
                      .max_threads = *threads,
                      .int_twiddle_indices = int_indices,
                      .pieces = pieces};
}

bool AxisPlan::pieces_worth_timing(const PassLayout& layout) const {
    // Pieces only add barriers where a group could hold the points whole, as a CPU's local memory
    // holds any; where a work-item's registers do not hold its points they spill. Either way the
    // candidate's unrolled exchanges take long to compile, for nothing.
    const std::size_t element_bytes = complex_.size();
    if (context_.device().type != DeviceType::gpu || n_ * element_bytes <= usable_local_bytes()) return false;
    const std::size_t threads = std::min<std::size_t>(layout.max_threads, context_.device().max_work_group_size);
    return group_registers_hold(n_, element_bytes, threads, layout.wide_odd);
}

std::optional<AxisPlan::PassPlanning> AxisPlan::planning_for(const PassLayout& layout, rtcg::fft::Tuning tuning) const {
    const DeviceInfo& device = context_.device();
    const std::size_t element_bytes = complex_.size();
    if (!valid_pieces(layout.pieces)) return std::nullopt;
    const std::size_t budget = std::min(layout.local_budget, usable_local_bytes());
    const std::size_t fitting = std::max<std::size_t>(1, budget * layout.pieces / element_bytes);
    // Pieces serve a transform's only pass without a real step (kernel/pieced_pass.rtcg), where
    // whole points would not fit: there they would only add barriers.
    if (layout.pieces > 1 && (n_ > fitting || real_step_ != RealStep::none || n_ * element_bytes <= budget))
        return std::nullopt;
    PassPlanning planning;
    planning.limits = PassLimits{element_bytes, device_local_bytes(device),
                                 std::min<std::size_t>(layout.max_threads, device.max_work_group_size), layout.pieces};
    planning.one_pass = n_ <= fitting;
    planning.min_group = planning.one_pass ? (strided_ ? group_across(n_, fitting) : 1) : passes_group(n_, fitting);
    planning.tuning = tuning;
    planning.sixteens = layout.sixteens;
    planning.int_twiddle_indices = layout.int_twiddle_indices;
    // The layout's odd radices are kept only where they split a pass otherwise, which lets
    // choose_layout drop the layouts that differ only there.
    const auto odd_radices_differ = [&planning] {
        return std::any_of(planning.sizes.begin(), planning.sizes.end(), wide_odd_radices_differ);
    };
    if (planning.one_pass) {
        // One kernel chooses its powers of two itself (one_pass_choice) and has no twiddles between
        // passes: the layout's choices of them do not apply, and are left out likewise.
        planning.sizes = {n_};
        planning.sixteens = false;
        planning.int_twiddle_indices = false;
        planning.wide_odd = layout.wide_odd && odd_radices_differ();
        return planning;
    }
    // A prime factor longer than the layout's groups hold: no such passes.
    if (prime_factors(n_).back() > fitting / planning.min_group) return std::nullopt;
    planning.sizes = global_passes(n_, fitting / planning.min_group);
    // The longest pass first, which reads no twiddles between passes, then the others from the
    // shortest: those twiddles (outer_twiddles) grow with a pass's points and the points combined
    // before it, which this order keeps fewest after the first. No order is fastest for every
    // length (NOTES.md, session 41): a layout may ask for all from the shortest instead.
    if (layout.shortest_first)
        std::sort(planning.sizes.begin(), planning.sizes.end());
    else
        std::reverse(planning.sizes.begin() + 1, planning.sizes.end());
    planning.wide_odd = layout.wide_odd && odd_radices_differ();
    return planning;
}

std::vector<AxisPlan::Pass> AxisPlan::make_passes(const std::vector<std::size_t>& sizes,
                                                  const PassPlanning& planning) const {
    std::vector<Pass> passes = shaped_passes(sizes, planning);
    finish_passes(passes);
    return passes;
}

std::vector<AxisPlan::Pass> AxisPlan::shaped_passes(const std::vector<std::size_t>& sizes,
                                                    const PassPlanning& planning) const {
    const codegen::DType real = complex_.element();
    const DeviceInfo& device = context_.device();
    std::vector<Pass> passes;
    std::size_t ns = 1;
    for (const std::size_t points : sizes) {
        Pass pass;
        const bool contiguous = planning.one_pass && !strided_;
        // A one-pass kernel's choice is one_pass_choice's, its real step included; a multi-pass
        // layout says whether its passes take radix 16.
        PassChoice choice = planning.one_pass
                                ? one_pass_choice(context_, points, real, planning.limits, planning.min_group,
                                                  contiguous, planning.wide_odd, real_step_, planning.tuning)
                                : built_in_choice(points, planning.limits, planning.min_group, contiguous,
                                                  planning.sixteens, planning.wide_odd);
        // An untangling pass of several sub-transforms takes pairs of them (FFT_MIRRORED), each
        // half of its group a run of neighbours: a group of fewer than twice least_group would
        // move runs shorter than a 32-byte sector, so it takes that many where they fit.
        const bool last = passes.size() + 1 == sizes.size();
        const bool mirrored = real_step_ == RealStep::untangle && last && !planning.one_pass;
        // Its sub-transforms have a work-item per butterfly of their widest radix, the narrower
        // passes' butterflies taken in rounds (PassChoice::busy_threads): faster for its short rows
        // on an H200, where the rows of one-pass transforms were as fast or slower so (NOTES.md,
        // session 68).
        choice.busy_threads = mirrored;
        if (mirrored && choice.group < 2 * least_group) {
            PassChoice pairs = choice;
            pairs.group = 2 * least_group;
            if (make_pass_shape(points, planning.limits, pairs, contiguous)) choice = pairs;
        }
        const std::optional<PassShape> shape = make_pass_shape(points, planning.limits, choice, contiguous);
        if (!shape)
            throw InvalidArgument("the device " + device.name + " has too little local memory (" +
                                      std::to_string(device.local_memory_bytes) + " bytes) for an FFT pass of " +
                                      std::to_string(points) + " points",
                                  "fft plan");
        pass.shape = *shape;
        pass.shape.untangle = real_step_ == RealStep::untangle && last;
        pass.shape.tangle = real_step_ == RealStep::tangle && passes.empty();
        pass.shape.whole = planning.one_pass;
        pass.shape.subs = n_ / points;
        pass.shape.ns = ns;
        pass.shape.sign = sign_;
        pass.shape.int_twiddle_indices = ns > 1 && planning.int_twiddle_indices;
        choose_for_compiler(pass.shape, codegen::dialect_of(device), real);
        ns *= points;
        pass.source = pass_source(real, pass.shape);
        passes.push_back(std::move(pass));
    }
    return passes;
}

void AxisPlan::finish_passes(std::vector<Pass>& passes, std::vector<std::optional<Kernel>> compiled) const {
    const codegen::DType real = complex_.element();
    const bool single = real == codegen::DType::float32();
    const DeviceInfo& device = context_.device();
    compiled.resize(passes.size());
    for (std::size_t k = 0; k < passes.size(); ++k) {
        Pass& pass = passes[k];
        const std::size_t points = pass.shape.points;
        // A kernel whose registers allow fewer work-items than the shape asks is rendered again
        // with fewer sub-transforms per group (a mirrored pass keeps a pair), then fewer
        // work-items per sub-transform.
        const std::size_t least_rows = pass.shape.mirrored() ? 2 : 1;
        pass.kernel = compiled[k]
                          ? std::move(*compiled[k])
                          : compiled_kernel(context_, pass.source, "fft_pass", pass_compile_options(pass.shape));
        for (;;) {
            if (pass.shape.group * pass.shape.threads <= pass.kernel.attributes().max_threads_per_block) break;
            if (pass.shape.group > least_rows)
                pass.shape.group /= 2;
            else if (pass.shape.threads > 1)
                pass.shape.threads /= 2;
            else
                throw InvalidArgument("the device " + device.name + " cannot run an FFT work-group of one work-item",
                                      "fft plan");
            pass.source = pass_source(real, pass.shape);
            pass.kernel = compiled_kernel(context_, pass.source, "fft_pass", pass_compile_options(pass.shape));
        }
        pass.twiddles = twiddle_table(context_, pass.shape, single);
        if (pass.shape.twiddled()) {
            constexpr auto int_limit = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
            if (pass.shape.int_twiddle_indices && outer_twiddle_count(pass.shape) > int_limit)
                throw InvalidArgument("a transform of " + std::to_string(n_) +
                                          " points needs more twiddles between passes than the kernels index",
                                      "fft plan");
            pass.outer_twiddles = outer_table(context_, pass.shape, single);
        }
        if (pass.shape.real_step()) pass.real_roots = real_step_table(context_, n_, points, single);
    }
}

void AxisPlan::choose_layout(const PassLayout& built_in, const PassPlanning& built_in_planning,
                             rtcg::fft::Tuning tuning) {
    const codegen::DType real = complex_.element();
    if (const std::optional<PassLayout> stored = stored_layout(context_, n_, real, !strided_, real_step_)) {
        if (const std::optional<PassPlanning> planning = planning_for(*stored, tuning))
            passes_ = make_passes(planning->sizes, *planning);
        return;
    }
    if (tuning != rtcg::fft::Tuning::tune) return;
    // Every candidate that makes other passes than those before it, the built-in layout's first.
    std::vector<PassLayout> layouts{built_in};
    std::vector<std::vector<Pass>> candidates;
    candidates.push_back(std::move(passes_));
    std::vector<std::tuple<std::vector<std::size_t>, std::size_t, std::size_t, bool, bool, bool, std::size_t>> made;
    const auto passes_of = [](const PassPlanning& planning) {
        return std::make_tuple(planning.sizes, planning.min_group, planning.limits.max_threads, planning.sixteens,
                               planning.int_twiddle_indices, planning.wide_odd, planning.limits.pieces);
    };
    made.push_back(passes_of(built_in_planning));
    for (const PassLayout& layout : layout_candidates(codegen::dialect_of(context_.device()))) {
        if (layout.pieces > 1 && !pieces_worth_timing(layout)) continue;
        const std::optional<PassPlanning> planning = planning_for(layout, tuning);
        if (!planning || std::find(made.begin(), made.end(), passes_of(*planning)) != made.end()) continue;
        made.push_back(passes_of(*planning));
        layouts.push_back(layout);
        candidates.push_back(shaped_passes(planning->sizes, *planning));
    }
    // The candidates' kernels compile together, on several host threads; one that fails there
    // is compiled again by finish_passes, which reports its error as make_passes would.
    std::vector<tuning::CompileJob> jobs;
    for (std::size_t k = 1; k < candidates.size(); ++k)
        for (const Pass& pass : candidates[k])
            jobs.push_back({pass.source, pass_compile_options(pass.shape), "fft_pass"});
    std::vector<tuning::CompiledKernel> kernels = tuning::compile_kernels(context_, jobs);
    std::size_t job = 0;
    for (std::size_t k = 1; k < candidates.size(); ++k) {
        std::vector<std::optional<Kernel>> compiled;
        for (std::size_t pass = 0; pass < candidates[k].size(); ++pass)
            compiled.push_back(std::move(kernels[job++].kernel));
        finish_passes(candidates[k], std::move(compiled));
    }
    const std::vector<std::optional<double>> times = time_layouts(candidates);
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        std::string passes;
        for (const Pass& pass : candidates[k])
            passes += (passes.empty() ? "" : ", ") + std::to_string(pass.shape.points) + " in groups of " +
                      std::to_string(pass.shape.group) + " x " + std::to_string(pass.shape.threads);
        plugin::logger().debug("fft: {} points, {} (passes of {}): {}", n_, layout_text(layouts[k]), passes,
                               times[k] ? std::to_string(*times[k]) + " ms" : std::string("passed over"));
    }
    std::size_t best = 0;
    for (std::size_t k = 1; k < candidates.size(); ++k)
        if (times[k] && (!times[best] || *times[k] < *times[best])) best = k;
    if (times[best]) store_layout(context_, n_, real, !strided_, real_step_, layouts[best], *times[best]);
    passes_ = std::move(candidates[best]);
}

std::vector<std::optional<double>> AxisPlan::time_layouts(const std::vector<std::vector<Pass>>& candidates) const {
    // Five arrays of the points (the input, the first candidate's output and another's, the passes'
    // two work arrays), each within a sixteenth of the device's memory: a third of it in all.
    const std::size_t target = tuning_point_count(context_.device(), complex_.size(), 16);
    const std::size_t batch = std::max<std::size_t>(1, target / n_);
    // A real step's side holds the real transform's n + 1 points per transform.
    const std::size_t in_points = n_ + (real_step_ == RealStep::tangle ? 1 : 0);
    const std::size_t out_points = n_ + (real_step_ == RealStep::untangle ? 1 : 0);
    const ArrayData input(context_, complex_, {batch * in_points});
    const ArrayData expected(context_, complex_, {batch * out_points}),
        output(context_, complex_, {batch * out_points});
    const bool single = complex_ == codegen::DType::complex64();
    if (single)
        input.write(tuning_points<float>(batch * in_points).data(), batch * in_points * complex_.size());
    else
        input.write(tuning_points<double>(batch * in_points).data(), batch * in_points * complex_.size());
    const auto layout = [&](const ArrayData& data, std::size_t points) {
        return tuning_layout(data.buffer(), n_, points, batch, !strided_);
    };
    Queue& queue = current_queue(context_);
    const auto run = [&](std::size_t k, const ArrayData& to) {
        run_passes(queue, candidates[k], layout(input, in_points), layout(to, out_points), batch, 1.0);
    };
    // Correct layouts differ from the first by their rounding only; the others are not timed.
    run(0, expected);
    std::vector<bool> agrees(candidates.size(), true);
    for (std::size_t k = 1; k < candidates.size(); ++k) {
        try {
            run(k, output);
        } catch (const InvalidArgument& e) {
            // A group the device cannot run after all (its registers): not a candidate here.
            plugin::logger().warn("fft: a layout of the passes of {} points is passed over: {}", n_, e.what());
            agrees[k] = false;
            continue;
        }
        const auto disagree = [&](auto real) {
            using Complex = std::complex<decltype(real)>;
            return mismatch(context_.to_host<Complex>(output.buffer()), context_.to_host<Complex>(expected.buffer()),
                            n_);
        };
        const std::optional<std::string> why = single ? disagree(float{}) : disagree(double{});
        if (why) plugin::logger().warn("fft: a layout of the passes of {} points is passed over: {}", n_, *why);
        agrees[k] = !why;
    }
    constexpr int rounds = 5;
    std::vector<std::vector<double>> times(candidates.size());
    for (int round = 0; round < rounds; ++round)
        for (std::size_t k = 0; k < candidates.size(); ++k) {
            if (!agrees[k]) continue;
            const Event start = queue.record();
            run(k, k == 0 ? expected : output);
            const Event end = queue.record();
            end.wait();
            times[k].push_back(elapsed_ms(start, end));
        }
    std::vector<std::optional<double>> medians(candidates.size());
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (!agrees[k]) continue;
        std::sort(times[k].begin(), times[k].end());
        medians[k] = times[k][rounds / 2];
    }
    return medians;
}

void AxisPlan::execute(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch,
                       double scale) const {
    if (batch == 0) return;
    if (batch > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()) / n_)
        throw InvalidArgument("a batch of " + std::to_string(batch) + " transforms of " + std::to_string(n_) +
                                  " points has more points than a 64-bit index counts",
                              "fft execute");
    if (bluestein_)
        run_bluestein(queue, in, out, batch, scale);
    else
        run_passes(queue, passes_, in, out, batch, scale);
}

void launch_pass_kernel(const Kernel& kernel, Queue& queue, const DeviceInfo& device, const PassShape& shape,
                        const codegen::DType& complex, const BatchLayout& in, const BatchLayout& out,
                        const PassTables& tables, std::int64_t batch, double scale) {
    const std::int64_t subs = signed_value(shape.subs);
    // A mirrored pass's slots are pairs of sub-transforms, half a group's rows (fft_row_slot).
    const std::int64_t slots = batch * (shape.mirrored() ? subs / 2 + 1 : subs);
    const std::size_t group_slots = shape.mirrored() ? shape.group / 2 : shape.group;
    const LaunchConfig config{
        Dim3{launch_groups(device, static_cast<std::size_t>(slots), group_slots, !shape.full_grid)},
        Dim3{shape.group * shape.threads}, pass_local_bytes(shape, complex.size())};
    const std::int64_t extent = in.points > 0 ? in.points : subs * signed_value(shape.points);
    // The scale in the transform's precision.
    const auto launch = [&](auto real_scale) {
        kernel(queue, config, *in.buffer, in.offset, in.stride, in.inner, in.inner_distance, in.outer_distance,
               *out.buffer, out.offset, out.stride, out.inner, out.inner_distance, out.outer_distance, *tables.twiddles,
               *tables.outer, *tables.real_roots, extent, subs, slots, real_scale);
    };
    if (complex == codegen::DType::complex64())
        launch(static_cast<float>(scale));
    else
        launch(scale);
}

void AxisPlan::launch_pass(Queue& queue, const Pass& pass, const BatchLayout& in, const BatchLayout& out,
                           std::size_t batch, double scale) const {
    // A first pass reads no twiddles between passes: its local ones stand in for them.
    const PassTables tables{&pass.twiddles, pass.shape.twiddled() ? &pass.outer_twiddles : &pass.twiddles,
                            pass.shape.real_step() ? &pass.real_roots : &pass.twiddles};
    launch_pass_kernel(pass.kernel, queue, context_.device(), pass.shape, complex_, in, out, tables,
                       signed_value(batch), scale);
}

void AxisPlan::run_passes(Queue& queue, const std::vector<Pass>& passes, const BatchLayout& in, const BatchLayout& out,
                          std::size_t batch, double scale) const {
    if (passes.size() == 1) return launch_pass(queue, passes.front(), in, out, batch, scale);
    // Between passes the points go through two contiguous work arrays in turn.
    const ArrayData first(context_, complex_, {batch * n_});
    const ArrayData second = passes.size() > 2 ? ArrayData(context_, complex_, {batch * n_}) : first;
    const BatchLayout work[2] = {contiguous_layout(first.buffer(), n_), contiguous_layout(second.buffer(), n_)};
    for (std::size_t k = 0; k < passes.size(); ++k) {
        const BatchLayout& from = k == 0 ? in : work[(k - 1) % 2];
        const BatchLayout& to = k + 1 == passes.size() ? out : work[k % 2];
        launch_pass(queue, passes[k], from, to, batch, k + 1 == passes.size() ? scale : 1.0);
    }
}

void AxisPlan::run_bluestein(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch,
                             double scale) const {
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
                  in.outer_distance, work.buffer(), plan.chirp, n, m, padded, sign_);
    plan.convolution->execute(queue, layout, layout, batch, 1.0);
    plan.multiply(queue, covering(padded), work.buffer(), plan.spectrum, m, padded);
    plan.convolution->execute(queue, layout, layout, batch, 1.0);
    if (complex_ == codegen::DType::complex64()) {
        const float real_scale = static_cast<float>(scale);
        plan.chirp_out(queue, covering(points), work.buffer(), *out.buffer, out.offset, out.stride, out.inner,
                       out.inner_distance, out.outer_distance, plan.chirp, n, m, points, real_scale, sign_);
    } else {
        plan.chirp_out(queue, covering(points), work.buffer(), *out.buffer, out.offset, out.stride, out.inner,
                       out.inner_distance, out.outer_distance, plan.chirp, n, m, points, scale, sign_);
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
