#pragma once
/// \file
/// Test and benchmark matrices that need no download, built on the host (upload them with
/// CsrMatrix::to_device). Each row's columns are ascending.
///
/// \code
///   auto a = rtcg::poisson_3d<double, int>(128);           // 128^3 rows, 7-point stencil
///   auto g = rtcg::rmat<float, std::int64_t>(16, 8, 42);  // 2^16 vertices, ~8 edges each
/// \endcode
///
/// Each throws InvalidArgument when the matrix's size or its number of entries does not fit the
/// index type I (or the host's size_t).
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <cstdint>

namespace rtcg {

/// The 5-point Laplacian on an n x n grid with Dirichlet boundaries: 4 on the diagonal, -1 for
/// each neighbour in the grid. Symmetric positive definite; n^2 rows.
template <SparseValue T, SparseIndex I>
RTCG_API HostCsr<T, I> poisson_2d(std::size_t n);

/// The 7-point Laplacian on an n x n x n grid (6 on the diagonal, -1 per neighbour) or, with
/// `points` 27, the 27-point one (26 on the diagonal, -1 for each of the 26 neighbours of the
/// 3 x 3 x 3 cube). Symmetric positive definite; n^3 rows. InvalidArgument for other `points`.
template <SparseValue T, SparseIndex I>
RTCG_API HostCsr<T, I> poisson_3d(std::size_t n, int points = 7);

/// An n x n matrix whose row r has entries in columns [r - bandwidth, r + bandwidth] (clipped),
/// each kept with probability `density` (the diagonal always), with values drawn uniformly from
/// [-1, 1] by a generator seeded with `seed`; the diagonal is the row's absolute sum plus one, so
/// the matrix is diagonally dominant. Deterministic for a seed.
template <SparseValue T, SparseIndex I>
RTCG_API HostCsr<T, I> random_banded(std::size_t n, std::size_t bandwidth, double density, std::uint64_t seed);

/// An R-MAT power-law graph (Chakrabarti, Zhan and Faloutsos) with 2^scale vertices and
/// edge_factor * 2^scale edges drawn with the probabilities (a, b, c, d) = (0.57, 0.19, 0.19,
/// 0.05); duplicate edges are summed, so each stored value is the number of times its edge was
/// drawn. Self-loops are kept. Deterministic for a seed. InvalidArgument for scale above 40.
template <SparseValue T, SparseIndex I>
RTCG_API HostCsr<T, I> rmat(unsigned scale, std::size_t edge_factor, std::uint64_t seed);

/// `coo` as a CSR matrix on the host: sorted by row and column, duplicates summed in their order.
/// InvalidArgument for indices outside the shape or arrays of different sizes. The host reference
/// of to_csr, and the readers' and generators' last step.
template <SparseValue T, SparseIndex I>
RTCG_API HostCsr<T, I> host_to_csr(const HostCoo<T, I>& coo);

} // namespace rtcg
