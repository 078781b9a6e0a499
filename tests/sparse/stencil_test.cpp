// Matrix-free stencil operators against the generators' Poisson matrices and a host stencil, with
// far and asymmetric offsets, views, the zero stencil and an empty grid; CG on a stencil against
// CG on its matrix; bad descriptions and vectors; the kernel's CUDA text through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"

#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/stencil.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

// y = alpha A x + beta y for `stencil` on the host, from its definition.
std::vector<double> host_stencil(const rtcg::Stencil& stencil, double alpha, const std::vector<double>& x, double beta,
                                 std::vector<double> y) {
    std::array<std::int64_t, 3> n{1, 1, 1};
    const std::size_t axes = stencil.shape.size();
    for (std::size_t a = 0; a < axes; ++a) n[a + 3 - axes] = static_cast<std::int64_t>(stencil.shape[a]);
    for (std::int64_t i0 = 0; i0 < n[0]; ++i0)
        for (std::int64_t i1 = 0; i1 < n[1]; ++i1)
            for (std::int64_t i2 = 0; i2 < n[2]; ++i2) {
                double sum = 0;
                for (const rtcg::StencilPoint& point : stencil.points) {
                    std::array<std::int64_t, 3> d{0, 0, 0};
                    for (std::size_t a = 0; a < axes; ++a) d[a + 3 - axes] = point.offset[a];
                    const std::array<std::int64_t, 3> j{i0 + d[0], i1 + d[1], i2 + d[2]};
                    if (j[0] < 0 || j[0] >= n[0] || j[1] < 0 || j[1] >= n[1] || j[2] < 0 || j[2] >= n[2]) continue;
                    sum += point.weight * x[static_cast<std::size_t>((j[0] * n[1] + j[1]) * n[2] + j[2])];
                }
                auto& out = y[static_cast<std::size_t>((i0 * n[1] + i1) * n[2] + i2)];
                out = alpha * sum + beta * out;
            }
    return y;
}

template <class T>
void check_poisson(const rtcg::Stencil& stencil, const rtcg::HostCsr<T, std::int32_t>& matrix) {
    const rtcg::StencilOperator<T> a(context(), stencil);
    REQUIRE(a.rows() == matrix.rows);
    const auto x_host = rtcg::test::random_values<T>(matrix.rows, 11);
    const auto y_host = rtcg::test::random_values<T>(matrix.rows, 12);
    const auto x = Array<T>::to_device(context(), x_host);
    const auto y = Array<T>::to_device(context(), y_host);
    a(T(2), x, T(0.5), y);
    rtcg::test::check_close(y.get(), rtcg::test::host_spmv(matrix, T(2), x_host, T(0.5), y_host), 64,
                            rtcg::test::epsilon_of<T>());
    // beta 0 leaves y unread: NaN there changes nothing.
    const auto nan = Array<T>::full(context(), matrix.rows, std::numeric_limits<T>::quiet_NaN());
    a(T(1), x, T(0), nan);
    rtcg::test::check_close(nan.get(), rtcg::test::host_spmv(matrix, T(1), x_host, T(0), y_host), 32,
                            rtcg::test::epsilon_of<T>());
}

} // namespace

TEST_CASE("A Poisson stencil's operator is the generator's Poisson matrix") {
    SUBCASE("2-D, 5 points") {
        check_poisson<double>(rtcg::poisson_2d_stencil(13), rtcg::poisson_2d<double, std::int32_t>(13));
    }
    SUBCASE("3-D, 7 points, float32") {
        check_poisson<float>(rtcg::poisson_3d_stencil(6), rtcg::poisson_3d<float, std::int32_t>(6));
    }
    SUBCASE("3-D, 27 points") {
        check_poisson<double>(rtcg::poisson_3d_stencil(5, 27), rtcg::poisson_3d<double, std::int32_t>(5, 27));
    }
}

