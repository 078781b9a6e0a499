// The solvers on complex values, in complex64 and complex128, against host references in
// std::complex<long double>: conjugate gradients (both variants; plain and Jacobi; p^H A p from
// each product format's fused dot and from the solver's own kernel; block-Jacobi is cg_test.cpp's) on Hermitian
// positive definite matrices, BiCGStab and GMRES(m) on a non-Hermitian one, each
// checked by its iterations and by the residual of its solution on the host; a breakdown on a
// matrix that is not positive definite; the kernels' CUDA text through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"

#include <rtcg/sparse/bicgstab.hpp>
#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/gmres.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::test::context;
using rtcg::test::residual_norm;

namespace {

using Wide = std::complex<long double>;

constexpr rtcg::CgVariant variants[] = {rtcg::CgVariant::standard, rtcg::CgVariant::single_reduction};

// The 2-D Poisson matrix on an n x n grid plus i S, S real antisymmetric (0.3 towards higher
// columns, -0.3 towards lower ones), plus 0.5 on the diagonal, with rows and columns scaled by
// the same d_k from 1 to 41: Hermitian, and positive definite (the unscaled matrix is strictly
// diagonally dominant with a positive diagonal: 4.5 > 4 |-1 + 0.3i|); the varied diagonal is
// what Jacobi helps with.
template <class T>
rtcg::HostCsr<T, std::int32_t> hermitian_positive(std::size_t n) {
    auto a = rtcg::poisson_2d<T, std::int32_t>(n);
    auto scale = [](std::size_t k) { return std::sqrt(1.0 + static_cast<double>(k * 7 % 5) * 10); };
    for (std::size_t r = 0; r < a.rows; ++r)
        for (auto k = static_cast<std::size_t>(a.row_offsets[r]); k < static_cast<std::size_t>(a.row_offsets[r + 1]);
             ++k) {
            const auto c = static_cast<std::size_t>(a.col_indices[k]);
            const double imaginary = c > r ? 0.3 : c < r ? -0.3 : 0.0;
            const double real = a.values[k].real() + (c == r ? 0.5 : 0.0);
            a.values[k] = rtcg::test::make<T>(real * scale(r) * scale(c), imaginary * scale(r) * scale(c));
        }
    return a;
}

// A shifted convection-diffusion matrix: the 2-D Poisson matrix plus (0.3 + 0.5i) I, with 0.3 added
// to the entries towards the next column: neither Hermitian nor complex symmetric, and
// diagonally dominant.
template <class T>
rtcg::HostCsr<T, std::int32_t> non_hermitian(std::size_t n) {
    auto a = rtcg::poisson_2d<T, std::int32_t>(n);
    for (std::size_t r = 0; r < a.rows; ++r)
        for (auto k = static_cast<std::size_t>(a.row_offsets[r]); k < static_cast<std::size_t>(a.row_offsets[r + 1]);
             ++k) {
            const auto c = static_cast<std::size_t>(a.col_indices[k]);
            if (c == r) a.values[k] += rtcg::test::make<T>(0.3, 0.5);
            if (c == r + 1) a.values[k] += rtcg::test::make<T>(0.3);
        }
    return a;
}

template <class T>
std::vector<Wide> widened(const std::vector<T>& v) {
    return {v.begin(), v.end()};
}

template <class T>
double norm_of(const std::vector<T>& v) {
    long double sum = 0;
    for (const T& e : v) sum += std::norm(Wide(e));
    return static_cast<double>(std::sqrt(sum));
}

// Complex (Jacobi-preconditioned with `jacobi`) CG on the host in long double, from x = 0: the
// iterations it needs until ||r|| <= tolerance, or `limit`.
template <class T>
std::size_t host_cg_iterations(const rtcg::HostCsr<T, std::int32_t>& a, const std::vector<T>& b, long double tolerance,
                               bool jacobi, std::size_t limit) {
    const std::size_t n = a.rows;
    std::vector<Wide> inverse_diagonal(n, 1), x(n, 0), r = widened(b), z(n), p(n), q(n);
    if (jacobi)
        for (std::size_t row = 0; row < n; ++row)
            for (auto k = static_cast<std::size_t>(a.row_offsets[row]);
                 k < static_cast<std::size_t>(a.row_offsets[row + 1]); ++k)
                if (static_cast<std::size_t>(a.col_indices[k]) == row) inverse_diagonal[row] = 1.0L / Wide(a.values[k]);
    auto inner = [&](const std::vector<Wide>& u, const std::vector<Wide>& v) {
        Wide s = 0;
        for (std::size_t k = 0; k < n; ++k) s += std::conj(u[k]) * v[k];
        return s;
    };
    for (std::size_t k = 0; k < n; ++k) p[k] = z[k] = inverse_diagonal[k] * r[k];
    long double rz = inner(r, z).real();
    for (std::size_t it = 0; it < limit; ++it) {
        if (std::sqrt(inner(r, r).real()) <= tolerance) return it;
        for (std::size_t row = 0; row < n; ++row) {
            Wide s = 0;
            for (auto k = static_cast<std::size_t>(a.row_offsets[row]);
                 k < static_cast<std::size_t>(a.row_offsets[row + 1]); ++k)
                s += Wide(a.values[k]) * p[static_cast<std::size_t>(a.col_indices[k])];
            q[row] = s;
        }
        const long double alpha = rz / inner(p, q).real();
        for (std::size_t k = 0; k < n; ++k) {
            x[k] += alpha * p[k];
            r[k] -= alpha * q[k];
            z[k] = inverse_diagonal[k] * r[k];
        }
        const long double rz_new = inner(r, z).real();
        for (std::size_t k = 0; k < n; ++k) p[k] = z[k] + rz_new / rz * p[k];
        rz = rz_new;
    }
    return limit;
}

// The tolerance a test asks for in T's precision.
template <class T>
double rtol_of() {
    return std::is_same_v<T, std::complex<float>> ? 1e-5 : 1e-10;
}

// A user's operator: the CSR product without the fused dot product, so that the solver takes
// p^H A p with its own kernel.
template <class T>
class UnfusedOperator final : public rtcg::LinearOperator<T> {
public:
    explicit UnfusedOperator(const rtcg::CsrMatrix<T, std::int32_t>& a) : csr_(a) {}
    const rtcg::Context& context() const override { return csr_.context(); }
    std::size_t rows() const override { return csr_.rows(); }
    std::size_t cols() const override { return csr_.cols(); }
    void apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const override { csr_.apply(alpha, x, beta, y); }

private:
    rtcg::CsrOperator<T, std::int32_t> csr_;
};

template <class T>
std::shared_ptr<const rtcg::CsrOperator<T, std::int32_t>> on_device(const rtcg::HostCsr<T, std::int32_t>& a) {
    return std::make_shared<const rtcg::CsrOperator<T, std::int32_t>>(
        rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), a));
}

} // namespace

