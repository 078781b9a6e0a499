// Conjugate gradients (cg.hpp): the host enqueues the iterations of sparse/device/kernel/cg.rtcg
// and reads the device's status asynchronously.
#include "krylov.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "values.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rtcg {
namespace detail {

template <SparseValue T>
struct CgState {
    std::shared_ptr<const LinearOperator<T>> matrix;
    std::shared_ptr<const VectorSpace<T>> space;
    CgOptions options;
    sparse_detail::VectorLaunch launch;
    std::size_t pq_partials = 1; // the operator's dot shares, or the launch's partials when it has none
    // standard: rtcg_cg_update, rtcg_cg_beta and rtcg_cg_direction; single_reduction: rtcg_cg1_update
    // and rtcg_cg1_scalars, no direction.
    Kernel dot_partials, update, scalars;
    std::optional<Kernel> direction;
    std::optional<Array<T>> inverse_diagonal;
    std::string configuration; // after the value operations
};

} // namespace detail

namespace {

// Slots of the device's status and scalars (cg.rtcg, cg_single_reduction.rtcg).
constexpr std::size_t rr_slot = 2, threshold2_slot = 3, scalar_slots = 5;

// The elements of a region of partials that either kind of share fits: each of single_reduction's
// three regions, the standard variant's p.q.
std::size_t shares_region(const sparse_detail::VectorLaunch& launch, std::size_t pq_partials) {
    return std::max(launch.partials, pq_partials);
}

template <SparseValue T>
std::string cg_source(codegen::Dialect dialect, const std::string& configuration, CgVariant variant) {
    if (variant == CgVariant::single_reduction)
        return sparse_detail::solver_source<T>(
            dialect, configuration,
            {detail::sparse_device::kernel::cg, detail::sparse_device::kernel::cg_single_reduction});
    return sparse_detail::solver_source<T>(dialect, configuration, {detail::sparse_device::kernel::cg});
}

} // namespace

template <SparseValue T>
ConjugateGradient<T>::ConjugateGradient(std::shared_ptr<const LinearOperator<T>> a, const CgOptions& options,
                                        std::shared_ptr<const VectorSpace<T>> space) {
    sparse_detail::check_tolerances(options.rtol, options.atol, options.check_every, "ConjugateGradient");
    sparse_detail::check_square(a.get(), "ConjugateGradient");
    if (!space) space = std::make_shared<const VectorSpace<T>>();
    const Context& context = a->context();
    const std::size_t n = a->rows();
    const sparse_detail::VectorLaunch launch = sparse_detail::vector_launch(context, n);
    const std::size_t pq_partials = a->dot_shares() != 0 ? a->dot_shares() : launch.partials;
    if (options.preconditioner == Preconditioner::block_jacobi &&
        (options.block_size < 1 || options.block_size > max_jacobi_block))
        throw InvalidArgument("block_size must be 1 to " + std::to_string(max_jacobi_block) + ", not " +
                                  std::to_string(options.block_size),
                              "ConjugateGradient");
    // The rows of the preconditioner's blocks: Jacobi's are one row; 0 without a preconditioner.
    const std::size_t jacobi_block = options.preconditioner == Preconditioner::jacobi         ? 1
                                     : options.preconditioner == Preconditioner::block_jacobi ? options.block_size
                                                                                              : 0;
    const bool single = options.variant == CgVariant::single_reduction;
    const codegen::Dialect dialect = sparse_detail::dialect(context);
    std::string configuration = sparse_detail::vector_configuration(launch, n, pq_partials, jacobi_block);
    if (single)
        configuration += "#define RTCG_CG1_REGION " + std::to_string(shares_region(launch, pq_partials)) + "\n";
    std::optional<Array<T>> inverse_diagonal; // Jacobi's inverse diagonal, or block-Jacobi's inverse blocks
    if (options.preconditioner == Preconditioner::jacobi) inverse_diagonal.emplace(a->inverse_diagonal());
    if (options.preconditioner == Preconditioner::block_jacobi)
        inverse_diagonal.emplace(a->inverse_diagonal_blocks(options.block_size));
    const Module module = context.compile(cg_source<T>(dialect, configuration, options.variant));
    state_ = std::make_shared<detail::CgState<T>>(detail::CgState<T>{
        std::move(a), std::move(space), options, launch, pq_partials, module.kernel("rtcg_cg_dot_partials"),
        module.kernel(single ? "rtcg_cg1_update" : "rtcg_cg_update"),
        module.kernel(single ? "rtcg_cg1_scalars" : "rtcg_cg_beta"),
        single ? std::nullopt : std::optional<Kernel>(module.kernel("rtcg_cg_direction")), std::move(inverse_diagonal),
        std::move(configuration)});
}

