// The tuned format (spmv_tuning.hpp): the candidates planned on the matrix, checked against vector
// CSR's product and timed by rtcg::tuning, the choice kept in its database.
#include "spmv_tuning.hpp"

#include "column_order.hpp"
#include "indexed_values.hpp"
#include "instantiate.hpp"
#include "programs.hpp"
#include "shared_analysis.hpp"
#include "spmv_merge.hpp"
#include "value_operations.hpp"
#include "values.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/size_class.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <map>
#include <vector>

namespace rtcg::sparse_detail {

template <SparseValue T, SparseIndex I>
struct TunerCandidate {
    // A plan of `a` that takes what `shared` holds of the analysis its options need.
    static Spmv<T, I> plan(const CsrMatrix<T, I>& a, const SpmvOptions& options, const SharedAnalysis<T, I>& shared) {
        return Spmv<T, I>(a, options, false, &shared);
    }
};

namespace {

// The generator's name and version in the database key: change it when a choice's meaning or the
// candidates do (SpmvTuning::tune keeps a stored choice, so a new candidate would go untried).
constexpr const char* tuned_kernel = "rtcg.sparse.spmv_format/v9";

// The merge form's shapes the tuner tries where the options leave them open. Odd counts keep the
// work-items' runs of products in distinct local-memory banks; 4 and 6 share banks, but 8-byte
// values with cached columns ran fastest with one of them (bench/NOTES.md, "The merge SpMV's
// cached columns" and "Six items a work-item").
constexpr std::int64_t merge_groups[] = {64, 128, 256};
constexpr std::int64_t merge_item_counts[] = {3, 4, 5, 6, 7, 9, 11, 13};

// The bytes of x's most-read columns the tuner tries keeping in the first-level cache, where the
// merge form's other gathers can pass it by (SpmvOptions::cached_columns): about what the L1 of an
// NVIDIA GPU holds beside the tiles' local memory, with the driver's carveout (up to 128 KiB) and
// with tuned_carveout_kib's (192 KiB).
constexpr std::int64_t cached_kib[] = {64, 96, 128, 192};

// The local memory a multiprocessor keeps under the carveout the tuner tries beside the driver's
// (SpmvOptions::local_memory_carveout) with cached columns: fewer tiles at once than the driver's
// choice fits, and the rest of the on-chip memory for the first-level cache, which the gathers of
// the cached columns hit.
constexpr std::uint64_t tuned_carveout_kib = 64;

// The candidates' value for the driver's carveout.
constexpr std::int64_t driver_carveout = -1;

constexpr SpmvFormat every_format[] = {SpmvFormat::csr_vector, SpmvFormat::ell,  SpmvFormat::csr_binned,
                                       SpmvFormat::csr_merge,  SpmvFormat::sell, SpmvFormat::dia};

std::optional<SpmvFormat> format_named(const std::string& name) {
    for (const SpmvFormat format : every_format)
        if (format_name(format) == name) return format;
    return std::nullopt;
}

// The candidates' space: every format, ELL only where its padding stays within four times the
// entries (a power-law graph's ELL copy would not fit the device), DIA likewise and only where the
// plan found the matrix's diagonals (statistics.diagonals), with the columns as given; the merge form with each shape
// whose tile fits the local memory (the options' shape only, where they give one) and either
// column order (the options' only, where they give one), the other formats with one shape and
// the columns as given (the merge form is the power-law graphs' format, whose columns renumbering
// serves). Where the loads can pass the first-level cache by (loads_past_the_l1: CUDA, and OpenCL
// on NVIDIA, with real values), the merge form with the largest group and the columns renumbered
// also keeps each of cached_kib's amounts of x's first columns, fewer than the matrix's columns,
// in the first-level cache (the options' count only, where they give one), each with the driver's
// carveout and, where the device's launches apply one (DeviceInfo::applies_local_memory_carveout),
// with tuned_carveout_kib's (the options' carveout only, where they give one). Where the matrix has
// few enough distinct values (`indexable`), the merge form with the largest group and the columns
// renumbered reads them as indices too (the options' choice only, where they make it).
template <SparseValue T, SparseIndex I>
tuning::ParameterSpace candidate_space(const RowStatistics& statistics, std::size_t columns, const SpmvOptions& options,
                                       const DeviceInfo& device, bool indexable) {
    std::vector<std::string> names;
    for (const SpmvFormat format : every_format) names.emplace_back(format_name(format));
    const std::size_t largest = most_block(device);
    std::vector<std::int64_t> groups, items;
    if (options.merge_group != 0) {
        groups.push_back(static_cast<std::int64_t>(options.merge_group));
    } else {
        for (const std::int64_t group : merge_groups)
            if (static_cast<std::size_t>(group) <= largest) groups.push_back(group);
        if (groups.empty()) groups.push_back(static_cast<std::int64_t>(largest));
    }
    if (options.merge_items != 0)
        items.push_back(static_cast<std::int64_t>(options.merge_items));
    else
        items.assign(std::begin(merge_item_counts), std::end(merge_item_counts));
    const double slots = static_cast<double>(statistics.rows) * static_cast<double>(statistics.longest);
    const double entries = static_cast<double>(statistics.nnz);
    const double diagonal_slots = static_cast<double>(statistics.rows) * static_cast<double>(statistics.diagonals);
    const bool diagonal = statistics.diagonals != 0;
    const std::int64_t first_group = groups.front(), first_items = items.front();
    const std::uint64_t local_bytes = device.static_local_memory_bytes;
    tuning::ParameterSpace space;
    std::vector<std::string> orders;
    if (options.column_order != ColumnOrder::by_count) orders.emplace_back("as_given");
    if (options.column_order != ColumnOrder::as_given) orders.emplace_back("by_count");
    const std::string first_order = orders.front();
    std::vector<std::int64_t> cached{static_cast<std::int64_t>(options.cached_columns)};
    const bool offers_cache = options.cached_columns == 0 &&
                              loads_past_the_l1(codegen::target_of(device), codegen::dtype_of<T>());
    if (offers_cache)
        for (const std::int64_t kib : cached_kib)
            if (const std::int64_t count = kib * 1024 / static_cast<std::int64_t>(sizeof(T));
                static_cast<std::size_t>(count) < columns)
                cached.push_back(count);
    std::vector<std::int64_t> carveouts{
        options.local_memory_carveout ? static_cast<std::int64_t>(*options.local_memory_carveout) : driver_carveout};
    const std::uint64_t carveout_bytes = tuned_carveout_kib * 1024;
    if (offers_cache && !options.local_memory_carveout && device.applies_local_memory_carveout &&
        device.local_memory_bytes > carveout_bytes)
        carveouts.push_back(static_cast<std::int64_t>((carveout_bytes * 100 + device.local_memory_bytes - 1) /
                                                      device.local_memory_bytes));
    const std::int64_t first_carveout = carveouts.front();
    std::vector<std::int64_t> indexed{options.indexed_values ? 1 : 0};
    if (!options.indexed_values && indexable) indexed.push_back(1);
    const auto largest_group = static_cast<std::int64_t>(largest);
    space.choice("format", names)
        .integer("merge_group", groups)
        .integer("merge_items", items)
        .choice("column_order", orders)
        .integer("cached_columns", cached)
        .integer("local_memory_carveout", carveouts)
        .integer("indexed_values", indexed)
        .constraint("only the merge form caches columns",
                    [](const tuning::Configuration& c) {
                        return c.integer("cached_columns") == 0 || c.choice("format") == "csr_merge";
                    })
        .constraint("only the merge form indexes its values",
                    [](const tuning::Configuration& c) {
                        return c.integer("indexed_values") == 0 || c.choice("format") == "csr_merge";
                    })
        .constraint("the tuner indexes the values with the renumbered columns and the largest work-group",
                    [asked = options.indexed_values, largest_group](const tuning::Configuration& c) {
                        return asked || c.integer("indexed_values") == 0 ||
                               (c.integer("merge_group") == largest_group && c.choice("column_order") == "by_count");
                    })
        .constraint("the tuner's carveout goes with cached columns",
                    [first_carveout](const tuning::Configuration& c) {
                        return c.integer("local_memory_carveout") == first_carveout || c.integer("cached_columns") != 0;
                    })
        .constraint("the tuner caches the renumbered columns with the largest work-group",
                    [offers_cache, largest_group](const tuning::Configuration& c) {
                        return !offers_cache || c.integer("cached_columns") == 0 ||
                               (c.integer("merge_group") == largest_group && c.choice("column_order") == "by_count");
                    })
        .constraint("only the merge form renumbers its columns",
                    [first_order](const tuning::Configuration& c) {
                        return c.choice("format") == "csr_merge" || c.choice("column_order") == first_order;
                    })
        .constraint("ELL pads to at most four times the entries",
                    [slots, entries](const tuning::Configuration& c) {
                        return c.choice("format") != "ell" || slots <= 4 * entries;
                    })
        .constraint("DIA takes a matrix of few diagonals, padded to at most four times the entries, as given",
                    [diagonal, diagonal_slots, entries](const tuning::Configuration& c) {
                        return c.choice("format") != "dia" ||
                               (diagonal && diagonal_slots <= 4 * entries && c.choice("column_order") == "as_given");
                    })
        .constraint("only the merge form varies its tile's shape",
                    [first_group, first_items](const tuning::Configuration& c) {
                        return c.choice("format") == "csr_merge" ||
                               (c.integer("merge_group") == first_group && c.integer("merge_items") == first_items);
                    })
        .constraint("the merge tile fits the local memory", [local_bytes](const tuning::Configuration& c) {
            return c.choice("format") != "csr_merge" ||
                   merge_tile_fits(static_cast<std::size_t>(c.integer("merge_group")),
                                   static_cast<std::size_t>(c.integer("merge_items")), sizeof(T), local_bytes);
        });
    return space;
}

// The options of configuration `c`: `options` with its format and, for the merge form, its shape.
SpmvOptions options_of(const tuning::Configuration& c, SpmvOptions options) {
    options.format = format_named(c.choice("format"));
    options.column_order = c.choice("column_order") == "by_count" ? ColumnOrder::by_count : ColumnOrder::as_given;
    const std::int64_t carveout = c.integer("local_memory_carveout");
    options.local_memory_carveout = carveout == driver_carveout
                                        ? std::nullopt
                                        : std::optional<unsigned>(static_cast<unsigned>(carveout));
    if (options.format == SpmvFormat::csr_merge) {
        options.merge_group = static_cast<std::size_t>(c.integer("merge_group"));
        options.merge_items = static_cast<std::size_t>(c.integer("merge_items"));
        options.cached_columns = static_cast<std::size_t>(c.integer("cached_columns"));
        options.indexed_values = c.integer("indexed_values") != 0;
    }
    return options;
}

// The kernel that does most of a format's product: the one the tuner compiles (a compile cache
// hit, the plan having built the same source) and whose block it checks.
const char* main_kernel(SpmvFormat format) {
    switch (format) {
    case SpmvFormat::ell: return "rtcg_spmv_ell";
    case SpmvFormat::csr_merge: return "rtcg_spmv_merge";
    case SpmvFormat::sell: return "rtcg_spmv_sell";
    case SpmvFormat::dia: return "rtcg_spmv_dia";
    case SpmvFormat::csr_vector:
    case SpmvFormat::csr_binned: break;
    }
    return "rtcg_spmv_csr_vector";
}

// The candidates' results differ from the reference by rounding only: a relative L2 distance of
// a few epsilons of the precision per doubling of the longest row.
template <class T>
std::optional<std::string> mismatch(const std::vector<T>& got, const std::vector<T>& expected, std::size_t longest) {
    long double difference = 0, norm = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        difference += std::norm(std::complex<long double>(got[i]) - std::complex<long double>(expected[i]));
        norm += std::norm(std::complex<long double>(expected[i]));
    }
    using Real = decltype(std::abs(T{}));
    const long double bound = 64 * std::numeric_limits<Real>::epsilon() *
                              (std::log2(static_cast<long double>(longest) + 1) + 1);
    const long double relative = norm > 0 ? std::sqrt(difference / norm) : std::sqrt(difference);
    if (relative <= bound) return std::nullopt; // NaN (an unwritten y) fails too
    return "relative L2 distance " + std::to_string(static_cast<double>(relative)) + " from vector CSR's product";
}

} // namespace

