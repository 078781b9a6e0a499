// Conjugate gradients (cg.hpp): the host enqueues the iterations of sparse/device/kernel/cg.rtcg
// and reads the device's status asynchronously.
#include "instantiate.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>

namespace rtcg {
namespace detail {

template <std::floating_point T, SparseIndex I>
struct CgState {
    CsrMatrix<T, I> matrix;
    CgOptions options;
    Spmv<T, I> product;
    std::size_t group = 1;
    std::size_t partials = 1;
    Kernel dot_partials, update, beta, direction;
    std::optional<Array<T>> inverse_diagonal;
    std::string configuration; // after the value operations
};

} // namespace detail

namespace {

// Slots of the device's status and scalars (cg.rtcg).
constexpr std::size_t iterations_slot = 0, reason_slot = 1;
constexpr std::size_t rr_slot = 2, threshold2_slot = 3, scalar_slots = 4;

void check_options(const CgOptions& options) {
    const char* where = "ConjugateGradient";
    if (!(options.rtol >= 0 && std::isfinite(options.rtol)) || !(options.atol >= 0 && std::isfinite(options.atol)))
        throw InvalidArgument("rtol and atol must be finite and not negative, not " + std::to_string(options.rtol) +
                                  " and " + std::to_string(options.atol),
                              where);
    if (options.check_every == 0) throw InvalidArgument("check_every must be at least 1", where);
}

template <std::floating_point T, SparseIndex I>
std::string cg_source(codegen::Dialect dialect, const std::string& configuration) {
    return sparse_detail::program_source(
        dialect,
        sparse_detail::value_operations(dialect, codegen::dtype_of<T>(), codegen::dtype_of<I>()) + configuration,
        {detail::sparse_device::kernel::cg}, false);
}

} // namespace

template <std::floating_point T, SparseIndex I>
ConjugateGradient<T, I>::ConjugateGradient(const CsrMatrix<T, I>& a, const CgOptions& options) {
    check_options(options);
    if (a.rows() != a.cols())
        throw InvalidArgument("conjugate gradients need a square matrix, not " + std::to_string(a.rows()) + " x " +
                                  std::to_string(a.cols()),
                              "ConjugateGradient");
    const Context& context = a.context();
    const std::size_t n = a.rows();
    const std::size_t group = std::bit_floor(
        std::max<std::size_t>(std::min<std::size_t>(context.device().max_work_group_size, 256), 1));
    const std::size_t partials = std::clamp<std::size_t>((n + group - 1) / group, 1,
                                                         std::max<std::size_t>(context.device().compute_units, 1) * 8);
    const bool jacobi = options.preconditioner == Preconditioner::jacobi;
    const codegen::Dialect dialect = sparse_detail::dialect(context);
    Spmv<T, I> product(a, options.product, true);
    const std::string configuration = "#define RTCG_CG_PQ_PARTIALS " + std::to_string(product.groups()) +
                                      "\n#define RTCG_CG_N ((rtcg_index_t)" + std::to_string(n) +
                                      ")\n#define RTCG_CG_GROUP " + std::to_string(group) +
                                      "\n#define RTCG_CG_PARTIALS " + std::to_string(partials) +
                                      "\n#define RTCG_CG_JACOBI " + (jacobi ? "1" : "0") + "\n";
    const Module module = context.compile(cg_source<T, I>(dialect, configuration));
    auto state = std::make_shared<detail::CgState<T, I>>(detail::CgState<T, I>{a,
                                                                               options,
                                                                               std::move(product),
                                                                               group,
                                                                               partials,
                                                                               module.kernel("rtcg_cg_dot_partials"),
                                                                               module.kernel("rtcg_cg_update"),
                                                                               module.kernel("rtcg_cg_beta"),
                                                                               module.kernel("rtcg_cg_direction"),
                                                                               {},
                                                                               configuration});
    if (jacobi) {
        state->inverse_diagonal.emplace(Array<T>::empty(context, std::max<std::size_t>(n, 1)));
        if (n != 0) {
            // The matrix's own arrays may be views: the kernel takes them from their buffers' starts.
            const auto offsets = a.row_offsets().data().offset() == 0 ? a.row_offsets() : a.row_offsets().copy();
            const auto cols = a.col_indices().size() == 0            ? Array<I>::zeros(context, 1)
                              : a.col_indices().data().offset() == 0 ? a.col_indices()
                                                                     : a.col_indices().copy();
            const auto values = a.values().size() == 0            ? Array<T>::zeros(context, 1)
                                : a.values().data().offset() == 0 ? a.values()
                                                                  : a.values().copy();
            module.kernel("rtcg_cg_inverse_diagonal")(
                detail::current_queue(context), sparse_detail::grid_stride(context, n), offsets.data().buffer(),
                cols.data().buffer(), values.data().buffer(), state->inverse_diagonal->data().buffer());
        }
    }
    state_ = std::move(state);
}

template <std::floating_point T, SparseIndex I>
CgResult ConjugateGradient<T, I>::solve(const Array<T>& b, const Array<T>& x) const {
    const detail::CgState<T, I>& s = *state_;
    const CsrMatrix<T, I>& a = s.matrix;
    const Context& context = a.context();
    const std::size_t n = a.rows();
    auto check = [&](const Array<T>& v, const char* name) {
        if (v.context() != context)
            throw InvalidArgument(std::string(name) + " belongs to another context than the matrix",
                                  "ConjugateGradient::solve");
        if (v.ndim() != 1 || v.size() != n)
            throw InvalidArgument(std::string(name) + " must be a vector of " + std::to_string(n) + " elements for a " +
                                      std::to_string(n) + " x " + std::to_string(n) + " matrix, not of shape " +
                                      detail::shape_text(v.shape()),
                                  "ConjugateGradient::solve");
        if (!v.is_contiguous())
            throw InvalidArgument(std::string(name) + " must be contiguous", "ConjugateGradient::solve");
    };
    check(b, "b");
    check(x, "x");
    if (n == 0) return {};

    Queue& queue = detail::current_queue(context);
    // The kernels take vectors from their buffers' starts: x is worked on in a copy when it is a view.
    const Array<T> work = x.data().offset() == 0 ? x : x.copy();
    const Array<T> r = b.copy();
    const auto p = Array<T>::zeros(context, n);
    const auto q = Array<T>::empty(context, n);
    // r.z, r.r and p.q (cg.rtcg); b.b, once, where p.q goes.
    const std::size_t pq_partials = s.product.groups();
    const auto partials = Array<T>::empty(context, 2 * s.partials + std::max(s.partials, pq_partials));
    const int pq_region = static_cast<int>(2 * s.partials);
    const Array<T>& inverse_diagonal = s.inverse_diagonal ? *s.inverse_diagonal : p;
    const LaunchConfig vectors{Dim3{s.partials}, Dim3{s.group}, 0};
    const LaunchConfig one_group{Dim3{1}, Dim3{s.group}, 0};

    // ||b||, for the tolerance: the one wait before the iterations.
    s.dot_partials(queue, vectors, b.data().buffer(), b.data().buffer(), partials.data().buffer(), pq_region);
    double b_norm2 = 0;
    for (const T part : partials(slice(pq_region, 3 * static_cast<std::int64_t>(s.partials))).get())
        b_norm2 += static_cast<double>(part);
    const double threshold = std::max(s.options.rtol * std::sqrt(b_norm2), s.options.atol);
    std::array<T, scalar_slots> initial{};
    initial[threshold2_slot] = static_cast<T>(threshold * threshold);
    const auto scalars = Array<T>::to_device(context, std::vector<T>(initial.begin(), initial.end()));
    const auto status = Array<std::int64_t>::zeros(context, 2);

    // r = b - A x, then r.z and r.r, the first test and p = z.
    s.product.product_and_dot(T(-1), work, T(1), r, partials, 2 * s.partials);
    s.update(queue, vectors, work.data().buffer(), r.data().buffer(), p.data().buffer(), q.data().buffer(),
             inverse_diagonal.data().buffer(), scalars.data().buffer(), status.data().buffer(),
             partials.data().buffer(), 0);
    s.beta(queue, one_group, partials.data().buffer(), scalars.data().buffer(), status.data().buffer(), 0);
    s.direction(queue, vectors, p.data().buffer(), r.data().buffer(), inverse_diagonal.data().buffer(),
                scalars.data().buffer(), status.data().buffer());

    std::array<std::int64_t, 2> seen{};
    Event copied;
    bool pending = false;
    for (std::size_t launched = 0; launched < s.options.max_iterations;) {
        s.product.product_and_dot(T(1), p, T(0), q, partials, 2 * s.partials);
        s.update(queue, vectors, work.data().buffer(), r.data().buffer(), p.data().buffer(), q.data().buffer(),
                 inverse_diagonal.data().buffer(), scalars.data().buffer(), status.data().buffer(),
                 partials.data().buffer(), 1);
        s.beta(queue, one_group, partials.data().buffer(), scalars.data().buffer(), status.data().buffer(), 1);
        s.direction(queue, vectors, p.data().buffer(), r.data().buffer(), inverse_diagonal.data().buffer(),
                    scalars.data().buffer(), status.data().buffer());
        ++launched;
        if (pending && copied.is_complete()) {
            pending = false;
            if (seen[reason_slot] != 0) break;
        }
        if (!pending && launched % s.options.check_every == 0) {
            queue.read(status.data().buffer(), seen.data(), sizeof seen, 0, Transfer::async);
            copied = queue.record();
            pending = true;
        }
    }
    // The blocking reads come after the pending copy on the same queue, so `seen` is written
    // before this returns.
    const std::vector<std::int64_t> last = status.get();
    const std::vector<T> final_scalars = scalars.get();
    if (&work.data().buffer() != &x.data().buffer()) detail::copy_elements(x.data(), work.data());
    CgResult result;
    result.iterations = static_cast<std::size_t>(last[iterations_slot]);
    result.residual_norm = std::sqrt(static_cast<double>(final_scalars[rr_slot]));
    result.reason = last[reason_slot] == 1   ? CgStop::converged
                    : last[reason_slot] == 2 ? CgStop::breakdown
                                             : CgStop::iteration_limit;
    return result;
}

template <std::floating_point T, SparseIndex I>
std::string ConjugateGradient<T, I>::source(codegen::Dialect dialect) const {
    return cg_source<T, I>(dialect, state_->configuration);
}

template <std::floating_point T, SparseIndex I>
std::string ConjugateGradient<T, I>::product_source(codegen::Dialect dialect) const {
    return state_->product.source(dialect);
}

#define RTCG_SPARSE_INSTANTIATE(T, I) template class ConjugateGradient<T, I>;
RTCG_SPARSE_FOR_EACH_REAL_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
