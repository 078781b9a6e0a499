#pragma once
/// \file
/// A sparse matrix in row blocks over the ranks of a Communicator, as a LinearOperator
/// (rtcg/sparse/operator.hpp), and the vector space of its vectors: the sparse library's
/// ConjugateGradient runs on it unchanged, each rank holding its block of every vector.
///
/// \code
///   auto partition = rtcg::BlockPartition::even(n, comm.size());
///   HostCsr<double, int> mine = ...;   // this rank's rows, global column indices
///   auto a = std::make_shared<const rtcg::DistributedCsrOperator<double, int>>(comm, partition, mine);
///   auto space = std::make_shared<const rtcg::DistributedVectorSpace<double>>(comm);
///   rtcg::ConjugateGradient<double> cg(a, {.rtol = 1e-8}, space);
///   cg.solve(b.local(), x.local());   // b, x: DistributedArrays of `partition`
/// \endcode
///
/// The product y = alpha A x + beta y splits each rank's rows by column into the block of its
/// own columns (the interior) and the columns other ranks own (the ghosts, numbered in a
/// HaloPlan). apply runs the interior product on the current queue and, meanwhile, the halo
/// exchange on a second queue of the context (started after an Event of the current queue, so it
/// reads x as written before the call); the ghost product follows on the current queue once the
/// exchange's Event has happened, over the rows that have ghost entries alone, its sums then
/// added into y. With NCCL the whole product runs on the device; with the host
/// transport the exchange's MPI transfers overlap the interior product's kernel.
///
/// Every function is collective (each rank calls it in the same order).
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/halo.hpp>
#include <rtcg/distributed/partition.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg {

/// A square sparse matrix in row blocks; see distributed_csr.hpp. Real values only (the solvers
/// take complex ones on one device: operator.hpp).
template <std::floating_point T, SparseIndex I>
class DistributedCsrOperator final : public LinearOperator<T> {
public:
    /// Collective. `rows`: this rank's partition.count(rank) rows of the partition.size()-square
    /// matrix, with global column indices. Every rank needs at least one row. InvalidArgument for
    /// rows that do not fit the partition or the communicator (on that rank; PeerFailure on the
    /// others) or a malformed CSR. The communicator must outlive the operator.
    DistributedCsrOperator(Communicator& comm, BlockPartition partition, const HostCsr<T, I>& rows,
                           const SpmvOptions& options = {})
        : comm_(&comm), side_(comm.context().create_queue()),
          halo_(comm, partition, checked_ghost_columns(comm, partition, rows)),
          ghosts_(Array<T>::empty(comm.context(), halo_.ghosts())) {
        const std::size_t first = partition.offset(comm.rank());
        const std::size_t own = partition.count(comm.rank());
        const std::vector<std::size_t>& ghost_columns = halo_.ghost_indices();
        HostCsr<T, I> interior{rows.rows, own, {I(0)}, {}, {}};
        // The ghost block keeps only the rows that have ghost entries (a plane or two of a
        // stencil's), so that its product does not pass over every row of y.
        HostCsr<T, I> ghost{0, ghost_columns.size(), {I(0)}, {}, {}};
        std::vector<I> ghost_rows;
        for (std::size_t row = 0; row < rows.rows; ++row) {
            for (auto k = static_cast<std::size_t>(rows.row_offsets[row]);
                 k < static_cast<std::size_t>(rows.row_offsets[row + 1]); ++k) {
                const auto column = static_cast<std::size_t>(rows.col_indices[k]);
                if (column >= first && column < first + own) {
                    interior.col_indices.push_back(static_cast<I>(column - first));
                    interior.values.push_back(rows.values[k]);
                } else {
                    const auto at = std::lower_bound(ghost_columns.begin(), ghost_columns.end(), column);
                    ghost.col_indices.push_back(static_cast<I>(at - ghost_columns.begin()));
                    ghost.values.push_back(rows.values[k]);
                }
            }
            interior.row_offsets.push_back(static_cast<I>(interior.col_indices.size()));
            if (static_cast<std::size_t>(ghost.row_offsets.back()) != ghost.col_indices.size()) {
                ghost.row_offsets.push_back(static_cast<I>(ghost.col_indices.size()));
                ghost_rows.push_back(static_cast<I>(row));
            }
        }
        ghost.rows = ghost_rows.size();
        interior_ = CsrMatrix<T, I>::to_device(comm.context(), interior);
        interior_product_.emplace(*interior_, options);
        if (!ghost_rows.empty()) {
            ghost_matrix_ = CsrMatrix<T, I>::to_device(comm.context(), ghost);
            ghost_product_.emplace(*ghost_matrix_, options);
            ghost_rows_ = Array<I>::to_device(comm.context(), ghost_rows);
            ghost_sums_ = Array<T>::empty(comm.context(), ghost_rows.size());
            const std::string index = std::is_same_v<I, std::int32_t> ? "int" : "int64_t";
            const std::string value = std::is_same_v<T, float> ? "float" : "double";
            ghost_add_.emplace(comm.context(), index + " *rows, " + value + " *sums, " + value + " *y",
                               "y[rows[i]] += sums[i]", ElementwiseOptions{.name = "distributed_ghost_add"});
        }
    }

