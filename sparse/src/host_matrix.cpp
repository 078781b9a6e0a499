// The host-side checks of matrices, and the host's COO to CSR (the generators' and readers' last
// step, and the reference the device conversion is tested against).
#include "instantiate.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <algorithm>
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

} // namespace

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
    template HostCsr<T, I> host_to_csr(const HostCoo<T, I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
