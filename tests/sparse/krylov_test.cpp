// BiCGStab and GMRES(m) on a nonsymmetric matrix and a nonsymmetric stencil, checked by the
// solution's residual on the host; the iteration limit, breakdown on a matrix of zero non-zeros,
// an exact first guess, an empty system, views; bad arguments and options; the kernels' CUDA text
// through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/test_context.hpp"
#include "counting_space.hpp"
#include "sparse_reference.hpp"

#include <rtcg/arrays/expression.hpp>
#include <rtcg/sparse/bicgstab.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/gmres.hpp>
#include <rtcg/sparse/stencil.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using rtcg::test::norm;

namespace {

// A diagonally dominant, nonsymmetric band matrix of 300 rows.
rtcg::HostCsr<double, std::int32_t> nonsymmetric() {
    return rtcg::random_banded<double, std::int32_t>(300, 6, 0.7, 21);
}

std::shared_ptr<const rtcg::CsrOperator<double, std::int32_t>> on_device(const rtcg::HostCsr<double, std::int32_t>& a) {
    return std::make_shared<const rtcg::CsrOperator<double, std::int32_t>>(
        rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), a));
}

} // namespace

TEST_CASE("BiCGStab and GMRES(m) solve a nonsymmetric system to the tolerance") {
    const auto host = nonsymmetric();
    const auto a = on_device(host);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 22);
    const auto b = Array<double>::to_device(context(), b_host);
    SUBCASE("BiCGStab") {
        const auto x = Array<double>::zeros(context(), host.rows);
        const rtcg::SolveResult result = rtcg::BiCgStab<double>(a, {.rtol = 1e-10, .check_every = 3}).solve(b, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        CHECK(result.iterations > 0);
        CHECK(result.iterations < 100);
        CHECK(result.residual_norm <= 1e-10 * norm(b_host));
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * norm(b_host));
    }
    // Restarted every 4 steps, and (not in the quick run) once in all.
    const std::vector<std::size_t> restarts = rtcg::test::quick_run() ? std::vector<std::size_t>{4}
                                                                      : std::vector<std::size_t>{4, 40};
    // b and x views that start past their buffers' starts (b's buffer starts with values that
    // would make ||b||, and so the tolerance, huge).
    const auto b_storage = Array<double>::full(context(), host.rows + 2, 1e8);
    auto b_view = b_storage(rtcg::slice(2, static_cast<std::int64_t>(host.rows) + 2));
    b_view.assign(b);
    for (const std::size_t restart : restarts) {
        CAPTURE(restart);
        const auto storage = Array<double>::zeros(context(), host.rows + 1);
        const auto x = storage(rtcg::slice(1, static_cast<std::int64_t>(host.rows) + 1));
        const rtcg::SolveResult result =
            rtcg::Gmres<double>(a, {.rtol = 1e-10, .restart = restart}).solve(b_view, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        CHECK(result.iterations > 0);
        CHECK(result.residual_norm <= 1e-10 * norm(b_host));
        const double residual = rtcg::test::residual_norm(host, b_host, x.get());
        CHECK(residual <= 1e-9 * norm(b_host));
        CHECK(std::abs(residual - result.residual_norm) <= 1e-9 * norm(b_host));
        CHECK(storage(rtcg::slice(0, 1)).get() == std::vector<double>{0});
    }
}

