// The DIA product (spmv_dia.hpp): the diagonals found from sampled rows and checked on the device,
// the layout built and multiplied on the device.
#include "spmv_dia.hpp"

#include "instantiate.hpp"
#include "programs.hpp"

#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg::sparse_detail {
namespace {

// The rows whose entries name the candidate diagonals, spread across the matrix.
constexpr std::size_t sampled_rows = 64;
// The most entries read back from the sampled rows; a matrix of longer rows is not DIA's.
constexpr std::size_t most_sampled_entries = std::size_t{1} << 16;

// A fixed scrambling of k (splitmix64's finaliser), for sample positions that no grid aligns with.
std::uint64_t scrambled(std::uint64_t k) {
    k += 0x9e3779b97f4a7c15u;
    k = (k ^ (k >> 30)) * 0xbf58476d1ce4e5b9u;
    k = (k ^ (k >> 27)) * 0x94d049bb133111ebu;
    return k ^ (k >> 31);
}

// The entries of `a` that lie on none of the diagonals `offsets`, counted on the device: each
// row's entries tested against the offsets, written into the reduction's preamble.
template <SparseValue T, SparseIndex I>
std::int64_t entries_off(const CsrMatrix<T, I>& a, const std::vector<std::int64_t>& offsets) {
    const std::string index = std::is_same_v<I, std::int32_t> ? "int" : "rtcg_index_t";
    std::string on_a_diagonal = "0";
    for (const std::int64_t offset : offsets) on_a_diagonal += " || d == (rtcg_index_t)" + std::to_string(offset);
    std::string preamble = "RTCG_DEVICE int sparse_on_a_diagonal(rtcg_index_t d) { return " + on_a_diagonal + "; }\n";
    preamble += "RTCG_DEVICE rtcg_index_t sparse_row_entries_off(RTCG_GLOBAL const " + index +
                "* o, RTCG_GLOBAL const " + index + "* c, rtcg_index_t r) {\n";
    preamble += R"(    rtcg_index_t off = 0;
    for (rtcg_index_t k = o[r]; k < o[r + 1]; ++k) off += sparse_on_a_diagonal((rtcg_index_t)c[k] - r) ? 0 : 1;
    return off;
}
)";
    const std::string pointer = std::is_same_v<I, std::int32_t> ? "int" : "int64_t";
    const ReductionKernel<std::int64_t> count(
        a.context(), pointer + " *o, " + pointer + " *c",
        {.map_expr = "sparse_row_entries_off(o, c, i)", .reduce_expr = "a + b", .neutral = "0"},
        {.name = "sparse_entries_off_diagonals", .preamble = preamble});
    return count(Range{0, static_cast<std::int64_t>(a.rows())}, kernel_argument(a.row_offsets()),
                 kernel_argument(a.col_indices()))
        .get();
}

} // namespace

template <SparseValue T, SparseIndex I>
std::vector<std::int64_t> occupied_diagonals(const CsrMatrix<T, I>& a) {
    const std::size_t rows = a.rows();
    // The check's reduction runs over the rows with the column indices as an argument, which must
    // then have an element per row; a matrix of fewer entries than rows is not DIA's anyway.
    if (rows == 0 || a.nnz() < rows) return {};
    const Context& context = a.context();
    const std::size_t samples = std::min(rows, sampled_rows);
    std::vector<std::int64_t> sample_rows(samples), bound_positions;
    for (std::size_t s = 0; s < samples; ++s) {
        // One row at a scrambled place in each of `samples` equal stretches: evenly spaced rows
        // would all fall on one kind of row where the row count is a multiple of a grid's planes
        // (at 256^3 on the grid's edges, whose rows lack two diagonals).
        const std::size_t stretch = rows / samples;
        sample_rows[s] = static_cast<std::int64_t>(s * rows / samples + (stretch > 1 ? scrambled(s) % stretch : 0));
        bound_positions.push_back(sample_rows[s]);
        bound_positions.push_back(sample_rows[s] + 1);
    }
    const std::vector<I> bounds = take(a.row_offsets(), Array<std::int64_t>::to_device(context, bound_positions)).get();
    std::vector<std::int64_t> entry_positions, entry_rows;
    for (std::size_t s = 0; s < samples; ++s)
        for (I k = bounds[2 * s]; k < bounds[2 * s + 1]; ++k) {
            if (entry_positions.size() == most_sampled_entries) return {};
            entry_positions.push_back(static_cast<std::int64_t>(k));
            entry_rows.push_back(sample_rows[s]);
        }
    std::set<std::int64_t> offsets;
    if (!entry_positions.empty()) {
        const std::vector<I> cols = take(a.col_indices(), Array<std::int64_t>::to_device(context, entry_positions))
                                        .get();
        for (std::size_t e = 0; e < cols.size(); ++e) {
            offsets.insert(static_cast<std::int64_t>(cols[e]) - entry_rows[e]);
            if (offsets.size() > max_dia_diagonals) return {};
        }
    }
    const std::vector<std::int64_t> found(offsets.begin(), offsets.end());
    return entries_off(a, found) == 0 ? found : std::vector<std::int64_t>{};
}

template <SparseValue T, SparseIndex I>
std::string plan_dia(detail::SpmvState<T, I>& state, const std::vector<std::int64_t>& offsets, std::size_t most_block) {
    const std::size_t rows = state.statistics.rows;
    if (!offsets.empty() && rows > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()) / offsets.size())
        throw InvalidArgument("a DIA layout of " + std::to_string(rows) + " rows and " +
                                  std::to_string(offsets.size()) +
                                  " diagonals has more slots than 64-bit indices count",
                              "Spmv");
    state.group = most_block;
    state.statistics.diagonals = offsets.size();
    std::string each = "#define RTCG_SPMV_FOR_EACH_DIAGONAL(X)";
    for (std::size_t d = 0; d < offsets.size(); ++d)
        each += " X(" + std::to_string(d) + ", ((rtcg_index_t)" + std::to_string(offsets[d]) + "))";
    return "#define RTCG_SPMV_COLS ((rtcg_index_t)" + std::to_string(state.columns) + ")\n" + each +
           "\n#define RTCG_SPMV_GROUP " + std::to_string(state.group) + "\n";
}

template <SparseValue T, SparseIndex I>
void prepare_dia(detail::SpmvState<T, I>& state, const Module& module) {
    const Context& context = state.matrix->context();
    const std::size_t rows = state.statistics.rows;
    const std::size_t slots = rows * state.statistics.diagonals;
    state.values.emplace(Array<T>::zeros(context, std::max<std::size_t>(slots, 1)));
    if (slots != 0)
        module.kernel("rtcg_csr_to_dia")(
            detail::current_queue(context), grid_stride(context, rows), state.matrix->row_offsets().data().buffer(),
            kernel_argument(state.matrix->col_indices()).data().buffer(),
            kernel_argument(state.matrix->values()).data().buffer(), state.values->data().buffer());
    state.kernel = module.kernel("rtcg_spmv_dia");
    state.launch = grid_stride(context, rows, state.group);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template std::vector<std::int64_t> occupied_diagonals<T, I>(const CsrMatrix<T, I>&);                               \
    template std::string plan_dia<T, I>(detail::SpmvState<T, I>&, const std::vector<std::int64_t>&, std::size_t);      \
    template void prepare_dia<T, I>(detail::SpmvState<T, I>&, const Module&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
