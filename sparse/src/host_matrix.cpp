// The host-side checks of matrices (CSR, COO, ELL and SELL), and the host's COO to CSR (the generators' and readers' last
// step, and the reference the device conversion is tested against).
#include "instantiate.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/sell.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>

namespace rtcg {
namespace detail {

namespace {

// InvalidArgument unless the shape and the number of entries fit the index type I.
template <SparseIndex I>
void check_fits(std::size_t rows, std::size_t cols, std::size_t entries, const char* where) {
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<I>::max());
    if (rows > most || cols > most || entries > most)
        throw InvalidArgument("a " + std::to_string(rows) + " x " + std::to_string(cols) + " matrix of " +
                                  std::to_string(entries) + " entries does not fit its " +
                                  std::to_string(8 * sizeof(I)) + "-bit indices",
                              where);
}

// InvalidArgument unless every column is -1 (padding) or in [0, cols).
template <SparseIndex I>
void check_padded_columns(const std::vector<I>& col_indices, std::size_t cols, const char* where) {
    for (std::size_t k = 0; k < col_indices.size(); ++k)
        if (col_indices[k] < -1 || (col_indices[k] >= 0 && static_cast<std::size_t>(col_indices[k]) >= cols))
            throw InvalidArgument("slot " + std::to_string(k) + " has column " + std::to_string(col_indices[k]) +
                                      ", neither -1 (padding) nor in [0, " + std::to_string(cols) + ")",
                                  where);
}

} // namespace

std::size_t ell_slots(std::size_t rows, std::size_t width, const char* where) {
    if (width != 0 && rows > std::numeric_limits<std::size_t>::max() / width)
        throw InvalidArgument("an ELL matrix of " + std::to_string(rows) + " rows of width " + std::to_string(width) +
                                  " has more slots than size_t counts",
                              where);
    return rows * width;
}

std::size_t sell_slices(std::size_t rows, std::size_t height, const char* where) {
    if (height == 0 || height > 1024 || !std::has_single_bit(height))
        throw InvalidArgument("the SELL slice height must be a power of two up to 1024, not " + std::to_string(height),
                              where);
    return rows / height + (rows % height != 0 ? 1 : 0);
}

template <SparseValue T, SparseIndex I>
void check_ell(const HostEll<T, I>& ell, const char* where) {
    check_fits<I>(ell.rows, ell.cols, 0, where);
    const std::size_t slots = ell_slots(ell.rows, ell.width, where);
    if (ell.col_indices.size() != slots || ell.values.size() != slots)
        throw InvalidArgument("a " + std::to_string(ell.rows) + "-row ELL matrix of width " +
                                  std::to_string(ell.width) + " needs " + std::to_string(slots) +
                                  " columns and values, not " + std::to_string(ell.col_indices.size()) + " and " +
                                  std::to_string(ell.values.size()),
                              where);
    check_padded_columns(ell.col_indices, ell.cols, where);
}

template <SparseValue T, SparseIndex I>
void check_sell(const HostSell<T, I>& sell, const char* where) {
    check_fits<I>(sell.rows, sell.cols, 0, where);
    const std::size_t slices = sell_slices(sell.rows, sell.slice_height, where);
    if (sell.row_order.size() != sell.rows)
        throw InvalidArgument("a matrix of " + std::to_string(sell.rows) + " rows needs as many row positions, not " +
                                  std::to_string(sell.row_order.size()),
                              where);
    std::vector<bool> placed(sell.rows, false);
    for (std::size_t p = 0; p < sell.rows; ++p) {
        const I row = sell.row_order[p];
        if (row < 0 || static_cast<std::size_t>(row) >= sell.rows || placed[static_cast<std::size_t>(row)])
            throw InvalidArgument(
                "row_order must be a permutation of the rows, but position " + std::to_string(p) + " holds row " +
                    std::to_string(row) +
                    (row >= 0 && static_cast<std::size_t>(row) < sell.rows ? ", named before" : ", outside the rows"),
                where);
        placed[static_cast<std::size_t>(row)] = true;
    }
    if (sell.slice_offsets.size() != slices + 1)
        throw InvalidArgument(std::to_string(slices) + " slices of " + std::to_string(sell.slice_height) +
                                  " rows need " + std::to_string(slices + 1) + " slice offsets, not " +
                                  std::to_string(sell.slice_offsets.size()),
                              where);
    if (sell.slice_offsets.front() != 0)
        throw InvalidArgument("slice_offsets[0] must be 0, not " + std::to_string(sell.slice_offsets.front()), where);
    const auto height = static_cast<std::int64_t>(sell.slice_height);
    for (std::size_t s = 0; s < slices; ++s) {
        const std::int64_t step = sell.slice_offsets[s + 1] - sell.slice_offsets[s];
        if (sell.slice_offsets[s + 1] < sell.slice_offsets[s] || step % height != 0)
            throw InvalidArgument("slice " + std::to_string(s) + " spans slots " +
                                      std::to_string(sell.slice_offsets[s]) + " to " +
                                      std::to_string(sell.slice_offsets[s + 1]) +
                                      ", not a whole number of columns of " + std::to_string(height) + " slots",
                                  where);
    }
    const auto slots = static_cast<std::uint64_t>(sell.slice_offsets.back());
    if (sell.col_indices.size() != slots || sell.values.size() != slots)
        throw InvalidArgument("the slices hold " + std::to_string(slots) + " slots, but there are " +
                                  std::to_string(sell.col_indices.size()) + " columns and " +
                                  std::to_string(sell.values.size()) + " values",
                              where);
    check_padded_columns(sell.col_indices, sell.cols, where);
}

template <SparseValue T, SparseIndex I>
void check_coo_shape(const HostCoo<T, I>& coo, const char* where) {
    check_fits<I>(coo.rows, coo.cols, coo.values.size(), where);
    if (coo.row.size() != coo.values.size() || coo.col.size() != coo.values.size())
        throw InvalidArgument("row, col and values must have one size, not " + std::to_string(coo.row.size()) + ", " +
                                  std::to_string(coo.col.size()) + " and " + std::to_string(coo.values.size()),
                              where);
}

template <SparseValue T, SparseIndex I>
void check_csr(const HostCsr<T, I>& csr, const char* where) {
    check_fits<I>(csr.rows, csr.cols, csr.values.size(), where);
    if (csr.row_offsets.size() != csr.rows + 1)
        throw InvalidArgument("a matrix of " + std::to_string(csr.rows) + " rows needs " +
                                  std::to_string(csr.rows + 1) + " row offsets, not " +
                                  std::to_string(csr.row_offsets.size()),
                              where);
    if (csr.col_indices.size() != csr.values.size())
        throw InvalidArgument("col_indices and values must have one size, not " +
                                  std::to_string(csr.col_indices.size()) + " and " + std::to_string(csr.values.size()),
                              where);
    if (csr.row_offsets.front() != 0)
        throw InvalidArgument("row_offsets[0] must be 0, not " + std::to_string(csr.row_offsets.front()), where);
    for (std::size_t r = 0; r < csr.rows; ++r)
        if (csr.row_offsets[r + 1] < csr.row_offsets[r])
            throw InvalidArgument("row_offsets decrease at row " + std::to_string(r) + ": " +
                                      std::to_string(csr.row_offsets[r]) + " then " +
                                      std::to_string(csr.row_offsets[r + 1]),
                                  where);
    if (static_cast<std::size_t>(csr.row_offsets.back()) != csr.values.size())
        throw InvalidArgument("row_offsets must end at the number of entries, " + std::to_string(csr.values.size()) +
                                  ", not " + std::to_string(csr.row_offsets.back()),
                              where);
    for (std::size_t k = 0; k < csr.col_indices.size(); ++k)
        if (csr.col_indices[k] < 0 || static_cast<std::size_t>(csr.col_indices[k]) >= csr.cols)
            throw InvalidArgument("entry " + std::to_string(k) + " has column " + std::to_string(csr.col_indices[k]) +
                                      ", outside [0, " + std::to_string(csr.cols) + ")",
                                  where);
}

} // namespace detail