TEST_CASE("GMRES's dot products pass through the vector space: one combine per Gram-Schmidt pass and norm") {
    const auto host = nonsymmetric();
    const auto a = on_device(host);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 25);
    const auto b = Array<double>::to_device(context(), b_host);
    // Restarted after every step and after every 5, the status read after every step and rarely.
    for (const auto& [restart, check_every] : {std::pair<std::size_t, std::size_t>{1, 1}, {5, 1}, {5, 64}}) {
        CAPTURE(restart);
        CAPTURE(check_every);
        const auto space = std::make_shared<const rtcg::test::CountingSpace>();
        const auto x = Array<double>::zeros(context(), host.rows);
        const rtcg::SolveResult result =
            rtcg::Gmres<double>(a, {.rtol = 1e-10, .check_every = check_every, .restart = restart}, space)
                .solve(b, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * norm(b_host));
        // ||b||; per step enqueued, two Gram-Schmidt passes and the new vector's norm; per restart,
        // the true residual's norm.
        CHECK(space->calls >= 1 + 3 * result.iterations + result.iterations / restart);
    }
    // One cycle of more steps than one launch takes dot products for, on a matrix that 36 steps do
    // not solve to rounding: its residual is below that of its first 30 steps (GMRES minimises it
    // over a growing space), and it is the true one.
    const auto poisson = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto p = on_device(poisson);
    const auto pb_host = rtcg::test::random_values<double>(poisson.rows, 26);
    const auto pb = Array<double>::to_device(context(), pb_host);
    const auto thirty_x = Array<double>::zeros(context(), poisson.rows);
    const auto thirty = rtcg::Gmres<double>(p, {.rtol = 0, .max_iterations = 30, .restart = 40}).solve(pb, thirty_x);
    const auto more_x = Array<double>::zeros(context(), poisson.rows);
    const auto more = rtcg::Gmres<double>(p, {.rtol = 0, .max_iterations = 36, .restart = 40}).solve(pb, more_x);
    CHECK(thirty.residual_norm > 1e-6 * norm(pb_host));
    CHECK(more.iterations == 36);
    CHECK(more.residual_norm < thirty.residual_norm);
    CHECK(more.residual_norm ==
          doctest::Approx(rtcg::test::residual_norm(poisson, pb_host, more_x.get())).epsilon(1e-6));
}

TEST_CASE("BiCGStab and GMRES in float32 stop at the absolute tolerance when the relative one is 0") {
    const auto wide = nonsymmetric();
    const rtcg::HostCsr<float, std::int32_t> host{wide.rows, wide.cols, wide.row_offsets, wide.col_indices,
                                                  std::vector<float>(wide.values.begin(), wide.values.end())};
    const auto a = std::make_shared<const rtcg::CsrOperator<float, std::int32_t>>(
        rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), host));
    const auto b_host = rtcg::test::random_values<float>(host.rows, 24);
    const auto b = Array<float>::to_device(context(), b_host);
    const double b_norm = norm(std::vector<double>(b_host.begin(), b_host.end()));
    const double atol = 1e-4 * b_norm;
    for (const bool gmres : {false, true}) {
        CAPTURE(gmres);
        const auto x = Array<float>::zeros(context(), host.rows);
        const rtcg::SolveResult result =
            gmres ? rtcg::Gmres<float>(a, {.rtol = 0, .atol = atol, .restart = 10}).solve(b, x)
                  : rtcg::BiCgStab<float>(a, {.rtol = 0, .atol = atol, .check_every = 1}).solve(b, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        CHECK(result.iterations > 0);
        CHECK(result.residual_norm <= atol);
        // The recursive residual against the true one, within float32's rounding.
        const std::vector<float> solution = x.get();
        CHECK(rtcg::test::residual_norm(wide, std::vector<double>(b_host.begin(), b_host.end()),
                                        std::vector<double>(solution.begin(), solution.end())) <= 2 * atol);
    }
}

