#pragma once
/// \file
/// Tuning policies: the tuned constants of each generated algorithm (work-group sizes, items per
/// work-item, grid caps, local memory budgets), one plain aggregate per algorithm, as CUB's tuning
/// policies are. rtcg keeps a default table of them per algorithm and device class; a tuning
/// database (or a program) may override an algorithm's policy for one device.
///
/// \code
///   rtcg::ReductionPolicy policy = rtcg::policy_for<rtcg::ReductionPolicy>(ctx.device());
///   policy.block_size = 128;
///   rtcg::override_policy(ctx.device(), policy);   // InvalidArgument if the device cannot run it
///   rtcg::sum(x);                                   // built and launched with 128 work-items
///   rtcg::remove_policy_override<rtcg::ReductionPolicy>(ctx.device());
/// \endcode
///
/// An override holds for the device identity (backend, platform, name, architecture and driver
/// version, the fields a tuning database keys on) in every context of the process. It applies to
/// the kernels built after it: a kernel already built (an ElementwiseKernel, ReductionKernel or
/// ScanKernel object) keeps the shape it was built with, while the array operations, which look
/// their kernels up on each call, take the override from their next call. Overrides change speed,
/// never results. Every function here is thread-safe.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace rtcg {

/// The classes of device that the default policy tables tell apart: what the generated code
/// itself distinguishes.
enum class DeviceClass {
    nvidia_gpu, ///< a GPU whose target has NVIDIA's warp primitives (CUDA, OpenCL on NVIDIA's platform)
    gpu,        ///< any other GPU
    cpu,        ///< CPUs, and every other device that is not a GPU
};

/// The class of `device`. InvalidArgument for a GPU of a backend rtcg has no dialect for.
RTCG_API DeviceClass device_class(const DeviceInfo& device);
/// "nvidia_gpu", "gpu" or "cpu".
RTCG_API const char* to_string(DeviceClass device_class) noexcept;

/// What a policy field's value must be, checked when a policy is overridden.
enum class PolicyFieldRule {
    positive,                     ///< at least 1
    work_group_size,              ///< at least 1 and within the device's work-group limits
    power_of_two_work_group_size, ///< a work_group_size that is a power of two
};

/// One named field of a policy: what its text form calls it, where it is, what it must be.
template <class Policy>
struct PolicyField {
    std::string_view name;       ///< the field's name, as in "block_size=256"
    std::size_t Policy::*member; ///< the field
    PolicyFieldRule rule;        ///< what its value must be
};

/// A cap on work-groups that is no cap: the most any launch takes in one grid dimension
/// (2^32 - 1), before the device's own limit.
inline constexpr std::size_t unlimited_groups = std::numeric_limits<std::uint32_t>::max();

/// Grid-stride elementwise kernels: ElementwiseKernel, array arithmetic and fused expressions.
struct ElementwisePolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "elementwise";
    std::size_t block_size = 0;                ///< work-items per work-group (fewer where the kernel allows fewer)
    std::size_t min_indices_per_work_item = 0; ///< indices each work-item takes before more work-groups launch
    std::size_t groups_per_compute_unit = 0;   ///< the grid's cap per compute unit, for operations that compute
    /// The grid's cap per compute unit for operations that only stream (no calls, no loops);
    /// unlimited_groups for no cap but the device's.
    std::size_t streaming_groups_per_compute_unit = 0;

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = ElementwisePolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::work_group_size},
            PolicyField<P>{"min_indices_per_work_item", &P::min_indices_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"groups_per_compute_unit", &P::groups_per_compute_unit, PolicyFieldRule::positive},
            PolicyField<P>{"streaming_groups_per_compute_unit", &P::streaming_groups_per_compute_unit,
                           PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const ElementwisePolicy&, const ElementwisePolicy&) = default;
};

/// Tiled copies: copies whose written and read arrays are fastest along different axes
/// (transposes, axis permutations), moved through local memory one square tile at a time.
struct TransposePolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "transpose";
    std::size_t tile_edge = 0;  ///< elements along each side of a tile (fewer where elements are wide)
    std::size_t tile_rows = 0;  ///< rows of a tile a work-group moves at once: it has tile_edge * tile_rows work-items
    std::size_t tile_bytes = 0; ///< the most local memory a tile takes (less where the device has less)
    std::size_t groups_per_compute_unit = 0; ///< the grid's cap per compute unit; unlimited_groups for none but the device's
    /// The fewest elements along each of the two axes for which the copy is tiled; below it the
    /// elementwise kernel moves the elements.
    std::size_t min_tiled_extent = 0;

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = TransposePolicy;
        return std::array{
            PolicyField<P>{"tile_edge", &P::tile_edge, PolicyFieldRule::positive},
            PolicyField<P>{"tile_rows", &P::tile_rows, PolicyFieldRule::positive},
            PolicyField<P>{"tile_bytes", &P::tile_bytes, PolicyFieldRule::positive},
            PolicyField<P>{"groups_per_compute_unit", &P::groups_per_compute_unit, PolicyFieldRule::positive},
            PolicyField<P>{"min_tiled_extent", &P::min_tiled_extent, PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const TransposePolicy&, const TransposePolicy&) = default;
};

