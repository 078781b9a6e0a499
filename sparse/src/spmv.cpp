// The planned product (spmv.hpp): statistics, the choice of kernel, its configuration and launch.
#include "column_order.hpp"
#include "instantiate.hpp"
#include "programs.hpp"
#include "shared_analysis.hpp"
#include "sliced.hpp"
#include "sparse_device_sources.hpp"
#include "spmv_dia.hpp"
#include "spmv_merge.hpp"
#include "spmv_sell.hpp"
#include "spmv_state.hpp"
#include "spmv_tuning.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/device_library.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <string>

namespace rtcg {

namespace {

// The matrix's array itself when a kernel can take it from its buffer's start, else a copy.
template <class X>
Array<X> at_start(const Array<X>& a) {
    return a.data().offset() == 0 && a.is_contiguous() ? a : a.copy();
}

// The configuration lines every plan starts with.
std::string rows_configuration(std::size_t rows) {
    return "#define RTCG_SPMV_ROWS ((rtcg_index_t)" + std::to_string(rows) + ")\n#define RTCG_SPMV_MAX_JACOBI_BLOCK " +
           std::to_string(max_jacobi_block) + "\n";
}

// The slots of a layout that hold entries (their column is not -1); waits for the queue.
template <SparseIndex I>
std::size_t stored_entries(const Array<I>& cols) {
    if (cols.size() == 0) return 0;
    const std::string index = std::is_same_v<I, std::int32_t> ? "int" : "int64_t";
    const ReductionKernel<std::int64_t> stored(
        cols.context(), index + " *c",
        {.map_expr = "(rtcg_index_t)(c[i] >= 0)", .reduce_expr = "a + b", .neutral = "0"},
        {.name = "sparse_stored_entries"});
    return static_cast<std::size_t>(stored(cols).get());
}

// An ELL product's layout and configuration: one work-item per row, in work-groups of the largest
// block.
template <SparseValue T, SparseIndex I>
std::string plan_ell(detail::SpmvState<T, I>& state, const EllMatrix<T, I>& ell, std::size_t most_block) {
    state.group = most_block;
    state.cols.emplace(sparse_detail::kernel_argument(ell.col_indices()));
    state.values.emplace(sparse_detail::kernel_argument(ell.values()));
    return "#define RTCG_SPMV_WIDTH " + std::to_string(ell.width()) + "\n#define RTCG_SPMV_GROUP " +
           std::to_string(state.group) + "\n";
}

template <SparseValue T, SparseIndex I>
void prepare_ell(detail::SpmvState<T, I>& state, const Module& module) {
    state.kernel = module.kernel("rtcg_spmv_ell");
    state.launch = sparse_detail::grid_stride(state.context(), state.statistics.rows, state.group);
}

std::size_t team_for(double mean) {
    std::size_t team = 1;
    while (team < 32 && static_cast<double>(team) < mean) team *= 2;
    return team;
}

template <SparseValue T, SparseIndex I>
std::string full_source(const detail::SpmvState<T, I>& state, const codegen::Target& target) {
    const std::string configuration = sparse_detail::value_operations(target.dialect, codegen::dtype_of<T>(),
                                                                      codegen::dtype_of<I>()) +
                                      state.configuration;
    const bool complex = codegen::dtype_of<T>().is_complex();
    namespace files = detail::sparse_device::kernel;
    // The merge form's block scan is arrays' (device_library.hpp), composed into this program.
    if (state.format == SpmvFormat::csr_merge)
        return sparse_detail::program_source(
            target, configuration,
            {device_library::scan_pairs(), device_library::block_scan(), files::spmv, files::spmv_merge}, complex);
    if (state.format == SpmvFormat::dia)
        return sparse_detail::program_source(target, configuration, {files::spmv, files::spmv_dia}, complex);
    if (state.format == SpmvFormat::sell)
        return sparse_detail::program_source(target, configuration, {files::spmv, files::sliced, files::spmv_sell},
                                             complex);
    return sparse_detail::program_source(target, configuration, {files::spmv}, complex);
}

// The work-groups that write dot shares: each launch's (the binned form launches only for a
// non-empty list; the merge form's tiles, then its fix-up).
template <SparseValue T, SparseIndex I>
std::size_t dot_shares(const detail::SpmvState<T, I>& state) {
    if (state.format == SpmvFormat::csr_merge) return sparse_detail::merge_dot_shares(state);
    if (state.format != SpmvFormat::csr_binned) return state.launch.grid.x;
    return (state.listed != 0 ? state.launch.grid.x : 0) + (state.long_rows != 0 ? state.long_launch.grid.x : 0);
}

// The configuration line of a dot plan's kernels (spmv.rtcg's RTCG_SPMV_DOT).
std::string dot_configuration(bool dot) { return dot ? "#define RTCG_SPMV_DOT 1\n" : ""; }

// After the kernels are made: where a dot plan's public products put the shares nobody reads.
template <SparseValue T, SparseIndex I>
void add_dot_scratch(detail::SpmvState<T, I>& state) {
    if (state.dot)
        state.dot_scratch.emplace(Array<T>::empty(state.context(), std::max<std::size_t>(dot_shares(state), 1)));
}

} // namespace

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const CsrMatrix<T, I>& matrix, const SpmvOptions& options) : Spmv(matrix, options, false) {}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const CsrMatrix<T, I>& matrix, const SpmvOptions& options, bool dot)
    : Spmv(matrix, options, dot, nullptr) {}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const CsrMatrix<T, I>& matrix, const SpmvOptions& options, bool dot,
                 const sparse_detail::SharedAnalysis<T, I>* shared) {
    if (options.team_size != 0 && (options.team_size > 32 || !std::has_single_bit(options.team_size)))
        throw InvalidArgument("the team size must be 1, 2, 4, 8, 16 or 32, not " + std::to_string(options.team_size),
                              "Spmv");
    if (options.slice_height != 0) (void)detail::sell_slices(0, options.slice_height, "Spmv");
    if (options.merge_group != 0 &&
        (options.merge_group < 32 || options.merge_group > 256 || !std::has_single_bit(options.merge_group)))
        throw InvalidArgument("the merge form's work-group must be 32, 64, 128 or 256, not " +
                                  std::to_string(options.merge_group),
                              "Spmv");
    if (options.merge_items > 32)
        throw InvalidArgument(
            "the merge form takes 1 to 32 items per work-item, not " + std::to_string(options.merge_items), "Spmv");
    if (options.local_memory_carveout && *options.local_memory_carveout > 100)
        throw InvalidArgument("a local-memory carveout is a share of the on-chip memory, from 0 to 100 percent, not " +
                                  std::to_string(*options.local_memory_carveout),
                              "Spmv");
    const CsrMatrix<T, I> a = options.transpose ? transpose(matrix) : matrix;
    const Context& context = a.context();
    auto state = std::make_shared<detail::SpmvState<T, I>>(
        detail::SpmvState<T, I>{.matrix = CsrMatrix<T, I>::from_arrays(a.rows(), a.cols(), at_start(a.row_offsets()),
                                                                       at_start(a.col_indices()), at_start(a.values())),
                                .columns = a.cols(),
                                .statistics = RowStatistics{a.rows(), a.nnz(), 0},
                                .dot = dot});
    RowStatistics& statistics = state->statistics;
    statistics.longest = sparse_detail::longest_row(state->matrix->row_offsets(), a.rows());
    const bool regular = static_cast<double>(statistics.rows) * static_cast<double>(statistics.longest) <=
                         1.2 * static_cast<double>(statistics.nnz);
    const std::size_t most_block = sparse_detail::most_block(context.device());
    const bool skewed = static_cast<double>(statistics.longest) >
                        std::max(static_cast<double>(most_block), 16 * statistics.mean());
    // The diagonals, where DIA is asked for or could be chosen (rows regular enough for the
    // tuner's DIA and ELL candidates).
    std::vector<std::int64_t> diagonals;
    const bool dia_asked = options.format == SpmvFormat::dia;
    const bool fairly_regular = static_cast<double>(statistics.rows) * static_cast<double>(statistics.longest) <=
                                4 * static_cast<double>(statistics.nnz);
    if (options.format ? dia_asked : fairly_regular) {
        diagonals = sparse_detail::occupied_diagonals(*state->matrix);
        statistics.diagonals = diagonals.size();
        if (dia_asked && diagonals.empty() && statistics.nnz != 0)
            throw InvalidArgument("DIA takes a matrix whose entries lie on at most " +
                                      std::to_string(max_dia_diagonals) +
                                      " diagonals (as 64 rows sampled across it show, and every row then confirms); "
                                      "this one's do not",
                                  "Spmv");
    }
    const bool few_diagonals = statistics.diagonals != 0 &&
                               static_cast<double>(statistics.rows) * static_cast<double>(statistics.diagonals) <=
                                   1.2 * static_cast<double>(statistics.nnz);
    // The tuner's choice, where it makes one, fills in what the options leave open.
    SpmvOptions chosen = options;
    if (!options.format && options.tuning != SpmvTuning::built_in)
        if (const std::optional<SpmvOptions> tuned = sparse_detail::tuned_options(*state->matrix, statistics, options))
            chosen = *tuned;
    state->format = chosen.format.value_or(regular && statistics.nnz > 0
                                               ? (few_diagonals ? SpmvFormat::dia : SpmvFormat::ell)
                                           : skewed ? SpmvFormat::csr_merge
                                                    : SpmvFormat::csr_vector);
    if (chosen.cached_columns != 0 && state->format != SpmvFormat::csr_merge)
        throw InvalidArgument(
            "cached columns (SpmvOptions::cached_columns) are the merge form's; this plan's format is " +
                std::string(format_name(state->format)),
            "Spmv");
    if (chosen.indexed_values && state->format != SpmvFormat::csr_merge)
        throw InvalidArgument(
            "indexed values (SpmvOptions::indexed_values) are the merge form's; this plan's format is " +
                std::string(format_name(state->format)),
            "Spmv");
    // Every format below plans on the matrix as its kernels read it. A dot plan's kernels read x
    // at the rows too, in the matrix's own numbering: it keeps the columns as given, as DIA does,
    // whose diagonals renumbered columns would scatter. The merge form renumbers only the
    // most-read columns and reads the others from x itself.
    bool renumbered_as_shared = false;
    if (chosen.column_order == ColumnOrder::by_count && !dot && state->format != SpmvFormat::dia && a.cols() != 0 &&
        a.nnz() != 0) {
        const std::size_t hot = state->format == SpmvFormat::csr_merge
                                    ? sparse_detail::merge_hot_columns<T, I>(chosen.cached_columns, a.cols())
                                    : a.cols();
        const sparse_detail::ColumnRenumbering<I>* shared_renumbering = shared && shared->renumbering
                                                                            ? &*shared->renumbering
                                                                            : nullptr;
        const sparse_detail::ColumnRenumbering<I> renumbering = shared_renumbering
                                                                    ? *shared_renumbering
                                                                    : sparse_detail::renumber_columns_by_count(
                                                                          *state->matrix, hot);
        if (shared_renumbering && (state->format != SpmvFormat::csr_merge || renumbering.hot < hot))
            throw Error("a candidate plan shares a renumbering of " + std::to_string(renumbering.hot) +
                            " columns where its own would have " + std::to_string(hot),
                        "Spmv");
        state->given.emplace(*state->matrix);
        state->matrix = sparse_detail::renumbered_matrix(*state->matrix, renumbering);
        state->old_of_new.emplace(renumbering.old_of_new);
        if (renumbering.hot < a.cols()) state->hot_columns = renumbering.hot;
        renumbered_as_shared = shared_renumbering != nullptr;
    }

    std::string configuration = rows_configuration(a.rows());
    if (state->format == SpmvFormat::csr_merge) {
        configuration += sparse_detail::plan_merge(
            *state, chosen, most_block, shared && shared->indexed ? &*shared->indexed : nullptr,
            renumbered_as_shared && shared->packed_columns ? &*shared->packed_columns : nullptr);
    } else if (state->format == SpmvFormat::sell) {
        configuration += sparse_detail::plan_sell(
            *state, to_sell(*state->matrix, {.slice_height = chosen.slice_height, .sort_window = chosen.sort_window}),
            most_block);
    } else if (state->format == SpmvFormat::dia) {
        configuration += sparse_detail::plan_dia(*state, diagonals, most_block);
    } else if (state->format == SpmvFormat::ell) {
        configuration += plan_ell(*state, sparse_detail::ell_from_csr(*state->matrix, statistics.longest), most_block);
    } else if (state->format == SpmvFormat::csr_binned) {
        // The rows longer than a work-group, listed apart from the others.
        const std::vector<I> offsets = state->matrix->row_offsets().get();
        std::vector<I> short_rows, long_rows;
        std::size_t short_entries = 0;
        for (std::size_t r = 0; r < a.rows(); ++r) {
            const auto length = static_cast<std::size_t>(offsets[r + 1] - offsets[r]);
            if (length > most_block) {
                long_rows.push_back(static_cast<I>(r));
            } else {
                short_rows.push_back(static_cast<I>(r));
                short_entries += length;
            }
        }
        state->listed = short_rows.size();
        state->long_rows = long_rows.size();
        const double short_mean = short_rows.empty()
                                      ? 0.0
                                      : static_cast<double>(short_entries) / static_cast<double>(short_rows.size());
        state->team = std::min(options.team_size != 0 ? options.team_size : team_for(short_mean), most_block);
        state->group = most_block;
        configuration += "#define RTCG_SPMV_TEAM " + std::to_string(state->team) + "\n#define RTCG_SPMV_GROUP " +
                         std::to_string(state->group) + "\n#define RTCG_SPMV_LISTED " + std::to_string(state->listed) +
                         "\n#define RTCG_SPMV_LONG " + std::to_string(state->long_rows) + "\n";
        state->listed_rows.emplace(sparse_detail::kernel_argument(Array<I>::to_device(context, short_rows)));
        state->long_list.emplace(sparse_detail::kernel_argument(Array<I>::to_device(context, long_rows)));
    } else {
        state->team = std::min(options.team_size != 0 ? options.team_size : team_for(statistics.mean()), most_block);
        state->group = most_block / state->team * state->team;
        configuration += "#define RTCG_SPMV_TEAM " + std::to_string(state->team) + "\n#define RTCG_SPMV_GROUP " +
                         std::to_string(state->group) + "\n";
    }
    configuration += dot_configuration(dot);
    state->configuration = std::move(configuration);
    const Module module = context.compile(full_source(*state, sparse_detail::target(context)));
    if (state->format == SpmvFormat::csr_merge) {
        sparse_detail::prepare_merge(*state, module);
    } else if (state->format == SpmvFormat::sell) {
        sparse_detail::prepare_sell(*state, module);
    } else if (state->format == SpmvFormat::dia) {
        sparse_detail::prepare_dia(*state, module);
    } else if (state->format == SpmvFormat::ell) {
        prepare_ell(*state, module);
    } else {
        state->kernel = module.kernel("rtcg_spmv_csr_vector");
        state->cols.emplace(sparse_detail::kernel_argument(state->matrix->col_indices()));
        state->values.emplace(sparse_detail::kernel_argument(state->matrix->values()));
        const std::size_t teams = state->group / state->team;
        const std::size_t most_groups = std::max<std::size_t>(context.device().compute_units, 1) * 16;
        const std::size_t team_rows = state->format == SpmvFormat::csr_binned ? state->listed : a.rows();
        const std::size_t groups = std::clamp<std::size_t>((team_rows + teams - 1) / teams, 1, most_groups);
        state->launch = LaunchConfig{Dim3{groups}, Dim3{state->group}, 0};
        if (state->format == SpmvFormat::csr_binned) {
            state->long_kernel = module.kernel("rtcg_spmv_csr_long");
            state->long_launch = LaunchConfig{Dim3{std::clamp<std::size_t>(state->long_rows, 1, most_groups)},
                                              Dim3{state->group}, 0};
        }
    }
    state->launch.local_memory_carveout = chosen.local_memory_carveout;
    state->long_launch.local_memory_carveout = chosen.local_memory_carveout;
    state->inverse_diagonal = module.kernel("rtcg_csr_inverse_diagonal");
    state->inverse_diagonal_blocks = module.kernel("rtcg_csr_inverse_diagonal_blocks");
    add_dot_scratch(*state);
    state_ = std::move(state);
}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const EllMatrix<T, I>& a) : Spmv(a, false) {}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const EllMatrix<T, I>& a, bool dot) {
    const Context& context = a.context();
    auto state = std::make_shared<detail::SpmvState<T, I>>(
        detail::SpmvState<T, I>{.columns = a.cols(),
                                .statistics = RowStatistics{a.rows(), stored_entries(a.col_indices()), a.width()},
                                .format = SpmvFormat::ell,
                                .dot = dot});
    state->configuration = rows_configuration(a.rows()) +
                           plan_ell(*state, a, sparse_detail::most_block(context.device())) + dot_configuration(dot);
    prepare_ell(*state, context.compile(full_source(*state, sparse_detail::target(context))));
    add_dot_scratch(*state);
    state_ = std::move(state);
}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const SellMatrix<T, I>& a) : Spmv(a, false) {}

