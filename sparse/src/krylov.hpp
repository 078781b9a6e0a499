#pragma once
// What the solvers share: the layout of their vector kernels (cg.rtcg and the files built after
// it), their checks of options and vectors, and the host's sum of a combined dot product.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/solver.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace rtcg::sparse_detail {

// The vector kernels' launch over n elements: `partials` groups of `group` work-items (a power of
// two), one partial sum per group.
struct VectorLaunch {
    std::size_t group = 1;
    std::size_t partials = 1;
    LaunchConfig vectors() const { return LaunchConfig{Dim3{partials}, Dim3{group}, 0}; }
    LaunchConfig one_group() const { return LaunchConfig{Dim3{1}, Dim3{group}, 0}; }
};

VectorLaunch vector_launch(const Context& context, std::size_t n);

// The configuration cg.rtcg needs (and the solvers' files after it), for vectors of n elements;
// jacobi_block: the rows of a block-Jacobi preconditioner's blocks (1: Jacobi), 0 for none.
std::string vector_configuration(const VectorLaunch& launch, std::size_t n, std::size_t pq_partials,
                                 std::size_t jacobi_block);

// The solvers' programs: the value operations for T, `configuration` and `files` (cg.rtcg and
// the files built after it), with the prelude's complex numbers where T is complex, in `dialect`.
template <SparseValue T>
std::string solver_source(codegen::Dialect dialect, const std::string& configuration,
                          std::initializer_list<std::string_view> files);

// BiCGStab's program: cg.rtcg and krylov.rtcg for value type T after `configuration`, in `dialect`.
template <SparseValue T>
std::string krylov_source(codegen::Dialect dialect, const std::string& configuration);

// InvalidArgument, from `where`, for tolerances that are negative or not finite, or check_every 0.
void check_tolerances(double rtol, double atol, std::size_t check_every, const char* where);

// InvalidArgument, from `where`, unless `a` is a square operator.
template <SparseValue T>
void check_square(const LinearOperator<T>* a, const char* where);

// InvalidArgument, from `where`, unless `v` is a contiguous vector of n elements of `context`.
template <SparseValue T>
void check_vector(const Array<T>& v, const char* name, std::size_t n, const Context& context, const char* where);

// The sum of partials[first, first + count) read back (after the vector space combined them); its
// real part for complex values, which is all there is of the norms it is used for.
template <SparseValue T>
double host_sum(const Array<T>& partials, std::size_t first, std::size_t count);

// Enqueues `iteration` up to max_iterations times on `queue`, copying the device's status (its
// iterations and its reason, 0 while running) asynchronously every check_every iterations and
// stopping once a copy shows that the device stopped; waits for a copy once 2 check_every
// iterations are enqueued after it; then reads the status (waiting for the queue) and returns the
// result, with ||r|| from the squared norm rr read from the device (the real part of its slot,
// where the scalars are complex).
template <class S>
SolveResult iterate(Queue& queue, const Array<std::int64_t>& status, const Array<S>& scalars, std::size_t rr_slot,
                    std::size_t max_iterations, std::size_t check_every, const std::function<void()>& iteration);

} // namespace rtcg::sparse_detail