TEST_CASE("A stencil with far, asymmetric and repeated offsets, on views; the zero stencil; an empty grid") {
    const rtcg::Stencil stencil{{3, 5, 7},
                                {{{0, 0, 2}, 1.5},
                                 {{1, -1, 0}, -0.25},
                                 {{-2, 0, 0}, 3},
                                 {{0, 0, 0}, 2},
                                 {{0, 0, 0}, 0.5},
                                 {{0, 0, 9}, 100},
                                 {{0, 4, -6}, 0.75}}};
    const rtcg::StencilOperator<double> a(context(), stencil);
    CHECK(a.rows() == 105);
    CHECK(a.cols() == 105);
    const auto x_host = rtcg::test::random_values<double>(105, 13);
    const auto y_host = rtcg::test::random_values<double>(105, 14);
    const auto x_storage = Array<double>::zeros(context(), 107);
    const auto y_storage = Array<double>::zeros(context(), 110);
    const auto x = x_storage(rtcg::slice(2, 107));
    const auto y = y_storage(rtcg::slice(5, 110));
    x.set(x_host);
    y.set(y_host);
    a(-1.5, x, 2.0, y);
    rtcg::test::check_close(y.get(), host_stencil(stencil, -1.5, x_host, 2.0, y_host), 64, 1e-12);
    CHECK(y_storage(rtcg::slice(0, 5)).get() == std::vector<double>(5, 0.0));
    // The centre's weights add up.
    CHECK(a.inverse_diagonal().get() == std::vector<double>(105, 0.4));

    const rtcg::Stencil none{{4, 6}, {}};
    const rtcg::StencilOperator<double> zero(context(), none);
    const auto z = Array<double>::full(context(), 24, 3.0);
    zero(1.0, Array<double>::full(context(), 24, 1.0), 0.5, z);
    CHECK(z.get() == std::vector<double>(24, 1.5));

    const rtcg::StencilOperator<double> empty(context(), rtcg::Stencil{{0, 5}, {{{0, 0}, 1}}});
    CHECK(empty.rows() == 0);
    empty(1.0, Array<double>::zeros(context(), 0), 0.0, Array<double>::zeros(context(), 0));
}

TEST_CASE("CG on a stencil operator takes the steps CG on its matrix takes") {
    const auto host = rtcg::poisson_3d<double, std::int32_t>(6);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 15);
    const auto b = Array<double>::to_device(context(), b_host);
    const auto a = std::make_shared<const rtcg::StencilOperator<double>>(context(), rtcg::poisson_3d_stencil(6));
    const auto on_matrix = Array<double>::zeros(context(), host.rows);
    const auto on_stencil = Array<double>::zeros(context(), host.rows);
    const rtcg::CgResult matrix_result = rtcg::cg(rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host), b,
                                                  on_matrix, {.rtol = 1e-10});
    const rtcg::CgResult stencil_result = rtcg::cg<double>(
        a, b, on_stencil, {.rtol = 1e-10, .preconditioner = rtcg::Preconditioner::jacobi});
    CHECK(matrix_result.reason == rtcg::CgStop::converged);
    CHECK(stencil_result.reason == rtcg::CgStop::converged);
    // A constant diagonal leaves CG's steps as they are.
    CHECK(stencil_result.iterations + 1 >= matrix_result.iterations);
    CHECK(stencil_result.iterations <= matrix_result.iterations + 1);
    rtcg::test::check_close(on_stencil.get(), on_matrix.get(), 1, 1e-8);
    const auto ax = rtcg::test::host_spmv(host, 1.0, on_stencil.get(), 0.0, std::vector<double>(host.rows));
    rtcg::test::check_close(ax, b_host, 1, 1e-8);
}

TEST_CASE("Stencil operators refuse bad descriptions and vectors; the kernel compiles for CUDA") {
    auto refused = [](const rtcg::Stencil& stencil) {
        return message_of<rtcg::InvalidArgument>([&] { (void)rtcg::StencilOperator<float>(context(), stencil); });
    };
    CHECK(contains(refused({{5}, {}}), "2 or 3 extents, not 1"));
    CHECK(contains(refused({{5, 5, 5, 5}, {}}), "2 or 3 extents, not 4"));
    CHECK(contains(refused({{5, 5}, {{{0, 0}, 1}, {{1, 0, 0}, 1}}}), "point 1 has 3 offsets for a grid of 2 axes"));
    CHECK(contains(refused({{5, 5}, {{{0, 0}, std::numeric_limits<double>::quiet_NaN()}}}), "not a finite value"));
    CHECK(contains(refused({{5, 5}, {{{0, 0}, 1e39}}}), "not a finite value"));
    CHECK(contains(refused({{std::size_t(1) << 31, std::size_t(1) << 31, 4}, {}}), "more points than 62 bits"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { (void)rtcg::poisson_3d_stencil(4, 9); }),
                   "7 or 27 points, not 9"));

    const rtcg::StencilOperator<float> a(context(), rtcg::poisson_3d_stencil(6));
    const auto x = Array<float>::zeros(context(), 216);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { a(1, Array<float>::zeros(context(), 215), 0, x); }),
                   "x must be a vector of the grid's 216 points"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { a(1, x, 0, x); }), "x and y share memory"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { a(1, x, 0, Array<float>::zeros(context(), 432)(rtcg::slice(0, 432, 2))); }),
                   "y must be contiguous"));
    rtcg::test::compile_for_cuda(a.source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(
        rtcg::StencilOperator<double>(context(), rtcg::poisson_2d_stencil(13)).source(rtcg::codegen::Dialect::cuda));
}
