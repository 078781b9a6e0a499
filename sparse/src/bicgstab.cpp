// BiCGStab (bicgstab.hpp): the host enqueues the iterations of sparse/device/kernel/krylov.rtcg
// and reads the device's status asynchronously, as conjugate gradients do (cg.cpp).
#include "krylov.hpp"
#include "programs.hpp"
#include "values.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/bicgstab.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <vector>

namespace rtcg {
namespace detail {

template <SparseValue T>
struct BiCgStabState {
    std::shared_ptr<const LinearOperator<T>> matrix;
    std::shared_ptr<const VectorSpace<T>> space;
    KrylovOptions options;
    sparse_detail::VectorLaunch launch;
    std::string configuration;
    Kernel dot, two_dots, direction, alpha, half, half_test, omega, update, rho;
};

} // namespace detail

namespace {

// Slots of status and scalars (cg.rtcg, krylov.rtcg).
constexpr std::size_t omega_slot = 2, rr_slot = 4, threshold2_slot = 5, scalar_slots = 7;

} // namespace

template <SparseValue T>
BiCgStab<T>::BiCgStab(std::shared_ptr<const LinearOperator<T>> a, const KrylovOptions& options,
                      std::shared_ptr<const VectorSpace<T>> space) {
    sparse_detail::check_tolerances(options.rtol, options.atol, options.check_every, "BiCgStab");
    sparse_detail::check_square(a.get(), "BiCgStab");
    if (!space) space = std::make_shared<const VectorSpace<T>>();
    const Context& context = a->context();
    const sparse_detail::VectorLaunch launch = sparse_detail::vector_launch(context, a->rows());
    std::string configuration = sparse_detail::vector_configuration(launch, a->rows(), launch.partials, 0);
    const Module module = context.compile(
        sparse_detail::krylov_source<T>(sparse_detail::dialect(context), configuration));
    state_ = std::make_shared<detail::BiCgStabState<T>>(
        detail::BiCgStabState<T>{std::move(a), std::move(space), options, launch, std::move(configuration),
                                 module.kernel("rtcg_cg_dot_partials"), module.kernel("rtcg_bicgstab_two_dots"),
                                 module.kernel("rtcg_bicgstab_direction"), module.kernel("rtcg_bicgstab_alpha"),
                                 module.kernel("rtcg_bicgstab_half"), module.kernel("rtcg_bicgstab_half_test"),
                                 module.kernel("rtcg_bicgstab_omega"), module.kernel("rtcg_bicgstab_update"),
                                 module.kernel("rtcg_bicgstab_rho")});
}

template <SparseValue T>
SolveResult BiCgStab<T>::solve(const Array<T>& b, const Array<T>& x) const {
    const detail::BiCgStabState<T>& s = *state_;
    const LinearOperator<T>& a = *s.matrix;
    const VectorSpace<T>& space = *s.space;
    const Context& context = a.context();
    const std::size_t n = a.rows();
    sparse_detail::check_vector(b, "b", n, context, "BiCgStab::solve");
    sparse_detail::check_vector(x, "x", n, context, "BiCgStab::solve");
    if (n == 0) return {};

    Queue& queue = detail::current_queue(context);
    const std::size_t count = s.launch.partials;
    const LaunchConfig vectors = s.launch.vectors();
    const LaunchConfig one_group = s.launch.one_group();
    // The kernels take vectors from their buffers' starts: x is worked on in a copy when it is a view.
    const Array<T> work = x.data().offset() == 0 ? x : x.copy();
    const Array<T> r = b.copy();
    const auto zeros = [&] { return Array<T>::zeros(context, n); };
    const Array<T> p = zeros(), v = zeros(), half = zeros(), t = zeros();
    const auto partials = Array<T>::empty(context, 2 * count);
    auto buffer = [](const auto& array) -> const Buffer& { return array.data().buffer(); };

    // ||b||, for the tolerance: the one wait before the iterations.
    s.dot(queue, vectors, buffer(r), buffer(r), buffer(partials), 0);
    space.combine(partials, 0, count);
    const double threshold = std::max(s.options.rtol * std::sqrt(sparse_detail::host_sum(partials, 0, count)),
                                      s.options.atol);
    std::array<T, scalar_slots> initial{};
    initial[omega_slot] = T(1);
    // The tolerance in the real part of its slot, as the device reads it for complex values.
    initial[threshold2_slot] = sparse_detail::value_of<T>(threshold * threshold);
    const auto scalars = Array<T>::to_device(context, std::vector<T>(initial.begin(), initial.end()));
    const auto status = Array<std::int64_t>::zeros(context, 2);

    // r = b - A x, r^ = r, rho = r.r and the first test.
    a.apply(T(-1), work, T(1), r);
    const Array<T> r_hat = r.copy();
    s.two_dots(queue, vectors, buffer(r), buffer(r), buffer(partials));
    space.combine(partials, 0, count, 2);
    s.rho(queue, one_group, buffer(partials), buffer(scalars), buffer(status), 0);

    const SolveResult result = sparse_detail::iterate<T>(
        queue, status, scalars, rr_slot, s.options.max_iterations, s.options.check_every, [&] {
            s.direction(queue, vectors, buffer(p), buffer(r), buffer(v), buffer(scalars), buffer(status));
            a.apply(T(1), p, T(0), v);
            s.dot(queue, vectors, buffer(r_hat), buffer(v), buffer(partials), 0);
            space.combine(partials, 0, count);
            s.alpha(queue, one_group, buffer(partials), buffer(scalars), buffer(status));
            s.half(queue, vectors, buffer(half), buffer(r), buffer(v), buffer(scalars), buffer(status),
                   buffer(partials));
            space.combine(partials, 0, count);
            s.half_test(queue, one_group, buffer(partials), buffer(scalars), buffer(status));
            a.apply(T(1), half, T(0), t);
            s.two_dots(queue, vectors, buffer(t), buffer(half), buffer(partials));
            space.combine(partials, 0, count, 2);
            s.omega(queue, one_group, buffer(partials), buffer(scalars), buffer(status));
            s.update(queue, vectors, buffer(work), buffer(r), buffer(p), buffer(half), buffer(t), buffer(r_hat),
                     buffer(scalars), buffer(status), buffer(partials));
            space.combine(partials, 0, count, 2);
            s.rho(queue, one_group, buffer(partials), buffer(scalars), buffer(status), 1);
        });
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    return result;
}

template <SparseValue T>
std::string BiCgStab<T>::source(codegen::Dialect dialect) const {
    return sparse_detail::krylov_source<T>(dialect, state_->configuration);
}

template class BiCgStab<float>;
template class BiCgStab<double>;
template class BiCgStab<std::complex<float>>;
template class BiCgStab<std::complex<double>>;

} // namespace rtcg