std::string statistics_class(const RowStatistics& statistics, const codegen::DType& value,
                             const codegen::DType& index) {
    const double mean = statistics.mean();
    const auto skew = static_cast<std::uint64_t>(mean > 0 ? static_cast<double>(statistics.longest) / mean : 0);
    return std::string(value.name()) + "_" + std::string(index.name()) + "_" +
           tuning::power_of_two_class(
               {statistics.rows, static_cast<std::uint64_t>(std::ceil(mean)), std::max<std::uint64_t>(skew, 1)});
}

template <SparseValue T, SparseIndex I>
std::optional<SpmvOptions> tuned_options(const CsrMatrix<T, I>& a, const RowStatistics& statistics,
                                         const SpmvOptions& options) {
    const Context& context = a.context();
    const tuning::TuningKey key = tuning::TuningKey::of(
        context.device(), tuned_kernel, statistics_class(statistics, codegen::dtype_of<T>(), codegen::dtype_of<I>()));
    // Whether the values may be indexed (the merge form's candidates then read them both ways):
    // asked only where a stored entry or the tuning needs it, since it reads every value back.
    std::optional<bool> few_values;
    const auto indexable = [&] {
        if (!few_values) few_values = options.indexed_values || indexable_values(a.values());
        return *few_values;
    };
    const std::optional<tuning::TuningDatabase> database = tuning::TuningDatabase::default_location();
    if (database)
        if (const std::optional<tuning::TuningEntry> entry = database->find(key)) try {
                // Parsed as if the values were indexable; an indexed entry is then checked.
                const tuning::ParameterSpace space = candidate_space<T, I>(statistics, a.cols(), options,
                                                                           context.device(), true);
                const tuning::Configuration stored = space.parse(entry->configuration);
                if (!space.violated_constraint(stored) && (stored.integer("indexed_values") == 0 || indexable()))
                    return options_of(stored, options);
            } catch (const InvalidArgument&) {
                // An entry that no longer parses (or names a shape the options rule out) is
                // passed over and replaced by the next tuning.
            }
    // A matrix of no rows or columns has nothing to time.
    if (options.tuning != SpmvTuning::tune || a.rows() == 0 || a.cols() == 0) return std::nullopt;
    // The values' indices, found once for every candidate that reads them (not where the values
    // are known to have too many; where the options ask for indexed values that the matrix cannot
    // have, each such candidate's plan says so).
    SharedAnalysis<T, I> shared;
    if (few_values.value_or(true)) shared.indexed = indexed_values(a.values());
    const tuning::ParameterSpace space = candidate_space<T, I>(statistics, a.cols(), options, context.device(),
                                                               options.indexed_values || shared.indexed);

    // Every candidate planned first, on this thread: the tuner compiles on several.
    SpmvOptions fixed = options;
    fixed.transpose = false;
    fixed.tuning = SpmvTuning::built_in;
    // The candidates that renumber the columns (all of the merge form) share one renumbering,
    // with as many hot columns as the one that caches the most needs.
    const std::vector<tuning::Configuration> candidates = space.valid_configurations();
    std::optional<std::size_t> most_cached;
    for (const tuning::Configuration& c : candidates)
        if (c.choice("column_order") == "by_count")
            most_cached = std::max(most_cached.value_or(0), static_cast<std::size_t>(c.integer("cached_columns")));
    if (most_cached && a.nnz() != 0)
        shared.renumbering = renumber_columns_by_count(a, merge_hot_columns<T, I>(*most_cached, a.cols()));
    if (shared.renumbering && shared.indexed && shared.renumbering->column_space <= packable_columns<I>)
        shared.packed_columns = packed_columns(shared.renumbering->columns, shared.indexed->indices);
    std::map<std::string, Spmv<T, I>> plans;
    for (const tuning::Configuration& candidate : candidates)
        plans.emplace(candidate.to_string(), TunerCandidate<T, I>::plan(a, options_of(candidate, fixed), shared));
    Queue& queue = detail::current_queue(context);
    // x in [0.5, 1.5): products of mixed signs cancel less than with ones.
    std::vector<T> x_host(a.cols());
    for (std::size_t i = 0; i < x_host.size(); ++i) x_host[i] = value_of<T>(0.5 + static_cast<double>(i % 97) / 97);
    const auto x = Array<T>::to_device(context, x_host);
    const auto y = Array<T>::empty(context, a.rows());
    // The reference takes none of the merge form's options, which vector CSR refuses.
    Spmv<T, I>(a, SpmvOptions{.format = SpmvFormat::csr_vector})(value_of<T>(1), x, value_of<T>(0), y);
    const std::vector<T> expected = y.get();

    const codegen::Target kernel_target = target(context);
    tuning::TuningProblem problem{
        .kernel = key.kernel,
        .size_class = key.size_class,
        .space = space,
        .generate =
            [&plans, kernel_target](const tuning::Configuration& c) {
                const Spmv<T, I>& plan = plans.at(c.to_string());
                return tuning::GeneratedKernel{plan.source(kernel_target), main_kernel(plan.format()), {}, 0};
            },
        // The plan launches its own kernels (the merge form two) on the tuner's queue.
        .launch =
            [&plans, &x, &y](const Kernel&, const tuning::Configuration& c, Queue& on) {
                const QueueScope scope(on);
                plans.at(c.to_string())(value_of<T>(1), x, value_of<T>(0), y);
            },
        .check =
            [&y, &expected, &statistics](Queue& on) {
                on.finish();
                const QueueScope scope(on);
                return mismatch(y.get(), expected, statistics.longest);
            },
        .reset =
            [&y](Queue& on) {
                const QueueScope scope(on);
                y.fill(value_of<T>(std::numeric_limits<double>::quiet_NaN()));
            }};
    queue.finish();
    tuning::TunerOptions tuner;
    tuner.retune = true; // only reached where the database holds no usable choice
    tuner.progress = tuning::Progress::off;
    const tuning::TunedKernel tuned = tuning::tune(context, problem, tuner);
    return options_of(tuned.configuration, options);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template std::optional<SpmvOptions> tuned_options<T, I>(const CsrMatrix<T, I>&, const RowStatistics&,              \
                                                            const SpmvOptions&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
