// GMRES(m) (gmres.hpp): the host enqueues the Arnoldi steps, cycle ends and restarts of
// sparse/device/kernel/gmres.rtcg and reads the device's status asynchronously.
#include "krylov.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "values.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/gmres.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

namespace rtcg {
namespace detail {

template <SparseValue T>
struct GmresState {
    std::shared_ptr<const LinearOperator<T>> matrix;
    std::shared_ptr<const VectorSpace<T>> space;
    KrylovOptions options;
    sparse_detail::VectorLaunch launch;
    std::string configuration;
    Kernel dot, dots, fold, orthogonalize, rotate, normalize, solve, update, restart;
};

} // namespace detail

namespace {

// gmres.rtcg's layout of `small` and `status`, for restart length m.
std::size_t small_size(std::size_t m) { return m * (m + 1) + 2 * m + (m + 1) + m + (m + 1) + 3; }
constexpr std::size_t threshold_from_end = 2, residual_from_end = 1;
// The basis vectors one launch of rtcg_gmres_dots takes (RTCG_GMRES_CHUNK).
constexpr int chunk = 8;
enum StatusSlot : std::size_t { iterations_slot, reason_slot, steps_slot, open_slot, broke_slot, limit_slot, slots };

template <SparseValue T>
std::string gmres_source(codegen::Dialect dialect, const std::string& configuration) {
    return sparse_detail::solver_source<T>(dialect, configuration,
                                           {detail::sparse_device::kernel::cg, detail::sparse_device::kernel::gmres});
}

} // namespace

template <SparseValue T>
Gmres<T>::Gmres(std::shared_ptr<const LinearOperator<T>> a, const KrylovOptions& options,
                std::shared_ptr<const VectorSpace<T>> space) {
    sparse_detail::check_tolerances(options.rtol, options.atol, options.check_every, "Gmres");
    if (options.restart == 0) throw InvalidArgument("restart must be at least 1", "Gmres");
    // One work-item solves the cycle's triangular system of restart^2 / 2 terms (gmres.rtcg), whose
    // indices are 32-bit there.
    constexpr std::size_t most_restart = 4096;
    if (options.restart > most_restart)
        throw InvalidArgument("restart must be at most " + std::to_string(most_restart) + ", not " +
                                  std::to_string(options.restart),
                              "Gmres");
    sparse_detail::check_square(a.get(), "Gmres");
    if (!space) space = std::make_shared<const VectorSpace<T>>();
    const Context& context = a->context();
    const sparse_detail::VectorLaunch launch = sparse_detail::vector_launch(context, a->rows());
    std::string configuration = sparse_detail::vector_configuration(launch, a->rows(), launch.partials, 0) +
                                "#define RTCG_GMRES_M " + std::to_string(options.restart) +
                                "\n#define RTCG_GMRES_CHUNK " + std::to_string(chunk) + "\n";
    const Module module = context.compile(gmres_source<T>(sparse_detail::dialect(context), configuration));
    state_ = std::make_shared<detail::GmresState<T>>(detail::GmresState<T>{
        std::move(a), std::move(space), options, launch, std::move(configuration), module.kernel("rtcg_cg_dot_partials"),
        module.kernel("rtcg_gmres_dots"), module.kernel("rtcg_gmres_fold"), module.kernel("rtcg_gmres_orthogonalize"),
        module.kernel("rtcg_gmres_rotate"), module.kernel("rtcg_gmres_normalize"), module.kernel("rtcg_gmres_solve"),
        module.kernel("rtcg_gmres_update"), module.kernel("rtcg_gmres_restart")});
}

template <SparseValue T>
SolveResult Gmres<T>::solve(const Array<T>& b, const Array<T>& x) const {
    const detail::GmresState<T>& s = *state_;
    const LinearOperator<T>& a = *s.matrix;
    const VectorSpace<T>& space = *s.space;
    const Context& context = a.context();
    const std::size_t n = a.rows();
    sparse_detail::check_vector(b, "b", n, context, "Gmres::solve");
    sparse_detail::check_vector(x, "x", n, context, "Gmres::solve");
    if (n == 0) return {};
    const std::size_t elements = std::numeric_limits<std::size_t>::max() / n;
    if (s.options.restart + 1 > elements)
        throw InvalidArgument("a basis of " + std::to_string(s.options.restart + 1) + " vectors of " +
                                  std::to_string(n) + " elements does not fit the address space",
                              "Gmres::solve");

    Queue& queue = detail::current_queue(context);
    const std::size_t m = s.options.restart;
    const std::size_t count = s.launch.partials;
    const LaunchConfig vectors = s.launch.vectors();
    const LaunchConfig one_group = s.launch.one_group();
    // Region i < m of `partials` for V_i.w, region m for the norms (gmres.rtcg).
    const auto partials = Array<T>::empty(context, (m + 1) * count);
    const int norms_first = static_cast<int>(m * count);
    // The kernels take vectors from their buffers' starts: x is worked on in a copy when it is a view.
    const Array<T> work = x.data().offset() == 0 ? x : x.copy();
    const Array<T> basis = Array<T>::zeros(context, (m + 1) * n);
    const auto v = Array<T>::zeros(context, n); // the product's input: the last basis vector
    const auto w = Array<T>::zeros(context, n); // the product's output, orthogonalised
    const auto r = Array<T>::empty(context, n);

    // ||b||, for the tolerance: the one wait before the iterations. The kernels take vectors from
    // their buffers' starts: b is read in r, where restarts copy it too.
    detail::copy_elements(r.data(), b.data());
    s.dot(queue, vectors, r.data().buffer(), r.data().buffer(), partials.data().buffer(), norms_first);
    space.combine(partials, m * count, count);
    const double threshold =
        std::max(s.options.rtol * std::sqrt(sparse_detail::host_sum(partials, m * count, count)), s.options.atol);
    std::vector<T> initial_small(small_size(m), T(0));
    // The tolerance in the real part of its slot, as the device reads it for complex values.
    initial_small[initial_small.size() - threshold_from_end] = sparse_detail::value_of<T>(threshold);
    const auto small = Array<T>::to_device(context, initial_small);
    std::vector<std::int64_t> initial_status(slots, 0);
    initial_status[limit_slot] = static_cast<std::int64_t>(std::min<std::size_t>(
        s.options.max_iterations, static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max())));
    const auto status = Array<std::int64_t>::to_device(context, initial_status);
    const Buffer& small_buffer = small.data().buffer();
    const Buffer& status_buffer = status.data().buffer();

