// GMRES(m) (gmres.hpp): Arnoldi with modified Gram-Schmidt on the device, through krylov.rtcg's
// axpby and cg.rtcg's dot partials; the Hessenberg matrix, its Givens rotations and the
// triangular solve on the host.
#include "krylov.hpp"
#include "programs.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/gmres.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rtcg {
namespace detail {

template <std::floating_point T>
struct GmresState {
    std::shared_ptr<const LinearOperator<T>> matrix;
    std::shared_ptr<const VectorSpace<T>> space;
    KrylovOptions options;
    sparse_detail::VectorLaunch launch;
    std::string configuration;
    Kernel dot, axpby;
};

} // namespace detail

template <std::floating_point T>
Gmres<T>::Gmres(std::shared_ptr<const LinearOperator<T>> a, const KrylovOptions& options,
                std::shared_ptr<const VectorSpace<T>> space) {
    sparse_detail::check_tolerances(options.rtol, options.atol, options.check_every, "Gmres");
    if (options.restart == 0) throw InvalidArgument("restart must be at least 1", "Gmres");
    sparse_detail::check_square(a.get(), "Gmres");
    if (!space) space = std::make_shared<const VectorSpace<T>>();
    const Context& context = a->context();
    const sparse_detail::VectorLaunch launch = sparse_detail::vector_launch(context, a->rows());
    std::string configuration = sparse_detail::vector_configuration(launch, a->rows(), launch.partials, false);
    const Module module = context.compile(
        sparse_detail::krylov_source<T>(sparse_detail::dialect(context), configuration));
    state_ = std::make_shared<detail::GmresState<T>>(
        detail::GmresState<T>{std::move(a), std::move(space), options, launch, std::move(configuration),
                              module.kernel("rtcg_cg_dot_partials"), module.kernel("rtcg_krylov_axpby")});
}

template <std::floating_point T>
SolveResult Gmres<T>::solve(const Array<T>& b, const Array<T>& x) const {
    const detail::GmresState<T>& s = *state_;
    const LinearOperator<T>& a = *s.matrix;
    const Context& context = a.context();
    const std::size_t n = a.rows();
    sparse_detail::check_vector(b, "b", n, context, "Gmres::solve");
    sparse_detail::check_vector(x, "x", n, context, "Gmres::solve");
    if (n == 0) return {};

    Queue& queue = detail::current_queue(context);
    const std::size_t m = s.options.restart;
    const std::size_t count = s.launch.partials;
    const auto partials = Array<T>::empty(context, count);
    // The kernels take vectors from their buffers' starts: x is worked on in a copy when it is a view.
    const Array<T> work = x.data().offset() == 0 ? x : x.copy();
    const Array<T> b_start = b.copy();
    std::vector<Array<T>> basis;
    for (std::size_t k = 0; k <= m; ++k) basis.push_back(Array<T>::zeros(context, n));
    auto dot = [&](const Array<T>& u, const Array<T>& w) {
        s.dot(queue, s.launch.vectors(), u.data().buffer(), w.data().buffer(), partials.data().buffer(), 0);
        s.space->combine(partials, 0, count);
        return sparse_detail::host_sum(partials, 0, count);
    };
    // y = alpha u + beta y
    auto axpby = [&](double alpha, const Array<T>& u, double beta, const Array<T>& y) {
        s.axpby(queue, s.launch.vectors(), static_cast<T>(alpha), u.data().buffer(), static_cast<T>(beta),
                y.data().buffer());
    };
    // basis[0] = b - A x, and its norm.
    auto residual = [&] {
        detail::copy_elements(basis[0].data(), b_start.data());
        a.apply(T(-1), work, T(1), basis[0]);
        return std::sqrt(dot(basis[0], basis[0]));
    };

    const double threshold = std::max(s.options.rtol * std::sqrt(dot(b_start, b_start)), s.options.atol);
    SolveResult result;
    result.residual_norm = residual();
    result.reason = SolveStop::iteration_limit;
    // h[i][j], column-major by step: the Hessenberg matrix, rotated into R as the steps go.
    std::vector<std::vector<double>> h(m, std::vector<double>(m + 1));
    std::vector<double> cosines(m), sines(m), g(m + 1), y(m);
    while (true) {
        const double beta = result.residual_norm;
        if (!std::isfinite(beta)) {
            result.reason = SolveStop::breakdown;
            break;
        }
        if (beta <= threshold) {
            result.reason = SolveStop::converged;
            break;
        }
        if (result.iterations >= s.options.max_iterations) break;
        axpby(0, basis[0], 1 / beta, basis[0]);
        std::fill(g.begin(), g.end(), 0.0);
        g[0] = beta;
        std::size_t steps = 0;
        bool broke = false;
        for (std::size_t j = 0; j < m && result.iterations < s.options.max_iterations; ++j) {
            const Array<T>& w = basis[j + 1];
            a.apply(T(1), basis[j], T(0), w);
            for (std::size_t i = 0; i <= j; ++i) {
                h[j][i] = dot(w, basis[i]);
                axpby(-h[j][i], basis[i], 1, w);
            }
            const double norm = std::sqrt(dot(w, w));
            h[j][j + 1] = norm;
            for (std::size_t i = 0; i < j; ++i) {
                const double upper = cosines[i] * h[j][i] + sines[i] * h[j][i + 1];
                h[j][i + 1] = -sines[i] * h[j][i] + cosines[i] * h[j][i + 1];
                h[j][i] = upper;
            }
            const double radius = std::hypot(h[j][j], norm);
            cosines[j] = radius == 0 ? 1 : h[j][j] / radius;
            sines[j] = radius == 0 ? 0 : norm / radius;
            h[j][j] = radius;
            h[j][j + 1] = 0;
            g[j + 1] = -sines[j] * g[j];
            g[j] = cosines[j] * g[j];
            ++result.iterations;
            if (!(radius > 0) || !std::isfinite(radius) || !std::isfinite(g[j + 1])) {
                broke = true;
                break;
            }
            steps = j + 1;
            if (std::abs(g[j + 1]) <= threshold || norm == 0) break;
            axpby(0, w, 1 / norm, w);
        }
        // y = R^-1 g over the steps taken, then x += V y.
        for (std::size_t i = steps; i-- > 0;) {
            double sum = g[i];
            for (std::size_t l = i + 1; l < steps; ++l) sum -= h[l][i] * y[l];
            y[i] = sum / h[i][i];
        }
        for (std::size_t i = 0; i < steps; ++i) axpby(y[i], basis[i], 1, work);
        result.residual_norm = residual();
        if (broke) {
            result.reason = result.residual_norm <= threshold ? SolveStop::converged : SolveStop::breakdown;
            break;
        }
    }
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    return result;
}

template <std::floating_point T>
std::string Gmres<T>::source(codegen::Dialect dialect) const {
    return sparse_detail::krylov_source<T>(dialect, state_->configuration);
}

template class Gmres<float>;
template class Gmres<double>;

} // namespace rtcg