TEST_CASE_TEMPLATE("complex CG on a Hermitian positive definite matrix converges like the host's", T,
                   std::complex<float>, std::complex<double>) {
    const auto host = hermitian_positive<T>(16);
    const auto b_host = rtcg::test::random_values<T>(host.rows, 31);
    const auto a = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), host);
    const auto b = Array<T>::to_device(context(), b_host);
    const double rtol = rtol_of<T>(), b_norm = norm_of(b_host);
    // Rounding in single precision can cost a few iterations more than the host's.
    const std::size_t slack = std::is_same_v<T, std::complex<float>> ? 6 : 2;
    for (const bool jacobi : {false, true}) {
        const std::size_t expected = host_cg_iterations(host, b_host, static_cast<long double>(rtol * b_norm), jacobi,
                                                        1000);
        CAPTURE(jacobi);
        CAPTURE(expected);
        for (const rtcg::CgVariant variant : variants) {
            CAPTURE(static_cast<int>(variant));
            const auto x = Array<T>::zeros(context(), host.rows);
            const rtcg::CgResult result = rtcg::cg(
                a, b, x,
                {.rtol = rtol,
                 .check_every = 4,
                 .preconditioner = jacobi ? rtcg::Preconditioner::jacobi : rtcg::Preconditioner::identity,
                 .variant = variant});
            CHECK(result.reason == rtcg::CgStop::converged);
            CHECK(result.iterations + slack >= expected);
            CHECK(result.iterations <= expected + slack);
            CHECK(result.residual_norm <= rtol * b_norm);
            CHECK(residual_norm(host, b_host, x.get()) <= 10 * rtol * b_norm);
        }
    }
    // Jacobi pays on the varied diagonal, as it does for real values.
    CHECK(host_cg_iterations(host, b_host, static_cast<long double>(rtol * b_norm), true, 1000) <
          host_cg_iterations(host, b_host, static_cast<long double>(rtol * b_norm), false, 1000));
}

