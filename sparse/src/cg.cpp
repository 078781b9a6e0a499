// Conjugate gradients (cg.hpp): the host enqueues the iterations of sparse/device/kernel/cg.rtcg
// and reads the device's status asynchronously.
#include "krylov.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

namespace rtcg {
namespace detail {

template <std::floating_point T>
struct CgState {
    std::shared_ptr<const LinearOperator<T>> matrix;
    std::shared_ptr<const VectorSpace<T>> space;
    CgOptions options;
    std::size_t group = 1;
    std::size_t partials = 1;
    std::size_t pq_partials = 1; // the operator's dot shares, or `partials` when it has none
    Kernel dot_partials, update, beta, direction;
    std::optional<Array<T>> inverse_diagonal;
    std::string configuration; // after the value operations
};

} // namespace detail

namespace {

// Slots of the device's status and scalars (cg.rtcg).
constexpr std::size_t rr_slot = 2, threshold2_slot = 3, scalar_slots = 4;

template <std::floating_point T>
std::string cg_source(codegen::Dialect dialect, const std::string& configuration) {
    return sparse_detail::program_source(
        dialect,
        sparse_detail::value_operations(dialect, codegen::dtype_of<T>(), codegen::DType::int32()) + configuration,
        {detail::sparse_device::kernel::cg}, false);
}

} // namespace

template <std::floating_point T>
ConjugateGradient<T>::ConjugateGradient(std::shared_ptr<const LinearOperator<T>> a, const CgOptions& options,
                                        std::shared_ptr<const VectorSpace<T>> space) {
    sparse_detail::check_tolerances(options.rtol, options.atol, options.check_every, "ConjugateGradient");
    sparse_detail::check_square(a.get(), "ConjugateGradient");
    if (!space) space = std::make_shared<const VectorSpace<T>>();
    const Context& context = a->context();
    const std::size_t n = a->rows();
    const sparse_detail::VectorLaunch launch = sparse_detail::vector_launch(context, n);
    const std::size_t group = launch.group;
    const std::size_t partials = launch.partials;
    const std::size_t pq_partials = a->dot_shares() != 0 ? a->dot_shares() : partials;
    const bool jacobi = options.preconditioner == Preconditioner::jacobi;
    const codegen::Dialect dialect = sparse_detail::dialect(context);
    const std::string configuration = sparse_detail::vector_configuration(launch, n, pq_partials, jacobi);
    std::optional<Array<T>> inverse_diagonal;
    if (jacobi) inverse_diagonal.emplace(a->inverse_diagonal());
    const Module module = context.compile(cg_source<T>(dialect, configuration));
    state_ = std::make_shared<detail::CgState<T>>(detail::CgState<T>{
        std::move(a), std::move(space), options, group, partials, pq_partials, module.kernel("rtcg_cg_dot_partials"),
        module.kernel("rtcg_cg_update"), module.kernel("rtcg_cg_beta"), module.kernel("rtcg_cg_direction"),
        std::move(inverse_diagonal), configuration});
}

template <std::floating_point T>
CgResult ConjugateGradient<T>::solve(const Array<T>& b, const Array<T>& x) const {
    const detail::CgState<T>& s = *state_;
    const LinearOperator<T>& a = *s.matrix;
    const VectorSpace<T>& space = *s.space;
    const Context& context = a.context();
    const std::size_t n = a.rows();
    sparse_detail::check_vector(b, "b", n, context, "ConjugateGradient::solve");
    sparse_detail::check_vector(x, "x", n, context, "ConjugateGradient::solve");
    if (n == 0) return {};

    Queue& queue = detail::current_queue(context);
    // The kernels take vectors from their buffers' starts: x is worked on in a copy when it is a view.
    const Array<T> work = x.data().offset() == 0 ? x : x.copy();
    const Array<T> r = b.copy();
    const auto p = Array<T>::zeros(context, n);
    const auto q = Array<T>::empty(context, n);
    // r.z, r.r and p.q (cg.rtcg); b.b, once, where p.q goes.
    const std::size_t pq_first = 2 * s.partials;
    const auto partials = Array<T>::empty(context, pq_first + std::max(s.partials, s.pq_partials));
    const int pq_region = static_cast<int>(pq_first);
    const Array<T>& inverse_diagonal = s.inverse_diagonal ? *s.inverse_diagonal : p;
    const LaunchConfig vectors{Dim3{s.partials}, Dim3{s.group}, 0};
    const LaunchConfig one_group{Dim3{1}, Dim3{s.group}, 0};
    // q = alpha A p + beta q, and the shares of p.q, combined.
    auto product = [&](T alpha, const Array<T>& in, T beta) {
        if (a.dot_shares() != 0) {
            a.apply_and_dot(alpha, in, beta, q, partials, pq_first);
        } else {
            a.apply(alpha, in, beta, q);
            s.dot_partials(queue, vectors, in.data().buffer(), q.data().buffer(), partials.data().buffer(), pq_region);
        }
        space.combine(partials, pq_first, s.pq_partials);
    };

    // ||b||, for the tolerance: the one wait before the iterations.
    s.dot_partials(queue, vectors, r.data().buffer(), r.data().buffer(), partials.data().buffer(), pq_region);
    space.combine(partials, pq_first, s.partials);
    const double b_norm2 = sparse_detail::host_sum(partials, pq_first, s.partials);
    const double threshold = std::max(s.options.rtol * std::sqrt(b_norm2), s.options.atol);
    std::array<T, scalar_slots> initial{};
    initial[threshold2_slot] = static_cast<T>(threshold * threshold);
    const auto scalars = Array<T>::to_device(context, std::vector<T>(initial.begin(), initial.end()));
    const auto status = Array<std::int64_t>::zeros(context, 2);
    // The vector updates and the dot products after them, then beta and the test, then p.
    auto step = [&](int counted) {
        s.update(queue, vectors, work.data().buffer(), r.data().buffer(), p.data().buffer(), q.data().buffer(),
                 inverse_diagonal.data().buffer(), scalars.data().buffer(), status.data().buffer(),
                 partials.data().buffer(), counted);
        space.combine(partials, 0, s.partials, 2);
        s.beta(queue, one_group, partials.data().buffer(), scalars.data().buffer(), status.data().buffer(), counted);
        s.direction(queue, vectors, p.data().buffer(), r.data().buffer(), inverse_diagonal.data().buffer(),
                    scalars.data().buffer(), status.data().buffer());
    };

    // r = b - A x, then r.z and r.r, the first test and p = z.
    a.apply(T(-1), work, T(1), r);
    step(0);

    const SolveResult result = sparse_detail::iterate<T>(queue, status, scalars, rr_slot, s.options.max_iterations,
                                                         s.options.check_every, [&] {
                                                             product(T(1), p, T(0));
                                                             step(1);
                                                         });
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    return result;
}

template <std::floating_point T>
std::string ConjugateGradient<T>::source(codegen::Dialect dialect) const {
    return cg_source<T>(dialect, state_->configuration);
}

template <std::floating_point T>
const LinearOperator<T>& ConjugateGradient<T>::linear_operator() const noexcept {
    return *state_->matrix;
}

template class ConjugateGradient<float>;
template class ConjugateGradient<double>;

} // namespace rtcg