/// Random number fills (random::Philox, random::Threefry): one work-item per four values,
/// grid-stride beyond the cap.
struct RandomPolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "random";
    std::size_t block_size = 0;              ///< work-items per work-group (fewer where the kernel allows fewer)
    std::size_t groups_per_compute_unit = 0; ///< the grid's cap per compute unit

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = RandomPolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::work_group_size},
            PolicyField<P>{"groups_per_compute_unit", &P::groups_per_compute_unit, PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const RandomPolicy&, const RandomPolicy&) = default;
};

/// Reductions: ReductionKernel, sum, min, max, dot and the other reductions of arrays.
struct ReductionPolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "reduction";
    std::size_t block_size = 0; ///< work-items per work-group, a power of two (the tree in local memory halves it)
    /// Bytes of mapped values each work-item has in flight per step; with the output type's size
    /// it gives the items per work-item, clamped to the two fields below.
    std::size_t batch_bytes = 0;
    std::size_t min_items_per_work_item = 0; ///< the fewest items a work-item folds per step
    std::size_t max_items_per_work_item = 0; ///< the most, at least min_items_per_work_item
    /// Work-items of the first pass resident per compute unit (fewer where registers say so):
    /// its grid never launches more, so that no second, partly filled wave runs.
    std::size_t resident_work_items_per_compute_unit = 0;

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = ReductionPolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"batch_bytes", &P::batch_bytes, PolicyFieldRule::positive},
            PolicyField<P>{"min_items_per_work_item", &P::min_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"max_items_per_work_item", &P::max_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"resident_work_items_per_compute_unit", &P::resident_work_items_per_compute_unit,
                           PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const ReductionPolicy&, const ReductionPolicy&) = default;
};

/// Reductions along axes: sum, min, argmax, mean and the others with ReduceOptions::axes.
struct AxisReductionPolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "axis_reduction";
    /// Work-items per work-group, a power of two, where a kept axis is innermost in memory (each
    /// work-item folds outputs alone, neighbours neighbouring outputs).
    std::size_t block_size = 0;
    std::size_t items_per_work_item = 0; ///< reduced elements a work-item has in flight per step, likewise
    /// Work-items per work-group, a power of two, where the reduced run is innermost in memory
    /// (segments of work-items fold an output each, in trees): these read runs of one output, and
    /// want other shapes than the columns, whose reads run across outputs.
    std::size_t row_block_size = 0;
    /// The same where the reduction's values are wider than 8 bytes (argmin's and argmax's pairs,
    /// complex128 sums), whose folds hold more per work-item.
    std::size_t wide_row_block_size = 0;
    std::size_t row_items_per_work_item = 0; ///< reduced elements a work-item has in flight per step, likewise
    /// The work-groups that fill a compute unit, where the backend cannot say how many of a kernel
    /// it holds at once (OpenCL); where it can (CUDA), the grid is sized to fill whole waves of them.
    std::size_t groups_per_compute_unit = 0;
    /// The fewest reduced elements per work-item in a slice: the reduced indices are cut into
    /// slices over more work-groups (and a second pass folds them) only while the outputs alone
    /// leave compute units idle and each work-item keeps at least this many.
    std::size_t min_items_per_slice = 0;

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = AxisReductionPolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"items_per_work_item", &P::items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"row_block_size", &P::row_block_size, PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"wide_row_block_size", &P::wide_row_block_size,
                           PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"row_items_per_work_item", &P::row_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"groups_per_compute_unit", &P::groups_per_compute_unit, PolicyFieldRule::positive},
            PolicyField<P>{"min_items_per_slice", &P::min_items_per_slice, PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const AxisReductionPolicy&, const AxisReductionPolicy&) = default;
};

/// Scans: ScanKernel, cumsum and the algorithms built on scans (copy_if, partition, unique).
struct ScanPolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "scan";
    std::size_t block_size = 0;              ///< the most work-items per work-group, a power of two
    std::size_t max_items_per_work_item = 0; ///< the most elements per work-item in a tile
    std::size_t tile_bytes = 0;              ///< the most local memory a tile takes (less where the device has less)
    std::size_t groups_per_compute_unit = 0; ///< reduce-then-scan: the grid's cap per compute unit
    /// The single pass (NVIDIA): work-groups that must share a compute unit, which caps each
    /// work-item's registers.
    std::size_t single_pass_groups_per_compute_unit = 0;

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = ScanPolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"max_items_per_work_item", &P::max_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"tile_bytes", &P::tile_bytes, PolicyFieldRule::positive},
            PolicyField<P>{"groups_per_compute_unit", &P::groups_per_compute_unit, PolicyFieldRule::positive},
            PolicyField<P>{"single_pass_groups_per_compute_unit", &P::single_pass_groups_per_compute_unit,
                           PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const ScanPolicy&, const ScanPolicy&) = default;
};