TEST_CASE_TEMPLATE("complex CG's p^H A p from every product format's fused dot, and from its own kernel", T,
                   std::complex<float>, std::complex<double>) {
    const auto host = hermitian_positive<T>(16);
    const auto b_host = rtcg::test::random_values<T>(host.rows, 35);
    const auto a = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), host);
    const auto b = Array<T>::to_device(context(), b_host);
    const double rtol = rtol_of<T>(), b_norm = norm_of(b_host);
    const std::size_t slack = std::is_same_v<T, std::complex<float>> ? 6 : 2;
    const std::size_t expected = host_cg_iterations(host, b_host, static_cast<long double>(rtol * b_norm), false, 1000);
    auto check = [&](const std::shared_ptr<const rtcg::LinearOperator<T>>& op, rtcg::CgVariant variant) {
        const auto x = Array<T>::zeros(context(), host.rows);
        const rtcg::CgResult result = rtcg::cg(op, b, x, {.rtol = rtol, .variant = variant});
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(result.iterations <= expected + slack);
        CHECK(residual_norm(host, b_host, x.get()) <= 10 * rtol * b_norm);
    };
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        for (const rtcg::SpmvFormat format :
             {rtcg::SpmvFormat::csr_vector, rtcg::SpmvFormat::ell, rtcg::SpmvFormat::csr_binned,
              rtcg::SpmvFormat::csr_merge, rtcg::SpmvFormat::sell, rtcg::SpmvFormat::dia}) {
            CAPTURE(rtcg::format_name(format));
            check(std::make_shared<const rtcg::CsrOperator<T, std::int32_t>>(a, rtcg::SpmvOptions{.format = format}),
                  variant);
        }
        check(std::make_shared<const UnfusedOperator<T>>(a), variant);
    }
}

TEST_CASE_TEMPLATE("complex BiCGStab and GMRES(m) solve a non-Hermitian system to the tolerance", T,
                   std::complex<float>, std::complex<double>) {
    const auto host = non_hermitian<T>(16);
    const auto a = on_device(host);
    const auto b_host = rtcg::test::random_values<T>(host.rows, 33);
    const auto b = Array<T>::to_device(context(), b_host);
    const double rtol = rtol_of<T>(), b_norm = norm_of(b_host);
    // The host's residual and the solver's agree to within the rounding of T, relative to ||b||.
    const double rounding = (std::is_same_v<T, std::complex<float>> ? 1e-5 : 1e-12) * b_norm;
    SUBCASE("BiCGStab") {
        const auto x = Array<T>::zeros(context(), host.rows);
        const rtcg::SolveResult result = rtcg::BiCgStab<T>(a, {.rtol = rtol, .check_every = 3}).solve(b, x);
        CHECK(result.reason == rtcg::SolveStop::converged);
        CHECK(result.iterations > 0);
        CHECK(result.iterations < 60);
        CHECK(result.residual_norm <= rtol * b_norm);
        const double residual = residual_norm(host, b_host, x.get());
        CHECK(residual <= 10 * rtol * b_norm);
        CHECK(residual <= 10 * result.residual_norm + rounding);
        CHECK(result.residual_norm <= 10 * residual + rounding);
    }
    SUBCASE("GMRES") {
        for (const std::size_t restart : {std::size_t{10}, std::size_t{60}}) {
            CAPTURE(restart);
            const auto x = Array<T>::zeros(context(), host.rows);
            const rtcg::SolveResult result = rtcg::Gmres<T>(a, {.rtol = rtol, .restart = restart}).solve(b, x);
            CHECK(result.reason == rtcg::SolveStop::converged);
            CHECK(result.iterations > 0);
            CHECK(result.iterations < 120);
            CHECK(result.residual_norm <= rtol * b_norm);
            // GMRES reports the true residual it took after the cycle's update.
            const double residual = residual_norm(host, b_host, x.get());
            CHECK(residual <= 10 * rtol * b_norm);
            CHECK(std::abs(residual - result.residual_norm) <= 0.5 * result.residual_norm + rounding);
        }
    }
}

TEST_CASE_TEMPLATE("complex CG reports a breakdown on a matrix that is not positive definite", T, std::complex<float>,
                   std::complex<double>) {
    auto negative = hermitian_positive<T>(8);
    for (auto& v : negative.values) v = -v;
    const auto a = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), negative);
    const auto b = Array<T>::to_device(context(), rtcg::test::random_values<T>(negative.rows, 34));
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto x = Array<T>::zeros(context(), negative.rows);
        const auto broken = rtcg::cg(a, b, x, {.max_iterations = 100000, .variant = variant});
        CHECK(broken.reason == rtcg::CgStop::breakdown);
        CHECK(broken.iterations == 0);
        CHECK(x.get() == std::vector<T>(negative.rows, T(0)));
    }
}

TEST_CASE_TEMPLATE("complex solvers' kernels compile for CUDA", T, std::complex<float>, std::complex<double>) {
    const auto a = on_device(hermitian_positive<T>(8));
    for (const rtcg::CgVariant variant : variants)
        for (const rtcg::Preconditioner preconditioner :
             {rtcg::Preconditioner::identity, rtcg::Preconditioner::jacobi, rtcg::Preconditioner::block_jacobi})
            rtcg::test::compile_for_cuda(
                rtcg::ConjugateGradient<T>(a, {.preconditioner = preconditioner, .block_size = 2, .variant = variant})
                    .source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(a->plan().source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(rtcg::BiCgStab<T>(a).source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(rtcg::Gmres<T>(a).source(rtcg::codegen::Dialect::cuda));
}
