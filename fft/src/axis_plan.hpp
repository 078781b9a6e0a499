#pragma once
// The transforms of one length along one axis: the kernels of its passes (or of Bluestein's
// convolution), compiled once, and the tables they read, launched over a batch of transforms
// laid out as fft_batch_offset describes (fft/device/thread/complex.rtcg).
#include "pass_source.hpp"

#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/fft/plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail::fft {

// Where a batch of transforms lies: points `stride` apart from `offset` (elements), transform b at
// (b / inner) outer_distance + (b % inner) inner_distance.
struct BatchLayout {
    const Buffer* buffer = nullptr;
    std::int64_t offset = 0;
    std::int64_t stride = 1;
    std::int64_t inner = 1;
    std::int64_t inner_distance = 0;
    std::int64_t outer_distance = 0;
    std::int64_t points = 0; // the points of each transform, where not the plan's (RealStep::tangle)
};

// Where a tuner's candidates run: `batch` transforms of `n` points in rows of `row_points`
// elements next to each other (a real step's side holds n + 1 a row), or, where not `contiguous`,
// down the first axis of an [n, batch] array, neighbouring transforms adjacent.
BatchLayout tuning_layout(const Buffer& buffer, std::size_t n, std::size_t row_points, std::size_t batch,
                          bool contiguous);

// How the pass kernel of `shape` is compiled: in the prelude's neutral dialect, with the warp
// primitives where its first local pass's rounds are unrolled (kernel/pass.rtcg). Its source gives
// its group size (RTCG_REQUIRED_GROUP_SIZE, which NVIDIA's OpenCL compiler fits its registers to)
// and CUDA's register cap (RTCG_LAUNCH_BOUNDS).
CompileOptions pass_compile_options(const PassShape& shape);

// Kernel `name` of `source`, in the prelude's neutral dialect, compiled for the context's device.
Kernel compiled_kernel(const Context& context, const std::string& source, const std::string& name,
                       const CompileOptions& options);

// Work-groups for `work` items of `per_group` each: with `capped`, within a few rounds of the
// device's compute units, and without, one for every `per_group` items, up to the device's grid
// (the kernels stride over the rest).
std::size_t launch_groups(const DeviceInfo& device, std::size_t work, std::size_t per_group, bool capped = true);

// The tables a pass kernel reads (kernel/pass.rtcg): its local passes' twiddles (local_twiddles),
// the twiddles between passes (outer_twiddles; `twiddles` again for a first pass, which reads none)
// and the real transform's roots (`twiddles` again where the pass fuses no real step).
struct PassTables {
    const Buffer* twiddles = nullptr;
    const Buffer* outer = nullptr;
    const Buffer* real_roots = nullptr;
};

// Launches the pass kernel `kernel` of `shape` on `device` over `batch` transforms from `in` to
// `out` (complex64 or complex128 elements), times `scale`.
void launch_pass_kernel(const Kernel& kernel, Queue& queue, const DeviceInfo& device, const PassShape& shape,
                        const codegen::DType& complex, const BatchLayout& in, const BatchLayout& out,
                        const PassTables& tables, std::int64_t batch, double scale);

class AxisPlan {
public:
    // Transforms of n > 0 points of `complex` elements (complex64 or complex128), unnormalised, in
    // `direction`, for the context's device; `strided`: along an axis whose points are apart
    // and whose batch's neighbouring transforms are next to each other (not the last axis), which
    // a work-group reads several transforms at a time across. `real`: for a RealPlan's transforms
    // of 2n real points read as n complex pairs, where the transform is made of passes
    // (fuses_real() says whether it is; not Bluestein's): RealStep::untangle writes the n + 1
    // points of the real forward transform from the last pass (`direction` forward), RealStep::tangle
    // reads those of the inverse's input (its extent: the input layout's `points`) into the first
    // (`direction` inverse).
    // `tuning`: how a one-pass plan without a real step chooses its kernel, and a longer plan the
    // layout of its passes (rtcg::fft::Tuning).
    AxisPlan(const Context& context, std::size_t n, const codegen::DType& complex, bool strided,
             rtcg::fft::Direction direction, RealStep real = RealStep::none,
             rtcg::fft::Tuning tuning = rtcg::fft::Tuning::built_in);

    std::size_t size() const noexcept { return n_; }
    bool strided() const noexcept { return strided_; }
    bool fuses_real() const noexcept { return real_step_ != RealStep::none; }
    bool uses_bluestein() const noexcept { return bluestein_ != nullptr; }

    // Transforms `batch` transforms from `in` into `out`, times `scale`, on `queue`. `in` and `out`
    // may be the same array with the same layout.
    void execute(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch, double scale) const;