/// The radix sort: sort() and sort_by_key().
struct SortPolicy {
    /// The name of the algorithm in texts and tuning database keys.
    static constexpr std::string_view algorithm = "sort";
    std::size_t block_size = 0;         ///< the most work-items per work-group, a power of two
    std::size_t local_memory_bytes = 0; ///< the most local memory a pass's work-group takes
    /// The most keys per work-item in a tile (fewer where local memory says so), where a pass
    /// ranks by counting rounds in local memory.
    std::size_t counting_items_per_work_item = 0;
    /// Where it ranks by warp votes (NVIDIA): keys of 4 bytes or less in sorts below
    /// `large_sort_from` keys, the same from there, and wider keys.
    ///@{
    std::size_t vote_items_per_work_item = 0;
    std::size_t large_vote_items_per_work_item = 0;
    std::size_t wide_vote_items_per_work_item = 0;
    ///@}
    std::size_t large_sort_from = 0;                   ///< the keys from which a sort is large
    std::size_t histogram_items_per_work_item = 0;     ///< keys each histogram work-item reads per tile
    std::size_t histogram_groups_per_compute_unit = 0; ///< the histogram grid's cap per compute unit
    std::size_t read_back_from = 0; ///< the keys from which the host reads counts back to skip passes

    /// Every field, in the order of the text form.
    static constexpr auto fields() {
        using P = SortPolicy;
        return std::array{
            PolicyField<P>{"block_size", &P::block_size, PolicyFieldRule::power_of_two_work_group_size},
            PolicyField<P>{"local_memory_bytes", &P::local_memory_bytes, PolicyFieldRule::positive},
            PolicyField<P>{"counting_items_per_work_item", &P::counting_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"vote_items_per_work_item", &P::vote_items_per_work_item, PolicyFieldRule::positive},
            PolicyField<P>{"large_vote_items_per_work_item", &P::large_vote_items_per_work_item,
                           PolicyFieldRule::positive},
            PolicyField<P>{"wide_vote_items_per_work_item", &P::wide_vote_items_per_work_item,
                           PolicyFieldRule::positive},
            PolicyField<P>{"large_sort_from", &P::large_sort_from, PolicyFieldRule::positive},
            PolicyField<P>{"histogram_items_per_work_item", &P::histogram_items_per_work_item,
                           PolicyFieldRule::positive},
            PolicyField<P>{"histogram_groups_per_compute_unit", &P::histogram_groups_per_compute_unit,
                           PolicyFieldRule::positive},
            PolicyField<P>{"read_back_from", &P::read_back_from, PolicyFieldRule::positive}};
    }
    /// Equal when every field is.
    friend bool operator==(const SortPolicy&, const SortPolicy&) = default;
};

/// Every policy type, for code that handles each in turn (a tuning database applying entries).
using PolicyTypes =
    std::tuple<ElementwisePolicy, RandomPolicy, ReductionPolicy, AxisReductionPolicy, ScanPolicy, SortPolicy, TransposePolicy>;

/// One of the policy types above.
template <class T>
concept TuningPolicy = std::is_same_v<T, ElementwisePolicy> || std::is_same_v<T, RandomPolicy> ||
    std::is_same_v<T, ReductionPolicy> || std::is_same_v<T, AxisReductionPolicy> || std::is_same_v<T, ScanPolicy> ||
    std::is_same_v<T, SortPolicy> || std::is_same_v<T, TransposePolicy>;

/// The default table's policy for `device_class`.
template <TuningPolicy Policy>
RTCG_API Policy default_policy(DeviceClass device_class);

/// The policy kernels built now for `device` use: its override, else the default for its class.
template <TuningPolicy Policy>
RTCG_API Policy policy_for(const DeviceInfo& device);

/// Makes `policy` the one for `device` (replacing an earlier override). InvalidArgument, naming
/// the field and the rule, where a field is zero, a work-group size is above the device's limit
/// or not a power of two where one is required, or the fields contradict each other; nothing
/// changes then.
template <TuningPolicy Policy>
RTCG_API void override_policy(const DeviceInfo& device, const Policy& policy);

/// Returns `device` to the default table's policy; true when there was an override.
template <TuningPolicy Policy>
RTCG_API bool remove_policy_override(const DeviceInfo& device);

/// "block_size=256,min_indices_per_work_item=2,...": every field, in fields() order.
template <TuningPolicy Policy>
RTCG_API std::string to_string(const Policy& policy);

/// `base` with the fields that `text` names ("block_size=128,tile_bytes=8192", any of the fields,
/// each at most once) set to its decimal values. InvalidArgument for an unknown or repeated field,
/// or a value that is not a whole number; the values are checked by override_policy, not here.
template <TuningPolicy Policy>
RTCG_API Policy parse_policy(std::string_view text, Policy base);

} // namespace rtcg
