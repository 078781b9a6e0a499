// Linear operators and vector spaces (operator.hpp): the defaults, and the stored matrices'
// operators.
#include "instantiate.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/operator.hpp>

#include <utility>

namespace rtcg {

template <SparseValue T>
void LinearOperator<T>::apply_and_dot(T, const Array<T>&, T, const Array<T>&, const Array<T>&, std::size_t) const {
    throw InvalidArgument("this operator does not fold a dot product into its product (dot_shares() is 0)",
                          "LinearOperator::apply_and_dot");
}

template <SparseValue T>
Array<T> LinearOperator<T>::inverse_diagonal() const {
    throw InvalidArgument("this operator does not know its diagonal, which the Jacobi preconditioner needs",
                          "LinearOperator::inverse_diagonal");
}

template <SparseValue T>
Array<T> LinearOperator<T>::inverse_diagonal_blocks(std::size_t) const {
    throw InvalidArgument("this operator does not know its diagonal blocks, which the block-Jacobi preconditioner needs",
                          "LinearOperator::inverse_diagonal_blocks");
}

template <SparseValue T>
void VectorSpace<T>::combine(const Array<T>&, std::size_t, std::size_t, std::size_t) const {}

template <SparseValue T, SparseIndex I>
PlannedOperator<T, I>::PlannedOperator(Spmv<T, I> product) : product_(std::move(product)) {}

template <SparseValue T, SparseIndex I>
const Context& PlannedOperator<T, I>::context() const {
    return product_.context();
}

template <SparseValue T, SparseIndex I>
std::size_t PlannedOperator<T, I>::rows() const {
    return product_.statistics().rows;
}

template <SparseValue T, SparseIndex I>
std::size_t PlannedOperator<T, I>::cols() const {
    return product_.columns();
}

template <SparseValue T, SparseIndex I>
void PlannedOperator<T, I>::apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const {
    product_(alpha, x, beta, y);
}

template <SparseValue T, SparseIndex I>
std::size_t PlannedOperator<T, I>::dot_shares() const {
    return product_.groups();
}

template <SparseValue T, SparseIndex I>
void PlannedOperator<T, I>::apply_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y,
                                          const Array<T>& partials, std::size_t first) const {
    product_.product_and_dot(alpha, x, beta, y, partials, first);
}

template <SparseValue T, SparseIndex I>
CsrOperator<T, I>::CsrOperator(const CsrMatrix<T, I>& a, const SpmvOptions& options)
    : PlannedOperator<T, I>(Spmv<T, I>(a, options, true)) {}

template <SparseValue T, SparseIndex I>
Array<T> CsrOperator<T, I>::inverse_diagonal() const {
    return this->plan().inverse_diagonal();
}

template <SparseValue T, SparseIndex I>
Array<T> CsrOperator<T, I>::inverse_diagonal_blocks(std::size_t block) const {
    return this->plan().inverse_diagonal_blocks(block);
}

template <SparseValue T, SparseIndex I, class Matrix>
SlicedOperator<T, I, Matrix>::SlicedOperator(const Matrix& a)
    : PlannedOperator<T, I>(Spmv<T, I>(a, true)), matrix_(a) {}

// The diagonal and diagonal blocks, which only a CSR plan computes, from a CSR copy planned with
// vector CSR: the format that plans without timing or reading more back.
template <SparseValue T, SparseIndex I, class Matrix>
Array<T> SlicedOperator<T, I, Matrix>::inverse_diagonal() const {
    return Spmv<T, I>(to_csr(matrix_), {.format = SpmvFormat::csr_vector}).inverse_diagonal();
}

template <SparseValue T, SparseIndex I, class Matrix>
Array<T> SlicedOperator<T, I, Matrix>::inverse_diagonal_blocks(std::size_t block) const {
    return Spmv<T, I>(to_csr(matrix_), {.format = SpmvFormat::csr_vector}).inverse_diagonal_blocks(block);
}

template class LinearOperator<float>;
template class LinearOperator<double>;
template class LinearOperator<std::complex<float>>;
template class LinearOperator<std::complex<double>>;
template class VectorSpace<float>;
template class VectorSpace<double>;
template class VectorSpace<std::complex<float>>;
template class VectorSpace<std::complex<double>>;
#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template class PlannedOperator<T, I>;                                                                              \
    template class CsrOperator<T, I>;                                                                                  \
    template class SlicedOperator<T, I, EllMatrix<T, I>>;                                                              \
    template class SlicedOperator<T, I, SellMatrix<T, I>>;
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