    // Every program's source, without the prelude.
    std::vector<std::string> sources() const;

private:
    struct Pass {
        PassShape shape;
        std::string source;
        Kernel kernel;
        Buffer twiddles;       // the local passes' twiddles (local_twiddles)
        Buffer outer_twiddles; // those between passes (outer_twiddles), where shape.twiddled()
        Buffer real_roots;     // the real step's roots (real_step_roots), where it untangles or tangles
    };
    struct Bluestein {
        std::size_t m = 0;
        std::unique_ptr<AxisPlan> convolution; // of m points, forward
        std::string source;
        Kernel chirp_in, multiply, chirp_out;
        Buffer chirp;    // exp(-pi i t^2 / n), t < n
        Buffer spectrum; // the FFT of the conjugate chirp, divided by m
    };

    // What the passes of a plan are made from (a layout's choices).
    struct PassPlanning {
        PassLimits limits;
        std::size_t min_group = 1;
        bool one_pass = true;
        std::vector<std::size_t> sizes;   // the points of each pass, in order
        bool sixteens = true;             // radix-16 local passes, where there are several passes
        bool int_twiddle_indices = false; // the passes after the first index their twiddles with ints
        bool wide_odd = false;            // odd radices up to largest_wide_odd_radix, where that differs
        rtcg::fft::Tuning tuning = rtcg::fft::Tuning::built_in;
    };

    // The local memory a group's rows may take, less room for their skew and padding.
    std::size_t usable_local_bytes() const;
    // The layout of the passes by the built-in rules, and what its passes are made from
    // (planning_for).
    struct PlannedLayout {
        PassLayout layout;
        std::optional<PassPlanning> planning;
    };
    PlannedLayout built_in_layout(rtcg::fft::Tuning tuning) const;
    // The built-in layout of a transform that the whole local memory holds only in pieces
    // (PassShape::pieces): a power of two in one pass of two pieces where they hold it and a
    // group's work-items hold their points in registers (holding_pass_threads); nullopt elsewhere.
    std::optional<PassLayout> pieced_layout(std::size_t max_threads, bool int_indices) const;
    // Whether a tuning candidate of `layout`, in pieces, is worth compiling and timing: on a GPU
    // whose local memory holds the points only in pieces, where its work-items' registers hold
    // them. A stored layout is taken as it is.
    bool pieces_worth_timing(const PassLayout& layout) const;
    // What the passes of `layout` are made from; nullopt where its groups hold fewer points than a
    // prime factor of the length, or where its pieces do not serve (planning_for).
    std::optional<PassPlanning> planning_for(const PassLayout& layout, rtcg::fft::Tuning tuning) const;
    // The passes of `sizes` points each, in that order: shaped_passes, then finish_passes.
    std::vector<Pass> make_passes(const std::vector<std::size_t>& sizes, const PassPlanning& planning) const;
    // Their shapes and sources (a one-pass kernel's choice tuned where planning.tuning says).
    std::vector<Pass> shaped_passes(const std::vector<std::size_t>& sizes, const PassPlanning& planning) const;
    // Gives each pass its kernel: `compiled`'s where it holds one for the pass (their sources'
    // kernels, in the passes' order), else compiled here; again with fewer work-items a kernel
    // whose registers cannot run its group. Uploads the passes' tables.
    void finish_passes(std::vector<Pass>& passes, std::vector<std::optional<Kernel>> compiled = {}) const;
    // Replaces the passes of the `built_in` layout (made of `built_in_planning`; passes_ holds
    // them) by those of the layout the tuning database holds, or, with Tuning::tune and no entry,
    // by the fastest of layout_candidates() whose results agree with the built-in one's, storing
    // its layout. A real step's passes are timed with it, and their layout stored apart from the
    // complex transform's.
    void choose_layout(const PassLayout& built_in, const PassPlanning& built_in_planning, rtcg::fft::Tuning tuning);
    // The median time of an execution of each candidate set of passes over a batch of about 2^25
    // points (2^16 on a CPU device), in rows of n + 1 points on the real side of a real step;
    // nullopt for one whose results differ from the first's beyond rounding.
    std::vector<std::optional<double>> time_layouts(const std::vector<std::vector<Pass>>& candidates) const;
    void run_passes(Queue& queue, const std::vector<Pass>& passes, const BatchLayout& in, const BatchLayout& out,
                    std::size_t batch, double scale) const;
    void run_bluestein(Queue& queue, const BatchLayout& in, const BatchLayout& out, std::size_t batch,
                       double scale) const;
    void launch_pass(Queue& queue, const Pass& pass, const BatchLayout& in, const BatchLayout& out, std::size_t batch,
                     double scale) const;

    Context context_;
    std::size_t n_;
    codegen::DType complex_;
    bool strided_;
    int sign_; // the direction's: -1 forward, +1 inverse
    std::vector<Pass> passes_;
    RealStep real_step_; // none where Bluestein's algorithm transforms: RealPlan runs the real step apart
    std::unique_ptr<Bluestein> bluestein_;
};

} // namespace rtcg::detail::fft