template <SparseValue T, SparseIndex I>
Spmv<T, I>::Spmv(const SellMatrix<T, I>& a, bool dot) {
    const Context& context = a.context();
    // The widest slice, from the slice offsets (a read back, as planning from CSR reads the longest
    // row back).
    const std::vector<std::int64_t> offsets = a.slice_offsets().get();
    std::size_t widest = 0;
    for (std::size_t s = 0; s + 1 < offsets.size(); ++s)
        widest = std::max(widest, static_cast<std::size_t>(offsets[s + 1] - offsets[s]) / a.slice_height());
    auto state = std::make_shared<detail::SpmvState<T, I>>(
        detail::SpmvState<T, I>{.columns = a.cols(),
                                .statistics = RowStatistics{a.rows(), stored_entries(a.col_indices()), widest},
                                .format = SpmvFormat::sell,
                                .dot = dot});
    state->configuration = rows_configuration(a.rows()) +
                           sparse_detail::plan_sell(*state, a, sparse_detail::most_block(context.device())) +
                           dot_configuration(dot);
    sparse_detail::prepare_sell(*state, context.compile(full_source(*state, sparse_detail::target(context))));
    add_dot_scratch(*state);
    state_ = std::move(state);
}

template <SparseValue T, SparseIndex I>
void Spmv<T, I>::operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const {
    if (state_->dot)
        product_and_dot(alpha, x, beta, y, *state_->dot_scratch, 0);
    else
        product_and_dot(alpha, x, beta, y, y, 0);
}