template <SparseValue T>
CgResult ConjugateGradient<T>::solve(const Array<T>& b, const Array<T>& x) const {
    // alpha, beta and the norms are real for complex values too (cg.rtcg).
    using Real = sparse_detail::real_of_t<T>;
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
    const auto q = Array<T>::empty(context, n); // A p (standard), A u (single_reduction)
    const bool single = s.options.variant == CgVariant::single_reduction;
    // standard: r.z, r.r and p.q (cg.rtcg); single_reduction: three regions (cg_single_reduction.rtcg).
    const std::size_t region = shares_region(s.launch, s.pq_partials);
    const std::size_t pq_first = single ? 2 * region : 2 * s.launch.partials;
    const auto partials = Array<T>::empty(context, single ? 3 * region : pq_first + region);
    const Array<T>& inverse_diagonal = s.inverse_diagonal ? *s.inverse_diagonal : p;
    const LaunchConfig vectors = s.launch.vectors();
    // out = A in, and the shares of in.out from partials[pq_first].
    auto product_and_dot = [&](const Array<T>& in, const Array<T>& out) {
        if (a.dot_shares() != 0) {
            a.apply_and_dot(T(1), in, T(0), out, partials, pq_first);
        } else {
            a.apply(T(1), in, T(0), out);
            s.dot_partials(queue, vectors, in.data().buffer(), out.data().buffer(), partials.data().buffer(),
                           static_cast<int>(pq_first));
        }
    };

    // ||b||, for the tolerance: the one wait before the iterations.
    s.dot_partials(queue, vectors, r.data().buffer(), r.data().buffer(), partials.data().buffer(), 0);
    space.combine(partials, 0, s.launch.partials);
    const double b_norm2 = sparse_detail::host_sum(partials, 0, s.launch.partials);
    const double threshold = std::max(s.options.rtol * std::sqrt(b_norm2), s.options.atol);
    std::array<Real, scalar_slots> initial{};
    initial[threshold2_slot] = static_cast<Real>(threshold * threshold);
    const auto scalars = Array<Real>::to_device(context, std::vector<Real>(initial.begin(), initial.end()));
    const auto status = Array<std::int64_t>::zeros(context, 2);

    std::function<void(int)> step;
    // single_reduction's s = A p, and u = M r (r itself without a preconditioner).
    std::optional<Array<T>> ap, u;
    if (single) {
        ap.emplace(Array<T>::zeros(context, n));
        u.emplace(s.inverse_diagonal ? Array<T>::empty(context, n) : r);
        // The vector updates and r.u and r.r after them, the product w = A u and u.w, then the test,
        // beta and alpha.
        step = [&](int counted) {
            s.update(queue, vectors, work.data().buffer(), r.data().buffer(), u->data().buffer(), q.data().buffer(),
                     p.data().buffer(), ap->data().buffer(), inverse_diagonal.data().buffer(),
                     scalars.data().buffer(), status.data().buffer(), partials.data().buffer(), counted);
            product_and_dot(*u, q);
            space.combine(partials, 0, region, 3);
            s.scalars(queue, s.launch.one_group(), partials.data().buffer(), scalars.data().buffer(),
                      status.data().buffer(), counted);
        };
    } else {
        // The vector updates and the dot products after them, then beta and the test, then p.
        step = [&](int counted) {
            s.update(queue, vectors, work.data().buffer(), r.data().buffer(), p.data().buffer(), q.data().buffer(),
                     inverse_diagonal.data().buffer(), scalars.data().buffer(), status.data().buffer(),
                     partials.data().buffer(), counted);
            space.combine(partials, 0, s.launch.partials, 2);
            s.scalars(queue, s.launch.one_group(), partials.data().buffer(), scalars.data().buffer(),
                      status.data().buffer(), counted);
            (*s.direction)(queue, vectors, p.data().buffer(), r.data().buffer(), inverse_diagonal.data().buffer(),
                           scalars.data().buffer(), status.data().buffer());
        };
    }

    // r = b - A x, then the first test (and single_reduction's first product).
    a.apply(T(-1), work, T(1), r);
    step(0);

    auto iteration = [&] {
        if (!single) {
            product_and_dot(p, q);
            space.combine(partials, pq_first, s.pq_partials);
        }
        step(1);
    };
    const SolveResult result = sparse_detail::iterate<Real>(queue, status, scalars, rr_slot, s.options.max_iterations,
                                                            s.options.check_every, iteration);
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    return result;
}

template <SparseValue T>
std::string ConjugateGradient<T>::source(codegen::Dialect dialect) const {
    return cg_source<T>(dialect, state_->configuration, state_->options.variant);
}

template <SparseValue T>
const LinearOperator<T>& ConjugateGradient<T>::linear_operator() const noexcept {
    return *state_->matrix;
}

template class ConjugateGradient<float>;
template class ConjugateGradient<double>;
template class ConjugateGradient<std::complex<float>>;
template class ConjugateGradient<std::complex<double>>;

} // namespace rtcg