TEST_CASE("GMRES and BiCGStab on a nonsymmetric stencil (convection and diffusion)") {
    const rtcg::Stencil stencil{{12, 16},
                                {{{0, 0}, 4.5}, {{0, -1}, -1.5}, {{0, 1}, -0.5}, {{-1, 0}, -1}, {{1, 0}, -1}}};
    const auto a = std::make_shared<const rtcg::StencilOperator<double>>(context(), stencil);
    const auto b_host = rtcg::test::random_values<double>(a->rows(), 23);
    const auto b = Array<double>::to_device(context(), b_host);
    for (const bool gmres : {false, true}) {
        CAPTURE(gmres);
        const auto x = Array<double>::zeros(context(), a->rows());
        const rtcg::SolveResult result = gmres ? rtcg::Gmres<double>(a, {.rtol = 1e-9}).solve(b, x)
                                               : rtcg::BiCgStab<double>(a, {.rtol = 1e-9}).solve(b, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        // b - A x through the operator, which stencil_test checks against the host.
        const auto r = b.copy();
        (*a)(-1.0, x, 1.0, r);
        CHECK(norm(r.get()) <= 2e-9 * norm(b_host));
    }
}

TEST_CASE("BiCGStab and GMRES report the iteration limit, a breakdown, an exact guess and an empty system") {
    const auto host = nonsymmetric();
    const auto a = on_device(host);
    const auto b = Array<double>::to_device(context(), rtcg::test::random_values<double>(host.rows, 24));
    const auto bicg_limited = rtcg::BiCgStab<double>(a, {.rtol = 0, .max_iterations = 2, .check_every = 1})
                                  .solve(b, Array<double>::zeros(context(), host.rows));
    CHECK(bicg_limited.reason == rtcg::SolveStop::iteration_limit);
    CHECK(bicg_limited.iterations == 2);
    const auto gmres_limited = rtcg::Gmres<double>(a, {.rtol = 0, .max_iterations = 7, .restart = 3})
                                   .solve(b, Array<double>::zeros(context(), host.rows));
    CHECK(gmres_limited.reason == rtcg::SolveStop::iteration_limit);
    CHECK(gmres_limited.iterations == 7);
    CHECK(gmres_limited.residual_norm > 0);

    // A matrix of zero non-zeros: nothing can reduce the residual.
    const auto zero = on_device(
        rtcg::HostCsr<double, std::int32_t>{host.rows, host.rows, std::vector<std::int32_t>(host.rows + 1, 0), {}, {}});
    const auto bicg_broken = rtcg::BiCgStab<double>(zero, {.max_iterations = 100000})
                                 .solve(b, Array<double>::zeros(context(), host.rows));
    CHECK(bicg_broken.reason == rtcg::SolveStop::breakdown);
    CHECK(bicg_broken.iterations == 0);
    const auto gmres_broken = rtcg::Gmres<double>(zero).solve(b, Array<double>::zeros(context(), host.rows));
    CHECK(gmres_broken.reason == rtcg::SolveStop::breakdown);
    CHECK(gmres_broken.iterations == 1);

    // b = A 1, from x = 1.
    const std::vector<double> ones(host.rows, 1.0);
    const auto b_exact = Array<double>::to_device(context(), rtcg::test::host_spmv(host, 1.0, ones, 0.0, ones));
    const auto bicg_exact = rtcg::BiCgStab<double>(a).solve(b_exact, Array<double>::to_device(context(), ones));
    CHECK(bicg_exact.reason == rtcg::SolveStop::converged);
    CHECK(bicg_exact.iterations == 0);
    const auto gmres_exact = rtcg::Gmres<double>(a).solve(b_exact, Array<double>::to_device(context(), ones));
    CHECK(gmres_exact.reason == rtcg::SolveStop::converged);
    CHECK(gmres_exact.iterations == 0);

    const auto empty = on_device(rtcg::HostCsr<double, std::int32_t>{0, 0, {0}, {}, {}});
    const auto nothing = Array<double>::zeros(context(), 0);
    CHECK(rtcg::Gmres<double>(empty).solve(nothing, nothing).iterations == 0);
    CHECK(rtcg::BiCgStab<double>(empty).solve(nothing, nothing).reason == rtcg::SolveStop::converged);
}

TEST_CASE("BiCGStab and GMRES refuse bad arguments and options; their kernels compile for CUDA") {
    const auto host = nonsymmetric();
    const auto a = on_device(host);
    const auto x = Array<double>::zeros(context(), host.rows);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Gmres<double>(a, {.restart = 0}); }),
                   "restart must be at least 1"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Gmres<double>(a, {.restart = 4097}); }),
                   "restart must be at most 4096, not 4097"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::BiCgStab<double>(a, {.rtol = -1}); }),
                   "rtol and atol must be finite and not negative"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::BiCgStab<double>(nullptr); }),
                   "the operator is null"));
    const rtcg::HostCsr<double, std::int32_t> wide{2, 3, {0, 1, 2}, {0, 1}, {1, 1}};
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Gmres<double>(on_device(wide)); }),
                   "square matrix, not 2 x 3"));
    const rtcg::Gmres<double> gmres(a);
    CHECK(
        contains(message_of<rtcg::InvalidArgument>([&] { (void)gmres.solve(Array<double>::zeros(context(), 299), x); }),
                 "b must be a vector of 300 elements"));
    const rtcg::BiCgStab<double> bicg(a);
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { (void)bicg.solve(x, Array<double>::zeros(context(), 600)(rtcg::slice(0, 600, 2))); }),
                   "x must be contiguous"));
    rtcg::test::compile_for_cuda(bicg.source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(gmres.source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(rtcg::Gmres<float>(std::make_shared<const rtcg::StencilOperator<float>>(
                                                        context(), rtcg::poisson_2d_stencil(8)))
                                     .source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(rtcg::BiCgStab<float>(std::make_shared<const rtcg::StencilOperator<float>>(
                                                           context(), rtcg::poisson_2d_stencil(8)))
                                     .source(rtcg::codegen::Dialect::cuda));
}