template <SparseValue T, SparseIndex I>
void Spmv<T, I>::product_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                                 std::size_t first) const {
    const detail::SpmvState<T, I>& s = *state_;
    const std::size_t rows = s.statistics.rows;
    const char* where = "Spmv";
    auto check = [&](const Array<T>& v, const char* name, std::size_t size) {
        if (v.context() != s.context())
            throw InvalidArgument(std::string(name) + " belongs to another context than the matrix", where);
        if (v.ndim() != 1 || v.size() != size)
            throw InvalidArgument(std::string(name) + " must be a vector of " + std::to_string(size) +
                                      " elements for a " + std::to_string(rows) + " x " + std::to_string(s.columns) +
                                      " matrix, not of shape " + detail::shape_text(v.shape()),
                                  where);
        if (!v.is_contiguous()) throw InvalidArgument(std::string(name) + " must be contiguous", where);
    };
    check(x, "x", s.columns);
    check(y, "y", rows);
    if (&x.data().buffer() == &y.data().buffer())
        throw InvalidArgument("x and y share memory: the product would read what it writes", where);
    if (rows == 0) return;
    Queue& queue = detail::current_queue(s.context());
    // A matrix of no columns multiplies an empty x, which a kernel cannot take: one unread element.
    const Array<T> x_argument = x.size() == 0                        ? Array<T>::zeros(s.context(), 1)
                                : s.old_of_new && s.hot_columns == 0 ? sparse_detail::gathered(x, *s.old_of_new)
                                                                     : x;
    const auto x_offset = static_cast<std::int64_t>(x_argument.data().offset());
    const auto y_offset = static_cast<std::int64_t>(y.data().offset());
    const auto dot_first = static_cast<std::int64_t>(first);
    if (s.format == SpmvFormat::ell && s.dot)
        s.kernel(queue, s.launch, s.cols->data().buffer(), s.values->data().buffer(), x_argument.data().buffer(),
                 x_offset, y.data().buffer(), y_offset, alpha, beta, partials.data().buffer(), dot_first);
    else if (s.format == SpmvFormat::ell)
        s.kernel(queue, s.launch, s.cols->data().buffer(), s.values->data().buffer(), x_argument.data().buffer(),
                 x_offset, y.data().buffer(), y_offset, alpha, beta);
    else if (s.format == SpmvFormat::dia && s.dot)
        s.kernel(queue, s.launch, s.values->data().buffer(), x_argument.data().buffer(), x_offset, y.data().buffer(),
                 y_offset, alpha, beta, partials.data().buffer(), dot_first);
    else if (s.format == SpmvFormat::dia)
        s.kernel(queue, s.launch, s.values->data().buffer(), x_argument.data().buffer(), x_offset, y.data().buffer(),
                 y_offset, alpha, beta);
    else if (s.format == SpmvFormat::csr_binned)
        binned_product(alpha, x_argument, beta, y, partials, first);
    else if (s.format == SpmvFormat::csr_merge)
        sparse_detail::merge_product(s, queue, alpha, x_argument, beta, y, partials, first);
    else if (s.format == SpmvFormat::sell)
        sparse_detail::sell_product(s, queue, alpha, x_argument, beta, y, partials, first);
    else if (s.dot)
        s.kernel(queue, s.launch, s.matrix->row_offsets().data().buffer(), s.cols->data().buffer(),
                 s.values->data().buffer(), x_argument.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                 beta, partials.data().buffer(), dot_first);
    else
        s.kernel(queue, s.launch, s.matrix->row_offsets().data().buffer(), s.cols->data().buffer(),
                 s.values->data().buffer(), x_argument.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                 beta);
}