    const Context& context() const override { return comm_->context(); }
    /// This rank's rows.
    std::size_t rows() const override { return interior_->rows(); }
    /// This rank's block of x: as many as its rows.
    std::size_t cols() const override { return interior_->rows(); }
    /// y = alpha A x + beta y on this rank's blocks, with the halo exchange overlapped; see
    /// distributed_csr.hpp.
    void apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const override {
        Queue& main = detail::current_queue(comm_->context());
        side_.wait_for(main.record());
        (*interior_product_)(alpha, x, beta, y);
        {
            QueueScope on_side(side_);
            halo_.exchange(x, ghosts_);
        }
        main.wait_for(side_.record());
        if (!ghost_product_) return;
        (*ghost_product_)(alpha, ghosts_, T(0), *ghost_sums_);
        (*ghost_add_)(Range{0, static_cast<std::int64_t>(ghost_sums_->size())}, *ghost_rows_, *ghost_sums_, y);
    }
    /// 1 / the diagonal of this rank's rows (which lies in its own columns).
    Array<T> inverse_diagonal() const override { return CsrOperator<T, I>(*interior_).inverse_diagonal(); }

    /// The halo exchange of the product's x.
    const HaloPlan<T>& halo() const noexcept { return halo_; }

private:
    // The columns of `rows` other ranks own, after checking that the rows fit (collectively).
    static std::vector<std::size_t> checked_ghost_columns(Communicator& comm, const BlockPartition& partition,
                                                          const HostCsr<T, I>& rows) {
        std::vector<std::size_t> ghosts;
        std::exception_ptr failure;
        try {
            const std::string where = "DistributedCsrOperator";
            if (partition.ranks() != comm.size())
                throw InvalidArgument("the partition has " + std::to_string(partition.ranks()) + " blocks for " +
                                          std::to_string(comm.size()) + " ranks",
                                      where);
            const std::size_t own = partition.count(comm.rank());
            if (rows.rows != own || rows.cols != partition.size() || own == 0)
                throw InvalidArgument("rank " + std::to_string(comm.rank()) + " passes " + std::to_string(rows.rows) +
                                          " rows of " + std::to_string(rows.cols) + " columns; its block is " +
                                          std::to_string(own) + " rows (at least one) of " +
                                          std::to_string(partition.size()) + " columns",
                                      where);
            detail::check_csr(rows, "DistributedCsrOperator");
            const std::size_t first = partition.offset(comm.rank());
            for (const I column : rows.col_indices) {
                const auto c = static_cast<std::size_t>(column);
                if (c < first || c >= first + own) ghosts.push_back(c);
            }
        } catch (...) {
            failure = std::current_exception();
        }
        detail::agree_on_failure(comm, failure, "DistributedCsrOperator");
        return ghosts;
    }

    Communicator* comm_;
    mutable Queue side_;
    HaloPlan<T> halo_;
    std::optional<CsrMatrix<T, I>> interior_;
    std::optional<CsrMatrix<T, I>> ghost_matrix_; // the rows with ghost entries only
    std::optional<Spmv<T, I>> interior_product_;
    std::optional<Spmv<T, I>> ghost_product_;
    Array<T> ghosts_;
    // The ghost block's rows in this rank's block, its product (alpha A_ghost ghosts, one sum per
    // row), and the kernel that adds those sums into y.
    std::optional<Array<I>> ghost_rows_;
    std::optional<Array<T>> ghost_sums_;
    std::optional<ElementwiseKernel> ghost_add_;
};

/// The vector space of vectors in blocks over a communicator's ranks: the solvers' dot products
/// are summed over the ranks (operator.hpp's VectorSpace::combine), by one all-reduce of the
/// regions' sums in queue order.
template <std::floating_point T>
class DistributedVectorSpace final : public VectorSpace<T> {
public:
    /// The communicator must outlive the space.
    explicit DistributedVectorSpace(Communicator& comm) : comm_(&comm) {}

    /// Each region's local sum, all-reduced, is written to the region's first element and the
    /// rest set to 0, so that folding the region gives the global sum. A rank with count 0 takes
    /// part in the all-reduce and writes nothing.
    void combine(const Array<T>& partials, std::size_t first, std::size_t count, std::size_t sums = 1) const override {
        const auto n = static_cast<std::int64_t>(count);
        const auto m = static_cast<std::int64_t>(sums);
        const auto start = static_cast<std::int64_t>(first);
        Array<T> totals = Array<T>::zeros(comm_->context(), sums);
        std::optional<Array<T>> regions;
        if (count != 0) {
            regions = partials(slice(start, start + n * m)).reshape({m, n});
            totals = sum(*regions, {.axes = 1});
        }
        comm_->all_reduce(totals, ReduceOp::sum);
        if (!regions) return;
        regions->fill(T(0));
        (*regions)(slice(none, none), 0).assign(totals);
    }

private:
    Communicator* comm_;
};

} // namespace rtcg
