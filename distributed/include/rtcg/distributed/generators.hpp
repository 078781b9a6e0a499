#pragma once
/// \file
/// One rank's rows of a test matrix, built on the host without the rest of it, for a
/// DistributedCsrOperator (the whole matrices are in rtcg/sparse/generators.hpp).
#include <rtcg/core/error.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <limits>
#include <string>

namespace rtcg {

/// Rows [first, first + count) of the 7-point Laplacian on an nx x ny x nz grid, x fastest (6 on
/// the diagonal, -1 per neighbour, Dirichlet boundaries), with global column indices; columns
/// ascend in each row. InvalidArgument when the rows are not all in the grid or the grid's size
/// does not fit I.
template <SparseValue T, SparseIndex I>
HostCsr<T, I> poisson_3d_rows(std::size_t nx, std::size_t ny, std::size_t nz, std::size_t first, std::size_t count) {
    const std::size_t plane = nx * ny;
    const std::size_t n = plane * nz;
    if ((nx != 0 && plane / nx != ny) || (plane != 0 && n / plane != nz) ||
        n > static_cast<std::size_t>(std::numeric_limits<I>::max()) / 7)
        throw InvalidArgument("a " + std::to_string(nx) + " x " + std::to_string(ny) + " x " + std::to_string(nz) +
                                  " grid's matrix does not fit its index type",
                              "poisson_3d_rows");
    if (first > n || count > n - first)
        throw InvalidArgument("rows [" + std::to_string(first) + ", " + std::to_string(first) + " + " +
                                  std::to_string(count) + ") are not all among the grid's " + std::to_string(n),
                              "poisson_3d_rows");
    HostCsr<T, I> rows{count, n, {I(0)}, {}, {}};
    rows.col_indices.reserve(count * 7);
    rows.values.reserve(count * 7);
    for (std::size_t row = first; row < first + count; ++row) {
        const std::size_t x = row % nx, y = row / nx % ny, z = row / plane;
        const auto entry = [&](std::size_t column, T value) {
            rows.col_indices.push_back(static_cast<I>(column));
            rows.values.push_back(value);
        };
        if (z > 0) entry(row - plane, T(-1));
        if (y > 0) entry(row - nx, T(-1));
        if (x > 0) entry(row - 1, T(-1));
        entry(row, T(6));
        if (x + 1 < nx) entry(row + 1, T(-1));
        if (y + 1 < ny) entry(row + nx, T(-1));
        if (z + 1 < nz) entry(row + plane, T(-1));
        rows.row_offsets.push_back(static_cast<I>(rows.col_indices.size()));
    }
    return rows;
}

} // namespace rtcg
