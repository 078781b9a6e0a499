#pragma once
/// \file
/// Sparse times dense, Y = alpha A X + beta Y, for several right-hand sides at once:
///
/// \code
///   auto x = rtcg::Array<double>::empty(context, {a.cols(), 8});   // 8 vectors, row-major
///   auto y = rtcg::Array<double>::empty(context, {a.rows(), 8});
///   rtcg::Spmm<double, int> product(a, 8);                           // compiles for A and k = 8
///   product(1.0, x, 0.0, y);
/// \endcode
///
/// X is a cols x k and Y a rows x k contiguous (row-major) 2-d array of the matrix's value type
/// and context, possibly views; Y must not share memory with X; beta 0 leaves Y unread. The
/// kernel (sparse/device/kernel/spmm.rtcg) has the row count and k written in. Each fault is an
/// InvalidArgument before anything runs. The product runs on the context's current queue
/// (queue_scope.hpp) and does not wait for it. The plan holds the matrix's arrays.
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <memory>
#include <string>

namespace rtcg {

namespace detail {
template <SparseValue T, SparseIndex I>
struct SpmmState;
} // namespace detail

/// A planned product of one CSR matrix with blocks of k vectors; see spmm.hpp.
template <SparseValue T, SparseIndex I>
class RTCG_API Spmm {
public:
    /// Plans products of `a` with blocks of `k` right-hand sides (InvalidArgument for k 0, or when
    /// rows x k or cols x k overflows).
    Spmm(const CsrMatrix<T, I>& a, std::size_t k);
    /// Y = alpha A X + beta Y; see spmm.hpp for what X and Y must be.
    void operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const;
    /// The number of right-hand sides.
    std::size_t k() const noexcept;
    /// The generated source in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;

private:
    std::shared_ptr<const detail::SpmmState<T, I>> state_;
};

} // namespace rtcg