template <SparseValue T, SparseIndex I>
void Spmv<T, I>::binned_product(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                                std::size_t first) const {
    const detail::SpmvState<T, I>& s = *state_;
    Queue& queue = detail::current_queue(s.context());
    const Buffer& offsets = s.matrix->row_offsets().data().buffer();
    const auto x_offset = static_cast<std::int64_t>(x.data().offset());
    const auto y_offset = static_cast<std::int64_t>(y.data().offset());
    // The long rows' shares follow the short rows'.
    const auto long_first = static_cast<std::int64_t>(first + (s.listed != 0 ? s.launch.grid.x : 0));
    if (s.listed != 0 && s.dot)
        s.kernel(queue, s.launch, offsets, s.cols->data().buffer(), s.values->data().buffer(), x.data().buffer(),
                 x_offset, y.data().buffer(), y_offset, alpha, beta, s.listed_rows->data().buffer(),
                 partials.data().buffer(), static_cast<std::int64_t>(first));
    else if (s.listed != 0)
        s.kernel(queue, s.launch, offsets, s.cols->data().buffer(), s.values->data().buffer(), x.data().buffer(),
                 x_offset, y.data().buffer(), y_offset, alpha, beta, s.listed_rows->data().buffer());
    if (s.long_rows != 0 && s.dot)
        s.long_kernel(queue, s.long_launch, offsets, s.cols->data().buffer(), s.values->data().buffer(),
                      s.long_list->data().buffer(), x.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                      beta, partials.data().buffer(), long_first);
    else if (s.long_rows != 0)
        s.long_kernel(queue, s.long_launch, offsets, s.cols->data().buffer(), s.values->data().buffer(),
                      s.long_list->data().buffer(), x.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                      beta);
}