    // r = b - A x, its norm, the test, and (running on) a new cycle from V_0 = r / ||r||.
    auto restart = [&] {
        detail::copy_elements(r.data(), b.data());
        a.apply(T(-1), work, T(1), r);
        s.dot(queue, vectors, r.data().buffer(), r.data().buffer(), partials.data().buffer(), norms_first);
        space.combine(partials, m * count, count);
        s.restart(queue, one_group, partials.data().buffer(), small_buffer, status_buffer);
        s.normalize(queue, vectors, r.data().buffer(), basis.data().buffer(), v.data().buffer(), small_buffer,
                    status_buffer, 0);
    };
    // Arnoldi step j: w = A v, twice orthogonalised against V_0..V_j, its rotation, V_j+1.
    auto step = [&](std::size_t j) {
        a.apply(T(1), v, T(0), w);
        const int known = static_cast<int>(j + 1);
        for (const int norm : {0, 1}) {
            for (int first = 0; first < known; first += chunk)
                s.dots(queue, vectors, basis.data().buffer(), w.data().buffer(), partials.data().buffer(),
                       status_buffer, first, std::min(chunk, known - first));
            space.combine(partials, 0, count, j + 1);
            s.fold(queue, one_group, partials.data().buffer(), small_buffer, status_buffer, static_cast<int>(j),
                   known);
            s.orthogonalize(queue, vectors, basis.data().buffer(), w.data().buffer(), small_buffer,
                            partials.data().buffer(), status_buffer, known, norm);
        }
        space.combine(partials, m * count, count);
        s.rotate(queue, one_group, partials.data().buffer(), small_buffer, status_buffer, static_cast<int>(j));
        s.normalize(queue, vectors, w.data().buffer(), basis.data().buffer(), v.data().buffer(), small_buffer,
                    status_buffer, known);
    };

    // The status is copied asynchronously every check_every steps and at each cycle's end; a copy
    // that shows the solve stopped ends it, one that shows the current cycle closed ends the cycle.
    // The host waits for a copy once it has enqueued 2 check_every steps after it: the queue then
    // never holds more than that (a long queue slows some OpenCL platforms' every command), and no
    // more steps than that run after the device stopped.
    std::array<std::int64_t, slots> seen{};
    Event copied;
    bool pending = false;
    std::size_t seen_cycle = 0, cycle = 0, steps_enqueued = 0, steps_at_copy = 0;
    bool stopped = false, closed = false;
    auto poll = [&](bool copy) {
        if (pending && steps_enqueued >= steps_at_copy + 2 * s.options.check_every) copied.wait();
        if (pending && copied.is_complete()) {
            pending = false;
            stopped = seen[reason_slot] != 0;
            closed = seen_cycle == cycle && seen[open_slot] == 0;
        }
        if (!pending && copy) {
            queue.read(status_buffer, seen.data(), sizeof seen, 0, Transfer::async);
            copied = queue.record();
            seen_cycle = cycle;
            steps_at_copy = steps_enqueued;
            pending = true;
        }
    };
    restart();
    poll(true);
    // Each cycle the device does not stop in takes a step at least, so after max_iterations + 1
    // cycles the device has stopped, whatever the copies said so far.
    while (!stopped && cycle <= s.options.max_iterations) {
        closed = false;
        for (std::size_t j = 0; j < m && !closed && !stopped; ++j) {
            step(j);
            poll(++steps_enqueued % s.options.check_every == 0);
        }
        if (stopped) break;
        s.solve(queue, one_group, small_buffer, status_buffer);
        s.update(queue, vectors, work.data().buffer(), basis.data().buffer(), small_buffer, status_buffer);
        restart();
        ++cycle;
        poll(true);
    }
    // The blocking reads come after the pending copy on the same queue, so `seen` is written
    // before this returns.
    const std::vector<std::int64_t> last = status.get();
    SolveResult result;
    result.iterations = static_cast<std::size_t>(last[iterations_slot]);
    result.residual_norm = sparse_detail::real_part(small.get()[small_size(m) - residual_from_end]);
    result.reason = last[reason_slot] == 1   ? SolveStop::converged
                    : last[reason_slot] == 2 ? SolveStop::breakdown
                                             : SolveStop::iteration_limit;
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    return result;
}

template <SparseValue T>
std::string Gmres<T>::source(codegen::Dialect dialect) const {
    return gmres_source<T>(dialect, state_->configuration);
}

template class Gmres<float>;
template class Gmres<double>;
template class Gmres<std::complex<float>>;
template class Gmres<std::complex<double>>;

} // namespace rtcg
