// HaloPlan against the global values it must bring, and the sparse library's CG on a
// DistributedCsrOperator: its product against the host's, its solution's residual on the host.
#include "distributed_support.hpp"

#include <rtcg/distributed/distributed_csr.hpp>
#include <rtcg/distributed/generators.hpp>
#include <rtcg/distributed/halo.hpp>
#include <rtcg/sparse/cg.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

namespace rtcg::test {
namespace {

// Uneven blocks, rank 1's empty (when there is a rank 1).
BlockPartition halo_partition() {
    std::vector<std::size_t> counts;
    for (int r = 0; r < comm().size(); ++r) counts.push_back(r == 1 ? 0 : static_cast<std::size_t>(5 + 4 * r));
    return BlockPartition::from_counts(counts);
}

// This rank's block of global indices as values.
Array<double> own_indices(const BlockPartition& partition) {
    std::vector<double> values(partition.count(comm().rank()));
    std::iota(values.begin(), values.end(), static_cast<double>(partition.offset(comm().rank())));
    return Array<double>::to_device(comm().context(), values);
}

std::vector<double> as_doubles(const std::vector<std::size_t>& indices) {
    return std::vector<double>(indices.begin(), indices.end());
}

// y = A x on the host, A the whole matrix.
std::vector<double> host_product(const HostCsr<double, std::int32_t>& a, const std::vector<double>& x) {
    std::vector<double> y(a.rows, 0.0);
    for (std::size_t row = 0; row < a.rows; ++row)
        for (auto k = static_cast<std::size_t>(a.row_offsets[row]);
             k < static_cast<std::size_t>(a.row_offsets[row + 1]); ++k)
            y[row] += a.values[k] * x[static_cast<std::size_t>(a.col_indices[k])];
    return y;
}

// Every rank's block of `local`, in rank order, on every rank.
std::vector<double> gathered(const Array<double>& local, const BlockPartition& partition) {
    const Array<double> all = Array<double>::empty(comm().context(), partition.size());
    comm().all_gather_v(local, all, partition.counts());
    return all.get();
}

} // namespace

TEST_CASE("HaloPlan: a stencil's neighbours over uneven and empty blocks, any list of ghosts, bad ghosts") {
    const BlockPartition partition = halo_partition();
    const Array<double> local = own_indices(partition);
    const auto plan = HaloPlan<double>::stencil(comm(), partition, 3);
    const Array<double> ghosts = Array<double>::empty(comm().context(), plan.ghosts());
    std::vector<std::size_t> expected;
    const std::size_t first = partition.offset(comm().rank()), end = first + partition.count(comm().rank());
    if (end > first)
        for (std::size_t i = 0; i < partition.size(); ++i)
            if ((i < first && i + 3 >= first) || (i >= end && i < end + 3)) expected.push_back(i);
    CHECK(plan.ghost_indices() == expected);
    for (int round = 0; round < 2; ++round) { // the plan is reused
        plan.exchange(local, ghosts);
        CHECK(ghosts.get() == as_doubles(expected));
    }

    // Every rank reads the first and the last element, where it does not own them, twice over.
    std::vector<std::size_t> ends;
    for (const std::size_t i : {std::size_t(0), partition.size() - 1, std::size_t(0)})
        if (partition.owner(i) != comm().rank()) ends.push_back(i);
    const HaloPlan<double> edges(comm(), partition, ends);
    const Array<double> edge_values = Array<double>::empty(comm().context(), edges.ghosts());
    edges.exchange(local, edge_values);
    std::vector<std::size_t> unique_ends = ends;
    std::sort(unique_ends.begin(), unique_ends.end());
    unique_ends.erase(std::unique(unique_ends.begin(), unique_ends.end()), unique_ends.end());
    CHECK(edge_values.get() == as_doubles(unique_ends));

    // Rank 0 names an index past the end: it throws InvalidArgument, the others PeerFailure.
    const std::vector<std::size_t> bad = comm().rank() == 0 ? std::vector<std::size_t>{partition.size()}
                                                            : std::vector<std::size_t>{};
    if (comm().rank() == 0)
        CHECK_THROWS_AS(HaloPlan<double>(comm(), partition, bad), InvalidArgument);
    else
        CHECK_THROWS_AS(HaloPlan<double>(comm(), partition, bad), PeerFailure);
}

TEST_CASE("DistributedCsrOperator: the product against the host's, and the sparse CG on a 3-D Poisson problem") {
    const std::size_t nx = 4, ny = 5, nz = 6, n = nx * ny * nz;
    const BlockPartition partition = BlockPartition::even(n, comm().size());
    const std::size_t first = partition.offset(comm().rank()), own = partition.count(comm().rank());
    const HostCsr<double, std::int32_t> whole = poisson_3d_rows<double, std::int32_t>(nx, ny, nz, 0, n);
    const HostCsr<double, std::int32_t> mine = poisson_3d_rows<double, std::int32_t>(nx, ny, nz, first, own);
    auto a = std::make_shared<const DistributedCsrOperator<double, std::int32_t>>(comm(), partition, mine);
    CHECK(a->rows() == own);
    std::vector<std::size_t> outside;
    for (const std::int32_t column : mine.col_indices)
        if (static_cast<std::size_t>(column) < first || static_cast<std::size_t>(column) >= first + own)
            outside.push_back(static_cast<std::size_t>(column));
    std::sort(outside.begin(), outside.end());
    outside.erase(std::unique(outside.begin(), outside.end()), outside.end());
    CHECK(a->halo().ghost_indices() == outside);

    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<double>((i * 7) % 13) - 6;
    const auto x_local = Array<double>::to_device(
        comm().context(), std::vector<double>(x.begin() + static_cast<std::ptrdiff_t>(first),
                                              x.begin() + static_cast<std::ptrdiff_t>(first + own)));
    const Array<double> y = Array<double>::full(comm().context(), own, 1.0);
    a->apply(2.0, x_local, 0.5, y);
    const std::vector<double> reference = host_product(whole, x);
    std::vector<double> expected(own);
    for (std::size_t i = 0; i < own; ++i) expected[i] = 2.0 * reference[first + i] + 0.5;
    CHECK(y.get() == expected);

    const auto space = std::make_shared<const DistributedVectorSpace<double>>(comm());
    for (const CgVariant variant : {CgVariant::standard, CgVariant::single_reduction}) {
        CAPTURE(static_cast<int>(variant));
        ConjugateGradient<double> cg(
            a, {.rtol = 1e-10, .max_iterations = 500, .preconditioner = Preconditioner::jacobi, .variant = variant},
            space);
        const Array<double> b = Array<double>::full(comm().context(), own, 1.0);
        const Array<double> solution = Array<double>::zeros(comm().context(), own);
        const CgResult result = cg.solve(b, solution);
        CHECK(result.reason == CgStop::converged);
        // Every rank took the same decisions, and the solution solves the whole system.
        CHECK(comm().all_reduce(result.iterations, ReduceOp::max) == result.iterations);
        const std::vector<double> all = gathered(solution, partition);
        const std::vector<double> product = host_product(whole, all);
        double residual = 0;
        for (std::size_t i = 0; i < n; ++i) residual += (1.0 - product[i]) * (1.0 - product[i]);
        CHECK(std::sqrt(residual / static_cast<double>(n)) < 1e-8);
    }
}

} // namespace rtcg::test
