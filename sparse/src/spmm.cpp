// The planned product with blocks of vectors (spmm.hpp).
#include "instantiate.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/spmm.hpp>

#include <cstdint>
#include <limits>

namespace rtcg {
namespace detail {

template <SparseValue T, SparseIndex I>
struct SpmmState {
    CsrMatrix<T, I> matrix;
    std::size_t k = 1;
    std::string configuration; // after the value operations
    // The matrix's columns and values, or one unread element where there are none.
    Array<I> cols;
    Array<T> values;
    Kernel kernel;
    LaunchConfig launch;
};

} // namespace detail

namespace {

constexpr const char* where = "Spmm";

template <SparseValue T, SparseIndex I>
std::string spmm_source(codegen::Dialect dialect, const std::string& configuration) {
    return sparse_detail::program_source(
        dialect,
        sparse_detail::value_operations(dialect, codegen::dtype_of<T>(), codegen::dtype_of<I>()) + configuration,
        {detail::sparse_device::kernel::spmv, detail::sparse_device::kernel::spmm},
        codegen::dtype_of<T>().is_complex());
}

} // namespace

template <SparseValue T, SparseIndex I>
Spmm<T, I>::Spmm(const CsrMatrix<T, I>& a, std::size_t k) {
    if (k == 0) throw InvalidArgument("a block has at least one right-hand side", where);
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    if (std::max(a.rows(), a.cols()) > most / k)
        throw InvalidArgument("blocks of " + std::to_string(k) + " vectors of " +
                                  std::to_string(std::max(a.rows(), a.cols())) + " elements overflow 64-bit indices",
                              where);
    const Context& context = a.context();
    const std::string configuration = "#define RTCG_SPMV_ROWS ((rtcg_index_t)" + std::to_string(a.rows()) +
                                      ")\n#define RTCG_SPMM_K ((rtcg_index_t)" + std::to_string(k) + ")\n";
    const Module module = context.compile(spmm_source<T, I>(sparse_detail::dialect(context), configuration));
    const auto matrix = CsrMatrix<T, I>::from_arrays(
        a.rows(), a.cols(), sparse_detail::kernel_argument(a.row_offsets()), a.col_indices(), a.values());
    state_ = std::make_shared<detail::SpmmState<T, I>>(
        detail::SpmmState<T, I>{matrix, k, configuration, sparse_detail::kernel_argument(a.col_indices()),
                                sparse_detail::kernel_argument(a.values()), module.kernel("rtcg_spmm_csr"),
                                sparse_detail::grid_stride(context, std::max<std::size_t>(a.rows() * k, 1))});
}

template <SparseValue T, SparseIndex I>
void Spmm<T, I>::operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const {
    const detail::SpmmState<T, I>& s = *state_;
    const CsrMatrix<T, I>& a = s.matrix;
    auto check = [&](const Array<T>& v, const char* name, std::size_t rows) {
        if (v.context() != a.context())
            throw InvalidArgument(std::string(name) + " belongs to another context than the matrix", where);
        if (v.ndim() != 2 || v.shape()[0] != rows || v.shape()[1] != s.k)
            throw InvalidArgument(std::string(name) + " must be a " + std::to_string(rows) + " x " +
                                      std::to_string(s.k) + " block for a " + std::to_string(a.rows()) + " x " +
                                      std::to_string(a.cols()) + " matrix, not of shape " +
                                      detail::shape_text(v.shape()),
                                  where);
        if (!v.is_contiguous()) throw InvalidArgument(std::string(name) + " must be contiguous (row-major)", where);
    };
    check(x, "x", a.cols());
    check(y, "y", a.rows());
    if (&x.data().buffer() == &y.data().buffer())
        throw InvalidArgument("x and y share memory: the product would read what it writes", where);
    if (a.rows() == 0) return;
    // A matrix of no columns multiplies an empty x, which a kernel cannot take: one unread element.
    const Array<T> x_argument = x.size() != 0 ? x : Array<T>::zeros(a.context(), 1);
    s.kernel(detail::current_queue(a.context()), s.launch, a.row_offsets().data().buffer(), s.cols.data().buffer(),
             s.values.data().buffer(), x_argument.data().buffer(),
             static_cast<std::int64_t>(x_argument.data().offset()), y.data().buffer(),
             static_cast<std::int64_t>(y.data().offset()), alpha, beta);
}

template <SparseValue T, SparseIndex I>
std::size_t Spmm<T, I>::k() const noexcept {
    return state_->k;
}

template <SparseValue T, SparseIndex I>
std::string Spmm<T, I>::source(codegen::Dialect dialect) const {
    return spmm_source<T, I>(dialect, state_->configuration);
}

#define RTCG_SPARSE_INSTANTIATE(T, I) template class Spmm<T, I>;
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
