#pragma once
/// \file
/// What the iterative solvers run on: a linear operator, anything that applies y = alpha A x + beta y
/// (a stored matrix: CSR, ELL or SELL-C-sigma; a matrix-free stencil; a matrix distributed over
/// processes), and a vector space,
/// which makes the solvers' dot products whole.
///
/// \code
///   auto a = std::make_shared<const rtcg::CsrOperator<double, int>>(matrix);
///   rtcg::ConjugateGradient<double> solver(a, {.rtol = 1e-8});
///   solver.solve(b, x);
/// \endcode
///
/// The solvers keep their vectors as Arrays of the operator's rows, on its context: for one device
/// the whole vectors, for a distributed operator each process's own part. The vector updates
/// (x += alpha p and the like) are the solver's own generated kernels on those arrays, fused with
/// the dot products that follow them; each dot product leaves one partial sum per work-group in a
/// device array, and the solver hands that region to VectorSpace::combine before any kernel folds
/// it. For one device combine does nothing; a distributed vector space all-reduces there (on the
/// device, in queue order), so that every process folds the same global sums and takes the same
/// decisions, with no host synchronisation added.
///
/// Values are real or complex (SparseValue: float, double, std::complex<float>,
/// std::complex<double>). For complex values the solvers' dot products are inner products
/// <x, y> = sum conj(x_k) y_k, and their partial sums complex; norms and tolerances stay real. The
/// stored matrices' operators are complex too; the matrix-free stencil (stencil.hpp) and the
/// distributed operator are real only.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/sell.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <cstddef>
#include <memory>

namespace rtcg {

/// y = alpha A x + beta y for some A, real or complex; see operator.hpp.
///
/// x has cols() elements and y rows() elements (this process's parts for a distributed operator),
/// contiguous 1-d arrays of the operator's context, possibly views; y does not share memory with x.
/// Work runs on the context's current queue (queue_scope.hpp) and does not wait for it.
template <SparseValue T>
class RTCG_API LinearOperator {
public:
    virtual ~LinearOperator() = default;
    /// The context its products run in.
    virtual const Context& context() const = 0;
    /// The length of y.
    virtual std::size_t rows() const = 0;
    /// The length of x.
    virtual std::size_t cols() const = 0;
    /// y = alpha A x + beta y; y is not read when beta is 0.
    virtual void apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const = 0;
    /// How many partial sums apply_and_dot writes; 0 (the default) when the operator has no fused
    /// form, and the solvers take <x, y> with a kernel of their own after apply.
    virtual std::size_t dot_shares() const { return 0; }
    /// apply, which also writes partial sums of <x, y> = sum conj(x_k) y_k (the new y) into
    /// partials[first, first + dot_shares()); x and y are whole arrays (offset 0). The default
    /// throws InvalidArgument: the solvers call it only when dot_shares() is not 0.
    virtual void apply_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                               std::size_t first) const;
    /// 1 / A's diagonal, rows() elements, for the Jacobi preconditioner. The default throws
    /// InvalidArgument (an operator without a known diagonal cannot be Jacobi-preconditioned).
    virtual Array<T> inverse_diagonal() const;
    /// The inverses of A's diagonal blocks of `block` consecutive rows (1 to max_jacobi_block; the
    /// last block padded with the identity past the last row), for the block-Jacobi
    /// preconditioner: block b's inverse, row-major, from element b block^2. The default throws
    /// InvalidArgument (an operator without known blocks cannot be so preconditioned); so does a
    /// block out of range, or a singular block (naming its rows).
    virtual Array<T> inverse_diagonal_blocks(std::size_t block) const;

protected:
    /// For the derived operators only (an operator is used through references and shared pointers).
    LinearOperator() = default;
    /// Copies the base of a derived operator.
    LinearOperator(const LinearOperator&) = default;
    /// Assigns the base of a derived operator.
    LinearOperator& operator=(const LinearOperator&) = default;
};

/// Where the solvers' vectors live; see operator.hpp. This class is the single-device space.
template <SparseValue T>
class RTCG_API VectorSpace {
public:
    virtual ~VectorSpace() = default;
    /// For each of `sums` consecutive regions of `count` elements from partials[first], makes the
    /// region's sum the sum of that region over every process, in the order of the context's
    /// current queue and without waiting for the host (an all-reduce, for instance, of the
    /// regions' folded sums; complex sums for complex values). Each process passes its own count.
    /// For one device (this class)
    /// there is nothing to add: it does nothing.
    virtual void combine(const Array<T>& partials, std::size_t first, std::size_t count, std::size_t sums = 1) const;
};

/// What the operators of stored matrices share: a Spmv planned once (spmv.hpp), whose product
/// folds the solvers' dot product; square or not. CsrOperator, EllOperator and SellOperator make
/// it from their matrices.
template <SparseValue T, SparseIndex I>
class RTCG_API PlannedOperator : public LinearOperator<T> {
public:
    const Context& context() const override;
    std::size_t rows() const override;
    std::size_t cols() const override;
    void apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const override;
    std::size_t dot_shares() const override;
    void apply_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                       std::size_t first) const override;
    /// The product's plan.
    const Spmv<T, I>& plan() const noexcept { return product_; }

protected:
    /// For the derived operators, with a plan made for the solvers.
    explicit PlannedOperator(Spmv<T, I> product);

private:
    Spmv<T, I> product_;
};

/// A CSR matrix as a LinearOperator, its product planned as Spmv plans it.
template <SparseValue T, SparseIndex I>
class RTCG_API CsrOperator final : public PlannedOperator<T, I> {
public:
    /// Plans products with `a` as Spmv does with `options` (InvalidArgument as there).
    explicit CsrOperator(const CsrMatrix<T, I>& a, const SpmvOptions& options = {});
    /// 1 / the diagonal (the entries on it summed; infinity for a row without one, not a number
    /// for complex values).
    Array<T> inverse_diagonal() const override;
    /// The inverses of the diagonal blocks (each block's entries summed), computed on the device
    /// (in complex arithmetic for complex values) and checked there; waits for the device once,
    /// for the check.
    Array<T> inverse_diagonal_blocks(std::size_t block) const override;
};

/// An ELL or SELL-C-sigma matrix (`Matrix`: EllMatrix<T, I> or SellMatrix<T, I>) as a
/// LinearOperator, multiplied in its own layout (Spmv(ell), Spmv(sell)).
template <SparseValue T, SparseIndex I, class Matrix>
class RTCG_API SlicedOperator final : public PlannedOperator<T, I> {
public:
    /// Plans products with `a` as Spmv(a) does.
    explicit SlicedOperator(const Matrix& a);
    /// As CsrOperator's, from a CSR copy of the matrix made for the call (to_csr, which waits for
    /// the queue) and planned with vector CSR.
    Array<T> inverse_diagonal() const override;
    /// \copydoc inverse_diagonal
    Array<T> inverse_diagonal_blocks(std::size_t block) const override;

private:
    Matrix matrix_;
};

/// An ELL matrix as a LinearOperator.
template <SparseValue T, SparseIndex I>
using EllOperator = SlicedOperator<T, I, EllMatrix<T, I>>;

/// A SELL-C-sigma matrix as a LinearOperator.
template <SparseValue T, SparseIndex I>
using SellOperator = SlicedOperator<T, I, SellMatrix<T, I>>;

} // namespace rtcg