template <SparseValue T, SparseIndex I>
HostCsr<T, I> host_to_csr(const HostCoo<T, I>& coo) {
    detail::check_coo_shape(coo, "host_to_csr");
    for (std::size_t k = 0; k < coo.values.size(); ++k)
        if (coo.row[k] < 0 || static_cast<std::size_t>(coo.row[k]) >= coo.rows || coo.col[k] < 0 ||
            static_cast<std::size_t>(coo.col[k]) >= coo.cols)
            throw InvalidArgument("entry " + std::to_string(k) + " at (" + std::to_string(coo.row[k]) + ", " +
                                      std::to_string(coo.col[k]) + ") is outside the " + std::to_string(coo.rows) +
                                      " x " + std::to_string(coo.cols) + " matrix",
                                  "host_to_csr");
    std::vector<std::size_t> order(coo.values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return coo.row[a] != coo.row[b] ? coo.row[a] < coo.row[b] : coo.col[a] < coo.col[b];
    });
    HostCsr<T, I> csr{coo.rows, coo.cols, std::vector<I>(coo.rows + 1, 0), {}, {}};
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t e = order[k];
        if (k > 0 && coo.row[e] == coo.row[order[k - 1]] && coo.col[e] == coo.col[order[k - 1]]) {
            csr.values.back() += coo.values[e];
            continue;
        }
        csr.col_indices.push_back(coo.col[e]);
        csr.values.push_back(coo.values[e]);
        ++csr.row_offsets[static_cast<std::size_t>(coo.row[e]) + 1];
    }
    for (std::size_t r = 0; r < coo.rows; ++r) csr.row_offsets[r + 1] += csr.row_offsets[r];
    return csr;
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template void detail::check_coo_shape(const HostCoo<T, I>&, const char*);                                          \
    template void detail::check_csr(const HostCsr<T, I>&, const char*);                                                \
    template void detail::check_ell(const HostEll<T, I>&, const char*);                                                \
    template void detail::check_sell(const HostSell<T, I>&, const char*);                                              \
    template HostCsr<T, I> host_to_csr(const HostCoo<T, I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
