// Sparse cases on the 7-point Poisson matrix of an s x s x s grid (n = s^3 rows; the sides whose
// n lies within the options' sizes): spmv_poisson3d, y = A x through a planned rtcg::Spmv;
// cg_poisson3d, the time of one conjugate-gradient iteration, the difference between solves of
// two iteration counts (tolerance 0, so neither stops early) divided by the iterations between
// them, which cancels the solve's set-up and its final read-back. stencil_poisson3d and
// cg_stencil3d are the same with the matrix-free 7-point stencil operator (rtcg::StencilOperator),
// whose product must move x once and y once. bicgstab_poisson3d and gmres_poisson3d time one
// iteration of BiCGStab and of GMRES(30) (one Arnoldi step, averaged over whole cycles) as
// cg_poisson3d does. spmv_rmat is the product with an R-MAT power-law graph (vertices 2^14, 2^18
// and 2^22 where the sizes allow), the bytes counted as for the Poisson matrix, and
// spmv_rmat_<format> the same with each other format forced; spmm_poisson3d the
// product with a block of 8 vectors.
#include "cases.hpp"

#include <rtcg/sparse.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <memory>
#include <vector>

namespace rtcg::bench {
namespace {

// The sides among `candidates` whose grid of `dimensions` dimensions has a point count within the sizes.
std::vector<std::size_t> sides_within(const Options& options, std::initializer_list<std::size_t> candidates,
                                      unsigned dimensions) {
    std::vector<std::size_t> sides;
    for (const std::size_t side : candidates) {
        std::size_t n = 1;
        for (unsigned d = 0; d < dimensions; ++d) n *= side;
        if (n >= std::size_t{1} << options.min_log2 && n <= std::size_t{1} << options.max_log2) sides.push_back(side);
    }
    return sides;
}

// The 3-D cases' grids, 16^3 .. 256^3.
std::vector<std::size_t> grid_sides(const Options& options) { return sides_within(options, {16, 32, 64, 128, 256}, 3); }

// The bytes a CSR product must move: the matrix once, x once, y written once.
template <class T>
double spmv_bytes(const HostCsr<T, std::int32_t>& a) {
    return static_cast<double>(a.nnz() * (sizeof(T) + sizeof(std::int32_t)) + (a.rows + 1) * sizeof(std::int32_t) +
                               2 * a.rows * sizeof(T));
}

// That each of `got`'s rows of k values is the row's sum of `a` (the product with all ones).
template <class T>
void check_row_sums(const std::string& what, const HostCsr<T, std::int32_t>& a, const std::vector<T>& got,
                    std::size_t k = 1) {
    for (std::size_t r = 0; r < a.rows; ++r) {
        T sum = 0;
        for (auto e = a.row_offsets[r]; e < a.row_offsets[r + 1]; ++e) sum += a.values[static_cast<std::size_t>(e)];
        for (std::size_t j = 0; j < k; ++j)
            expect_close(what + ", row " + std::to_string(r), static_cast<double>(got[r * k + j]),
                         static_cast<double>(sum), 0);
    }
}

// `name`: the product with the Poisson matrix of `side` points a dimension, 3-D (7 points) or
// 2-D (5 points), checked against its row sums.
template <class T>
void spmv_case(Workload& workload, const std::string& name, std::size_t side, bool three_d) {
    const std::size_t points = three_d ? side * side * side : side * side;
    const std::string what = name + " " + dtype_name<T>() + " n=" + std::to_string(points);
    try {
        const HostCsr<T, std::int32_t> host =
            three_d ? poisson_3d<T, std::int32_t>(side) : poisson_2d<T, std::int32_t>(side);
        const auto a = CsrMatrix<T, std::int32_t>::to_device(workload.context, host);
        const Spmv<T, std::int32_t> product(a);
        const auto x = Array<T>::full(workload.context, host.rows, T(1));
        const auto y = Array<T>::empty(workload.context, host.rows);
        product(T(1), x, T(0), y);
        // A x for x all ones is each row's sum: the diagonal minus the neighbours the grid has.
        check_row_sums(what, host, y.get());
        const double time_ms = median_device_ms(
            workload.context.queue(), [&](std::size_t) { product(T(1), x, T(0), y); }, 1, workload.plan);
        workload.results.add({name, dtype_name<T>(), host.rows, time_ms, spmv_bytes(host)});
    } catch (const OutOfMemory& e) {
        workload.results.skip(what, e.what());
    }
}

template <class T>
void stencil_case(Workload& workload, std::size_t side) {
    const std::string what = "stencil_poisson3d " + dtype_name<T>() + " n=" + std::to_string(side * side * side);
    try {
        const StencilOperator<T> a(workload.context, poisson_3d_stencil(side));
        const std::size_t rows = a.rows();
        const auto x = Array<T>::full(workload.context, rows, T(1));
        const auto y = Array<T>::empty(workload.context, rows);
        a(T(1), x, T(0), y);
        // A x for x all ones: 6 minus the neighbours the grid has.
        const std::vector<T> got = y.get();
        auto missing = [side](std::size_t i) { return (i == 0 ? 1 : 0) + (i + 1 == side ? 1 : 0); };
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t expected = missing(r / (side * side)) + missing(r / side % side) + missing(r % side);
            expect_close(what + ", point " + std::to_string(r), static_cast<double>(got[r]),
                         static_cast<double>(expected), 0);
        }
        const double time_ms = median_device_ms(
            workload.context.queue(), [&](std::size_t) { a(T(1), x, T(0), y); }, 1, workload.plan);
        workload.results.add(
            {"stencil_poisson3d", dtype_name<T>(), rows, time_ms, static_cast<double>(2 * rows * sizeof(T))});
    } catch (const OutOfMemory& e) {
        workload.results.skip(what, e.what());
    }
}

// spmm_poisson3d: Y = A X for a row-major block of 8 vectors, checked against the row sums; the
// bytes are the matrix once, X once and Y written once.
template <class T>
void spmm_case(Workload& workload, std::size_t side) {
    constexpr std::size_t k = 8;
    const std::string what = "spmm_poisson3d " + dtype_name<T>() + " n=" + std::to_string(side * side * side);
    try {
        const HostCsr<T, std::int32_t> host = poisson_3d<T, std::int32_t>(side);
        const auto a = CsrMatrix<T, std::int32_t>::to_device(workload.context, host);
        const Spmm<T, std::int32_t> product(a, k);
        const auto x = Array<T>::full(workload.context, {host.rows, k}, T(1));
        const auto y = Array<T>::empty(workload.context, {host.rows, k});
        product(T(1), x, T(0), y);
        check_row_sums(what, host, y.get(), k);
        const double time_ms = median_device_ms(
            workload.context.queue(), [&](std::size_t) { product(T(1), x, T(0), y); }, 1, workload.plan);
        const double bytes = spmv_bytes(host) + static_cast<double>(2 * (k - 1) * host.rows * sizeof(T));
        workload.results.add({"spmm_poisson3d", dtype_name<T>(), host.rows, time_ms, bytes});
    } catch (const OutOfMemory& e) {
        workload.results.skip(what, e.what());
    }
}

// spmv_rmat: y = A x for an R-MAT graph of 2^scale vertices and 16 edges each (rtcg::rmat, seed
// 1), planned as Spmv chooses, checked against the host's product; the format chosen goes to
// standard error. spmv_rmat_<format> is the same product with each other format forced, timed
// beside it, and spmv_rmat_tuned with the format, merge shape, column order and cached columns the tuner chose
// (SpmvTuning::tune: the database's, or timed now), which also go to standard error.
template <class T>
void rmat_case(Workload& workload, unsigned scale) {
    const std::string what = "spmv_rmat " + dtype_name<T>() + " n=" + std::to_string(std::size_t{1} << scale);
    try {
        const HostCsr<T, std::int32_t> host = rmat<T, std::int32_t>(scale, 16, 1);
        const auto a = CsrMatrix<T, std::int32_t>::to_device(workload.context, host);
        const auto x = Array<T>::full(workload.context, host.rows, T(1));
        const auto y = Array<T>::empty(workload.context, host.rows);
        const Spmv<T, std::int32_t> chosen(a);
        std::fprintf(stderr, "%s: the plan chose %s (longest row %zu, mean %.1f)\n", what.c_str(),
                     std::string(format_name(chosen.format())).c_str(), chosen.statistics().longest,
                     chosen.statistics().mean());
        auto time = [&](const std::string& name, const Spmv<T, std::int32_t>& product) {
            product(T(1), x, T(0), y);
            // A x for x all ones is each row's sum: integers, exact in either type at these sizes.
            check_row_sums(name + " " + what, host, y.get());
            const double time_ms = median_device_ms(
                workload.context.queue(), [&](std::size_t) { product(T(1), x, T(0), y); }, 1, workload.plan);
            workload.results.add({name, dtype_name<T>(), host.rows, time_ms, spmv_bytes(host)});
        };
        time("spmv_rmat", chosen);
        for (const SpmvFormat format :
             {SpmvFormat::csr_merge, SpmvFormat::csr_binned, SpmvFormat::csr_vector, SpmvFormat::sell})
            if (format != chosen.format())
                time("spmv_rmat_" + std::string(format_name(format)), Spmv<T, std::int32_t>(a, {.format = format}));
        const Spmv<T, std::int32_t> tuned(a, {.tuning = SpmvTuning::tune});
        const std::string carveout = tuned.local_memory_carveout()
                                         ? std::to_string(*tuned.local_memory_carveout()) + "%"
                                         : std::string("the driver's");
        std::fprintf(stderr,
                     "%s: the tuner chose %s (merge work-group %zu, items %zu, columns %s, %zu cached, carveout %s, "
                     "values %s)\n",
                     what.c_str(), std::string(format_name(tuned.format())).c_str(), tuned.merge_group(),
                     tuned.merge_items(),
                     tuned.column_order() == ColumnOrder::by_count ? "renumbered by count" : "as given",
                     tuned.cached_columns(), carveout.c_str(), tuned.indexed_values() ? "indexed" : "as given");
        time("spmv_rmat_tuned", tuned);
        // The graph's values are edge counts, few enough to index; the tuned plan with the values
        // themselves is what a matrix of many distinct values gets.
        if (tuned.indexed_values())
            time("spmv_rmat_tuned_plain_values",
                 Spmv<T, std::int32_t>(a, {.format = tuned.format(),
                                           .merge_group = tuned.merge_group(),
                                           .merge_items = tuned.merge_items(),
                                           .column_order = tuned.column_order(),
                                           .cached_columns = tuned.cached_columns(),
                                           .local_memory_carveout = tuned.local_memory_carveout()}));
    } catch (const OutOfMemory& e) {
        workload.results.skip(what, e.what());
    }
}

// The matrix's operator, or with `stencil` the matrix-free one.
template <class T>
std::shared_ptr<const LinearOperator<T>> poisson_operator(const Context& context, std::size_t side, bool stencil) {
    if (stencil) return std::make_shared<const StencilOperator<T>>(context, poisson_3d_stencil(side));
    return std::make_shared<const CsrOperator<T, std::int32_t>>(
        CsrMatrix<T, std::int32_t>::to_device(context, poisson_3d<T, std::int32_t>(side)));
}

// The solvers timed: CG (either variant), BiCGStab and GMRES(30) on the operator.
enum class Method { cg, cg_single_reduction, bicgstab, gmres };

// One iteration's time of `method` on the 7-point Poisson matrix (or its stencil): solves of two
// iteration counts with tolerance 0, so that neither stops early, their difference divided by
// the iterations between them.
template <class T>
void solver_case(Workload& workload, std::size_t side, const std::string& name, Method method, bool stencil) {
    const std::string what = name + " " + dtype_name<T>() + " n=" + std::to_string(side * side * side);
    try {
        const auto a = poisson_operator<T>(workload.context, side, stencil);
        const std::size_t rows = a->rows();
        const auto b = Array<T>::full(workload.context, rows, T(1));
        const auto x = Array<T>::empty(workload.context, rows);
        // GMRES: whole cycles of 30 steps, as CuPy's gmres runs them (bench/peers.py).
        const std::size_t few = method == Method::gmres ? 30 : workload.options.quick ? 2 : 10;
        const std::size_t many = method == Method::gmres  ? (workload.options.quick ? 60 : 120)
                                 : workload.options.quick ? 12
                                                          : 110;
        auto solve_ms = [&](std::size_t iterations) {
            std::function<SolveResult()> solve;
            if (method == Method::cg || method == Method::cg_single_reduction)
                solve = [&, solver = ConjugateGradient<T>(
                                a, {.rtol = 0,
                                    .atol = 0,
                                    .max_iterations = iterations,
                                    .check_every = iterations,
                                    .variant = method == Method::cg ? CgVariant::standard
                                                                    : CgVariant::single_reduction})] {
                    return solver.solve(b, x);
                };
            else if (method == Method::bicgstab)
                solve = [&, solver = BiCgStab<T>(
                                a, {.rtol = 0, .atol = 0, .max_iterations = iterations, .check_every = iterations})] {
                    return solver.solve(b, x);
                };
            else
                solve = [&, solver = Gmres<T>(a, {.rtol = 0, .atol = 0, .max_iterations = iterations})] {
                    return solver.solve(b, x);
                };
            std::vector<double> times;
            for (int round = 0; round < 3; ++round) {
                x.fill(T(0));
                workload.context.queue().finish();
                const auto start = std::chrono::steady_clock::now();
                const SolveResult result = solve();
                times.push_back(
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
                if (result.iterations != iterations)
                    throw Error(what + ": the solve stopped after " + std::to_string(result.iterations) + " of " +
                                    std::to_string(iterations) + " iterations",
                                "rtcg-bench verification");
            }
            return median(times);
        };
        const double few_ms = solve_ms(few);
        const double many_ms = solve_ms(many);
        workload.results.add(
            {name, dtype_name<T>(), rows, std::max(many_ms - few_ms, 0.0) / static_cast<double>(many - few), 0});
    } catch (const OutOfMemory& e) {
        workload.results.skip(what, e.what());
    }
}

// `name` for float32 and (where the device has it) float64 on each grid.
void run_solver(Workload& workload, const std::string& name, Method method, bool stencil) {
    for (const std::size_t side : grid_sides(workload.options)) {
        solver_case<float>(workload, side, name, method, stencil);
        if (device_supports<double>(workload, name)) solver_case<double>(workload, side, name, method, stencil);
    }
    workload.context.memory_pool().free_held();
}

} // namespace

void run_spmv_poisson3d(Workload& workload) {
    for (const std::size_t side : grid_sides(workload.options)) {
        spmv_case<float>(workload, "spmv_poisson3d", side, true);
        if (device_supports<double>(workload, "spmv_poisson3d"))
            spmv_case<double>(workload, "spmv_poisson3d", side, true);
    }
    workload.context.memory_pool().free_held();
}

void run_spmv_poisson2d(Workload& workload) {
    for (const std::size_t side : sides_within(workload.options, {64, 256, 1024, 4096}, 2)) {
        spmv_case<float>(workload, "spmv_poisson2d", side, false);
        if (device_supports<double>(workload, "spmv_poisson2d"))
            spmv_case<double>(workload, "spmv_poisson2d", side, false);
    }
    workload.context.memory_pool().free_held();
}

void run_spmm_poisson3d(Workload& workload) {
    for (const std::size_t side : grid_sides(workload.options)) {
        spmm_case<float>(workload, side);
        if (device_supports<double>(workload, "spmm_poisson3d")) spmm_case<double>(workload, side);
    }
    workload.context.memory_pool().free_held();
}

void run_spmv_rmat(Workload& workload) {
    for (const unsigned scale : {14u, 18u, 22u}) {
        if (scale < static_cast<unsigned>(workload.options.min_log2) ||
            scale > static_cast<unsigned>(workload.options.max_log2))
            continue;
        rmat_case<float>(workload, scale);
        if (device_supports<double>(workload, "spmv_rmat")) rmat_case<double>(workload, scale);
    }
    workload.context.memory_pool().free_held();
}

void run_cg_poisson3d(Workload& workload) { run_solver(workload, "cg_poisson3d", Method::cg, false); }

void run_cg1_poisson3d(Workload& workload) {
    run_solver(workload, "cg1_poisson3d", Method::cg_single_reduction, false);
}

void run_stencil_poisson3d(Workload& workload) {
    for (const std::size_t side : grid_sides(workload.options)) {
        stencil_case<float>(workload, side);
        if (device_supports<double>(workload, "stencil_poisson3d")) stencil_case<double>(workload, side);
    }
    workload.context.memory_pool().free_held();
}

void run_cg_stencil3d(Workload& workload) { run_solver(workload, "cg_stencil3d", Method::cg, true); }

void run_bicgstab_poisson3d(Workload& workload) { run_solver(workload, "bicgstab_poisson3d", Method::bicgstab, false); }

void run_gmres_poisson3d(Workload& workload) { run_solver(workload, "gmres_poisson3d", Method::gmres, false); }

} // namespace rtcg::bench
