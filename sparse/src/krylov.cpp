#include "krylov.hpp"

#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"
#include "values.hpp"

#include <rtcg/arrays/index.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>

namespace rtcg::sparse_detail {

VectorLaunch vector_launch(const Context& context, std::size_t n) {
    VectorLaunch launch;
    launch.group = std::bit_floor(
        std::max<std::size_t>(std::min<std::size_t>(context.device().max_work_group_size, 256), 1));
    launch.partials = std::clamp<std::size_t>((n + launch.group - 1) / launch.group, 1,
                                              std::max<std::size_t>(context.device().compute_units, 1) * 8);
    return launch;
}

std::string vector_configuration(const VectorLaunch& launch, std::size_t n, std::size_t pq_partials,
                                 std::size_t jacobi_block) {
    const std::size_t block = std::max<std::size_t>(jacobi_block, 1);
    return "#define RTCG_CG_PQ_PARTIALS " + std::to_string(pq_partials) + "\n#define RTCG_CG_N ((rtcg_index_t)" +
           std::to_string(n) + ")\n#define RTCG_CG_GROUP " + std::to_string(launch.group) +
           "\n#define RTCG_CG_PARTIALS " + std::to_string(launch.partials) + "\n#define RTCG_CG_JACOBI " +
           (jacobi_block != 0 ? "1" : "0") + "\n#define RTCG_CG_BLOCK " + std::to_string(block) +
           "\n#define RTCG_CG_BLOCKS ((rtcg_index_t)" + std::to_string((n + block - 1) / block) +
           ")\n#define RTCG_CG_RAGGED " + (n % block != 0 ? "1" : "0") + "\n";
}

template <SparseValue T>
std::string solver_source(codegen::Dialect dialect, const std::string& configuration,
                          std::initializer_list<std::string_view> files) {
    return program_source(dialect,
                          value_operations(dialect, codegen::dtype_of<T>(), codegen::DType::int32()) + configuration,
                          files, is_complex_v<T>);
}

template <SparseValue T>
std::string krylov_source(codegen::Dialect dialect, const std::string& configuration) {
    return solver_source<T>(dialect, configuration,
                            {detail::sparse_device::kernel::cg, detail::sparse_device::kernel::krylov});
}

void check_tolerances(double rtol, double atol, std::size_t check_every, const char* where) {
    if (!(rtol >= 0 && std::isfinite(rtol)) || !(atol >= 0 && std::isfinite(atol)))
        throw InvalidArgument("rtol and atol must be finite and not negative, not " + std::to_string(rtol) + " and " +
                                  std::to_string(atol),
                              where);
    if (check_every == 0) throw InvalidArgument("check_every must be at least 1", where);
}

template <SparseValue T>
void check_square(const LinearOperator<T>* a, const char* where) {
    if (a == nullptr) throw InvalidArgument("the operator is null", where);
    if (a->rows() != a->cols())
        throw InvalidArgument("the solvers need a square matrix, not " + std::to_string(a->rows()) + " x " +
                                  std::to_string(a->cols()),
                              where);
}

template <SparseValue T>
void check_vector(const Array<T>& v, const char* name, std::size_t n, const Context& context, const char* where) {
    if (v.context() != context)
        throw InvalidArgument(std::string(name) + " belongs to another context than the operator", where);
    if (v.ndim() != 1 || v.size() != n)
        throw InvalidArgument(std::string(name) + " must be a vector of " + std::to_string(n) + " elements for a " +
                                  std::to_string(n) + " x " + std::to_string(n) + " operator, not of shape " +
                                  detail::shape_text(v.shape()),
                              where);
    if (!v.is_contiguous()) throw InvalidArgument(std::string(name) + " must be contiguous", where);
}

template <SparseValue T>
double host_sum(const Array<T>& partials, std::size_t first, std::size_t count) {
    double sum = 0;
    for (const T part :
         partials(slice(static_cast<std::int64_t>(first), static_cast<std::int64_t>(first + count))).get())
        sum += real_part(part);
    return sum;
}

template <class S>
SolveResult iterate(Queue& queue, const Array<std::int64_t>& status, const Array<S>& scalars, std::size_t rr_slot,
                    std::size_t max_iterations, std::size_t check_every, const std::function<void()>& iteration) {
    std::array<std::int64_t, 2> seen{};
    Event copied;
    bool pending = false;
    std::size_t launched_at_copy = 0;
    for (std::size_t launched = 0; launched < max_iterations;) {
        iteration();
        ++launched;
        // The host stays at most 2 check_every iterations ahead of the last copy, as GMRES's
        // does: an unbounded queue slows some drivers (PoCL) more than the wait costs.
        if (pending && launched >= launched_at_copy + 2 * check_every) copied.wait();
        if (pending && copied.is_complete()) {
            pending = false;
            if (seen[1] != 0) break;
        }
        if (!pending && launched % check_every == 0) {
            queue.read(status.data().buffer(), seen.data(), sizeof seen, 0, Transfer::async);
            copied = queue.record();
            pending = true;
            launched_at_copy = launched;
        }
    }
    // The blocking reads come after the pending copy on the same queue, so `seen` is written
    // before this returns.
    const std::vector<std::int64_t> last = status.get();
    SolveResult result;
    result.iterations = static_cast<std::size_t>(last[0]);
    result.residual_norm = std::sqrt(real_part(scalars.get()[rr_slot]));
    result.reason = last[1] == 1   ? SolveStop::converged
                    : last[1] == 2 ? SolveStop::breakdown
                                   : SolveStop::iteration_limit;
    return result;
}

#define RTCG_KRYLOV_INSTANTIATE(T)                                                                                     \
    template SolveResult iterate<T>(Queue&, const Array<std::int64_t>&, const Array<T>&, std::size_t, std::size_t,     \
                                    std::size_t, const std::function<void()>&);                                        \
    template std::string solver_source<T>(codegen::Dialect, const std::string&,                                        \
                                          std::initializer_list<std::string_view>);                                    \
    template std::string krylov_source<T>(codegen::Dialect, const std::string&);                                       \
    template void check_square<T>(const LinearOperator<T>*, const char*);                                              \
    template void check_vector<T>(const Array<T>&, const char*, std::size_t, const Context&, const char*);             \
    template double host_sum<T>(const Array<T>&, std::size_t, std::size_t);
RTCG_KRYLOV_INSTANTIATE(float)
RTCG_KRYLOV_INSTANTIATE(double)
RTCG_KRYLOV_INSTANTIATE(std::complex<float>)
RTCG_KRYLOV_INSTANTIATE(std::complex<double>)

} // namespace rtcg::sparse_detail
