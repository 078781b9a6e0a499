// The matrix generators (generators.hpp): stencils and bands written row by row in column order,
// R-MAT as triplets through host_to_csr.
#include "instantiate.hpp"
#include "values.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/generators.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace rtcg {
namespace {

// rows and entries (an upper bound) checked against I and size_t before anything is allocated.
template <SparseIndex I>
void check_fits(std::size_t rows, std::size_t per_row, const char* where) {
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<I>::max());
    if (rows > most || (per_row != 0 && rows > most / per_row))
        throw InvalidArgument("a matrix of " + std::to_string(rows) + " rows and up to " + std::to_string(per_row) +
                                  " entries per row does not fit " + std::to_string(8 * sizeof(I)) + "-bit indices",
                              where);
}

// n^d, or InvalidArgument when it overflows size_t.
std::size_t power(std::size_t n, int d, const char* where) {
    std::size_t p = 1;
    for (int k = 0; k < d; ++k) {
        if (n != 0 && p > std::numeric_limits<std::size_t>::max() / n)
            throw InvalidArgument("a grid of " + std::to_string(n) + "^" + std::to_string(d) + " points is too large",
                                  where);
        p *= n;
    }
    return p;
}

// The Laplacian of a stencil over a grid of `n` points per side in `dims` dimensions: every
// neighbour whose offsets are each in [-reach, reach] and whose Manhattan distance is at most
// `distance`, -1 each, and the number of neighbours an interior point has on the diagonal.
template <SparseValue T, SparseIndex I>
HostCsr<T, I> stencil(std::size_t n, int dims, int distance, const char* where) {
    const std::size_t rows = power(n, dims, where);
    std::vector<std::array<int, 3>> offsets;
    for (int dz = dims > 2 ? -1 : 0; dz <= (dims > 2 ? 1 : 0); ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (std::abs(dx) + std::abs(dy) + std::abs(dz) <= distance) offsets.push_back({dz, dy, dx});
    check_fits<I>(rows, offsets.size(), where);
    const T diagonal = sparse_detail::value_of<T>(static_cast<double>(offsets.size() - 1));
    HostCsr<T, I> csr{rows, rows, {}, {}, {}};
    csr.row_offsets.reserve(rows + 1);
    csr.col_indices.reserve(rows * offsets.size());
    csr.values.reserve(rows * offsets.size());
    csr.row_offsets.push_back(0);
    const auto side = static_cast<std::ptrdiff_t>(n);
    const std::size_t depth = dims > 2 ? n : 1;
    for (std::size_t z = 0; z < depth; ++z)
        for (std::size_t y = 0; y < n; ++y)
            for (std::size_t x = 0; x < n; ++x) {
                for (const auto& o : offsets) {
                    const auto zz = static_cast<std::ptrdiff_t>(z) + o[0];
                    const auto yy = static_cast<std::ptrdiff_t>(y) + o[1];
                    const auto xx = static_cast<std::ptrdiff_t>(x) + o[2];
                    if (zz < 0 || zz >= static_cast<std::ptrdiff_t>(depth) || yy < 0 || yy >= side || xx < 0 ||
                        xx >= side)
                        continue;
                    csr.col_indices.push_back(static_cast<I>((zz * side + yy) * side + xx));
                    csr.values.push_back(o == std::array<int, 3>{0, 0, 0} ? diagonal : T(-1));
                }
                csr.row_offsets.push_back(static_cast<I>(csr.values.size()));
            }
    return csr;
}

} // namespace

template <SparseValue T, SparseIndex I>
HostCsr<T, I> poisson_2d(std::size_t n) {
    return stencil<T, I>(n, 2, 1, "poisson_2d");
}

template <SparseValue T, SparseIndex I>
HostCsr<T, I> poisson_3d(std::size_t n, int points) {
    if (points != 7 && points != 27)
        throw InvalidArgument("the 3-D stencils have 7 or 27 points, not " + std::to_string(points), "poisson_3d");
    return stencil<T, I>(n, 3, points == 7 ? 1 : 3, "poisson_3d");
}

template <SparseValue T, SparseIndex I>
HostCsr<T, I> random_banded(std::size_t n, std::size_t bandwidth, double density, std::uint64_t seed) {
    if (!(density >= 0 && density <= 1))
        throw InvalidArgument("density must be in [0, 1], not " + std::to_string(density), "random_banded");
    if (bandwidth > n) bandwidth = n;
    check_fits<I>(n, 2 * bandwidth + 1, "random_banded");
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(0, 1);
    HostCsr<T, I> csr{n, n, {0}, {}, {}};
    for (std::size_t r = 0; r < n; ++r) {
        const std::size_t first = r > bandwidth ? r - bandwidth : 0;
        const std::size_t last = std::min(n - 1, r + bandwidth);
        std::size_t diagonal_at = 0;
        double row_sum = 0;
        for (std::size_t c = first; c <= last; ++c) {
            if (c == r) {
                diagonal_at = csr.values.size();
                csr.col_indices.push_back(static_cast<I>(c));
                csr.values.push_back(T(0));
                continue;
            }
            if (uniform(random) >= density) continue;
            const double v = 2 * uniform(random) - 1;
            row_sum += std::abs(v);
            csr.col_indices.push_back(static_cast<I>(c));
            csr.values.push_back(sparse_detail::value_of<T>(v));
        }
        csr.values[diagonal_at] = sparse_detail::value_of<T>(row_sum + 1);
        csr.row_offsets.push_back(static_cast<I>(csr.values.size()));
    }
    return csr;
}

template <SparseValue T, SparseIndex I>
HostCsr<T, I> rmat(unsigned scale, std::size_t edge_factor, std::uint64_t seed) {
    if (scale > 40) throw InvalidArgument("R-MAT scale must be at most 40, not " + std::to_string(scale), "rmat");
    const std::size_t vertices = std::size_t{1} << scale;
    check_fits<I>(vertices, edge_factor, "rmat");
    const std::size_t edges = vertices * edge_factor;
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(0, 1);
    HostCoo<T, I> coo{vertices, vertices, {}, {}, {}};
    coo.row.reserve(edges);
    coo.col.reserve(edges);
    coo.values.assign(edges, T(1));
    for (std::size_t e = 0; e < edges; ++e) {
        std::size_t row = 0;
        std::size_t col = 0;
        for (unsigned bit = 0; bit < scale; ++bit) {
            const double p = uniform(random);
            // Quadrants a (top left), b (top right), c (bottom left), d (bottom right).
            const bool down = p >= 0.57 + 0.19;
            const bool right = (p >= 0.57 && p < 0.57 + 0.19) || p >= 0.57 + 0.19 + 0.19;
            row = 2 * row + (down ? 1 : 0);
            col = 2 * col + (right ? 1 : 0);
        }
        coo.row.push_back(static_cast<I>(row));
        coo.col.push_back(static_cast<I>(col));
    }
    return host_to_csr(coo);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template HostCsr<T, I> poisson_2d(std::size_t);                                                                    \
    template HostCsr<T, I> poisson_3d(std::size_t, int);                                                               \
    template HostCsr<T, I> random_banded(std::size_t, std::size_t, double, std::uint64_t);                             \
    template HostCsr<T, I> rmat(unsigned, std::size_t, std::uint64_t);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