template <SparseValue T, SparseIndex I>
SpmvFormat Spmv<T, I>::format() const noexcept {
    return state_->format;
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::team_size() const noexcept {
    return state_->team;
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::merge_group() const noexcept {
    return state_->format == SpmvFormat::csr_merge ? state_->group : 0;
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::merge_items() const noexcept {
    return state_->merge_items;
}

template <SparseValue T, SparseIndex I>
ColumnOrder Spmv<T, I>::column_order() const noexcept {
    return state_->old_of_new ? ColumnOrder::by_count : ColumnOrder::as_given;
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::cached_columns() const noexcept {
    return state_->cached_columns;
}

template <SparseValue T, SparseIndex I>
bool Spmv<T, I>::indexed_values() const noexcept {
    return state_->value_indices.has_value() || state_->packed_columns.has_value();
}

template <SparseValue T, SparseIndex I>
std::optional<unsigned> Spmv<T, I>::local_memory_carveout() const noexcept {
    return state_->launch.local_memory_carveout;
}

template <SparseValue T, SparseIndex I>
const RowStatistics& Spmv<T, I>::statistics() const noexcept {
    return state_->statistics;
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::groups() const noexcept {
    return dot_shares(*state_);
}

template <SparseValue T, SparseIndex I>
const Context& Spmv<T, I>::context() const noexcept {
    return state_->context();
}

template <SparseValue T, SparseIndex I>
std::size_t Spmv<T, I>::columns() const noexcept {
    return state_->columns;
}

template <SparseValue T, SparseIndex I>
const CsrMatrix<T, I>& Spmv<T, I>::matrix() const noexcept {
    return state_->given ? *state_->given : *state_->matrix;
}

template <SparseValue T, SparseIndex I>
Array<T> Spmv<T, I>::inverse_diagonal() const {
    // The diagonal's entries are those whose column is their row in the matrix's own numbering.
    const CsrMatrix<T, I>& a = matrix();
    const auto result = Array<T>::empty(a.context(), std::max<std::size_t>(a.rows(), 1));
    if (a.rows() != 0)
        state_->inverse_diagonal(detail::current_queue(a.context()), sparse_detail::grid_stride(a.context(), a.rows()),
                                 a.row_offsets().data().buffer(),
                                 sparse_detail::kernel_argument(a.col_indices()).data().buffer(),
                                 sparse_detail::kernel_argument(a.values()).data().buffer(), result.data().buffer());
    return result;
}

template <SparseValue T, SparseIndex I>
Array<T> Spmv<T, I>::inverse_diagonal_blocks(std::size_t block) const {
    constexpr const char* where = "LinearOperator::inverse_diagonal_blocks";
    if (block < 1 || block > max_jacobi_block)
        throw InvalidArgument("a block-Jacobi block has 1 to " + std::to_string(max_jacobi_block) + " rows, not " +
                                  std::to_string(block),
                              where);
    const CsrMatrix<T, I>& a = matrix();
    const std::size_t blocks = (a.rows() + block - 1) / block;
    const auto result = Array<T>::empty(a.context(), std::max<std::size_t>(blocks * block * block, 1));
    if (blocks == 0) return result;
    const auto singular = Array<std::int64_t>::zeros(a.context(), 1);
    state_->inverse_diagonal_blocks(detail::current_queue(a.context()), sparse_detail::grid_stride(a.context(), blocks),
                                    a.row_offsets().data().buffer(),
                                    sparse_detail::kernel_argument(a.col_indices()).data().buffer(),
                                    sparse_detail::kernel_argument(a.values()).data().buffer(), result.data().buffer(),
                                    singular.data().buffer(), static_cast<int>(block));
    // Read back once, when the preconditioner is made: a singular block cannot precondition.
    if (const std::int64_t found = singular.get()[0]; found != 0) {
        const std::size_t first = static_cast<std::size_t>(found - 1) * block;
        throw InvalidArgument("the diagonal block of rows " + std::to_string(first) + " to " +
                                  std::to_string(std::min(first + block, a.rows()) - 1) +
                                  " is singular (or not finite): block-Jacobi cannot invert it",
                              where);
    }
    return result;
}

template <SparseValue T, SparseIndex I>
std::string Spmv<T, I>::source(const codegen::Target& target) const {
    return full_source(*state_, target);
}

#define RTCG_SPARSE_INSTANTIATE(T, I) template class Spmv<T, I>;
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
