// Conjugate gradients, both variants (the textbook recurrences and the single-reduction ones),
// against a host CG and the residual of the solution, plain, with Jacobi and with block-Jacobi
// (fewer iterations where unknowns are coupled in blocks, ragged last blocks, singular blocks); on
// ELL and SELL-C-sigma matrices as on CSR; breakdown on a matrix that is not positive definite, the iteration limit, an exact first guess, views, bad arguments
// and options; the kernels' CUDA text through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "counting_space.hpp"
#include "sparse_reference.hpp"

#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::CountingSpace;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

// The 2-D Poisson matrix with its rows scaled symmetrically by 1..5, so that its diagonal varies:
// still symmetric positive definite, and what Jacobi preconditioning helps with.
rtcg::HostCsr<double, std::int32_t> badly_scaled(std::size_t n) {
    auto a = rtcg::poisson_2d<double, std::int32_t>(n);
    auto scale = [](std::size_t k) { return 1.0 + static_cast<double>(k * 7 % 5) * 10; };
    for (std::size_t r = 0; r < a.rows; ++r)
        for (auto k = static_cast<std::size_t>(a.row_offsets[r]); k < static_cast<std::size_t>(a.row_offsets[r + 1]);
             ++k)
            a.values[k] *= std::sqrt(scale(r) * scale(static_cast<std::size_t>(a.col_indices[k])));
    return a;
}

// A user's operator: the CSR product without the fused dot product, so that the solver takes p.q
// with its own kernel.
class UnfusedOperator final : public rtcg::LinearOperator<double> {
public:
    explicit UnfusedOperator(const rtcg::CsrMatrix<double, std::int32_t>& a) : csr_(a) {}
    const rtcg::Context& context() const override { return csr_.context(); }
    std::size_t rows() const override { return csr_.rows(); }
    std::size_t cols() const override { return csr_.cols(); }
    void apply(double alpha, const Array<double>& x, double beta, const Array<double>& y) const override {
        csr_.apply(alpha, x, beta, y);
    }

private:
    rtcg::CsrOperator<double, std::int32_t> csr_;
};

constexpr rtcg::CgVariant variants[] = {rtcg::CgVariant::standard, rtcg::CgVariant::single_reduction};


} // namespace

TEST_CASE("CG on a user's operator without a fused dot product, through a vector space") {
    const auto host = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 4);
    const auto matrix = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto a = std::make_shared<const UnfusedOperator>(matrix);
    const auto space = std::make_shared<const CountingSpace>();
    const auto b = Array<double>::to_device(context(), b_host);
    const auto x = Array<double>::zeros(context(), host.rows);
    const rtcg::ConjugateGradient<double> solver(a, {.rtol = 1e-10, .check_every = 1}, space);
    const rtcg::CgResult result = solver.solve(b, x);
    CHECK(result.reason == rtcg::CgStop::converged);
    const std::size_t expected = rtcg::test::host_cg_iterations(host, b_host, 1e-10L * rtcg::test::norm(b_host), 1000);
    CHECK(result.iterations + 2 >= expected);
    CHECK(result.iterations <= expected + 2);
    CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * rtcg::test::norm(b_host));
    // b.b; r.z and r.r at the start; p.q, r.z and r.r in each iteration enqueued (a few more than
    // were counted, since the host reads the status asynchronously).
    CHECK(space->calls % 2 == 0);
    CHECK(space->calls >= 2 + 2 * result.iterations);
    CHECK(space->regions == 3 * space->calls / 2);

    // The single-reduction variant: b.b, then one combine of r.u, r.r and u.A u at the start and
    // in each iteration enqueued.
    const auto single_space = std::make_shared<const CountingSpace>();
    const auto single_x = Array<double>::zeros(context(), host.rows);
    const rtcg::CgResult single =
        rtcg::ConjugateGradient<double>(
            a, {.rtol = 1e-10, .check_every = 1, .variant = rtcg::CgVariant::single_reduction}, single_space)
            .solve(b, single_x);
    CHECK(single.reason == rtcg::CgStop::converged);
    CHECK(single.iterations + 2 >= expected);
    CHECK(single.iterations <= expected + 2);
    CHECK(rtcg::test::residual_norm(host, b_host, single_x.get()) <= 1e-9 * rtcg::test::norm(b_host));
    CHECK(single_space->calls >= 2 + single.iterations);
    CHECK(single_space->regions == 1 + 3 * (single_space->calls - 1));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       (void)rtcg::ConjugateGradient<double>(a, {.preconditioner = rtcg::Preconditioner::jacobi});
                   }),
                   "does not know its diagonal"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::ConjugateGradient<double>(nullptr); }),
                   "the operator is null"));
}

TEST_CASE("CG converges like the host's, and its solution has the residual it reports") {
    const auto host = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 4);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto b = Array<double>::to_device(context(), b_host);
    const std::size_t expected = rtcg::test::host_cg_iterations(host, b_host, 1e-10L * rtcg::test::norm(b_host), 1000);
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto x = Array<double>::zeros(context(), host.rows);
        const rtcg::CgResult result = rtcg::cg(a, b, x, {.rtol = 1e-10, .check_every = 4, .variant = variant});
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(result.iterations + 2 >= expected);
        CHECK(result.iterations <= expected + 2);
        CHECK(result.residual_norm <= 1e-10 * rtcg::test::norm(b_host));
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * rtcg::test::norm(b_host));
    }
}

TEST_CASE("CG with the vector CSR product, whose groups also fold p.q") {
    const auto host = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 4);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto b = Array<double>::to_device(context(), b_host);
    const std::size_t expected = rtcg::test::host_cg_iterations(host, b_host, 1e-10L * rtcg::test::norm(b_host), 1000);
    for (const std::size_t team : {1, 4}) {
        CAPTURE(team);
        const auto x = Array<double>::zeros(context(), host.rows);
        const rtcg::CgResult result = rtcg::cg(
            a, b, x, {.rtol = 1e-10, .product = {.format = rtcg::SpmvFormat::csr_vector, .team_size = team}});
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(result.iterations + 2 >= expected);
        CHECK(result.iterations <= expected + 2);
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * rtcg::test::norm(b_host));
    }
}

TEST_CASE("CG with the merge-based and the binned products, whose long rows also fold p.q") {
    // An arrow: 4 on the diagonal, row and column 0 full of ones, n at (0, 0); diagonally dominant.
    const std::size_t n = 700;
    rtcg::HostCoo<double, std::int32_t> arrow{n, n, {}, {}, {}};
    for (std::size_t k = 0; k < n; ++k) {
        const auto i = static_cast<std::int32_t>(k);
        auto add = [&](std::int32_t r, std::int32_t c, double v) {
            arrow.row.push_back(r);
            arrow.col.push_back(c);
            arrow.values.push_back(v);
        };
        add(i, i, k == 0 ? static_cast<double>(n) : 4.0);
        if (k != 0) {
            add(0, i, 1);
            add(i, 0, 1);
        }
    }
    const auto host = rtcg::host_to_csr(arrow);
    const auto b_host = rtcg::test::random_values<double>(n, 8);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto b = Array<double>::to_device(context(), b_host);
    const std::size_t expected = rtcg::test::host_cg_iterations(host, b_host, 1e-10L * rtcg::test::norm(b_host), 1000);
    // The automatic choice for the arrow's long row is the merge-based product.
    // Their products' shares of the dot are not as many as the solver's vector kernels' groups: the
    // single-reduction variant's regions hold the larger count.
    for (const rtcg::CgVariant variant : variants)
    for (const auto& [product, format] :
         {std::pair{rtcg::SpmvOptions{}, rtcg::SpmvFormat::csr_merge},
          std::pair{rtcg::SpmvOptions{.format = rtcg::SpmvFormat::csr_binned}, rtcg::SpmvFormat::csr_binned}}) {
        CAPTURE(static_cast<int>(format));
        CAPTURE(static_cast<int>(variant));
        const auto x = Array<double>::zeros(context(), n);
        const rtcg::ConjugateGradient<double> solver(a, {.rtol = 1e-10, .variant = variant, .product = product});
        CHECK(dynamic_cast<const rtcg::CsrOperator<double, std::int32_t>&>(solver.linear_operator()).plan().format() ==
              format);
        const rtcg::CgResult result = solver.solve(b, x);
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(result.iterations + 2 >= expected);
        CHECK(result.iterations <= expected + 2);
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 1e-9 * rtcg::test::norm(b_host));
    }
}

TEST_CASE("CG stops at the absolute tolerance when the relative one is 0") {
    const auto host = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 4);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto b = Array<double>::to_device(context(), b_host);
    const double atol = 1e-6 * rtcg::test::norm(b_host);
    const std::size_t expected = rtcg::test::host_cg_iterations(host, b_host, static_cast<long double>(atol), 1000);
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto x = Array<double>::zeros(context(), host.rows);
        const rtcg::CgResult result = rtcg::cg(a, b, x, {.rtol = 0, .atol = atol, .check_every = 2, .variant = variant});
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(result.iterations + 2 >= expected);
        CHECK(result.iterations <= expected + 2);
        CHECK(result.residual_norm <= atol);
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 2 * atol);
    }
}

TEST_CASE("Jacobi-preconditioned CG needs fewer iterations on a badly scaled matrix") {
    const auto host = badly_scaled(16);
    const auto b_host = rtcg::test::random_values<double>(host.rows, 5);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto b = Array<double>::to_device(context(), b_host);
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto plain_x = Array<double>::zeros(context(), host.rows);
        const auto jacobi_x = Array<double>::zeros(context(), host.rows);
        const auto plain = rtcg::cg(a, b, plain_x, {.rtol = 1e-8, .variant = variant});
        const auto jacobi = rtcg::cg(
            a, b, jacobi_x, {.rtol = 1e-8, .preconditioner = rtcg::Preconditioner::jacobi, .variant = variant});
        CHECK(plain.reason == rtcg::CgStop::converged);
        CHECK(jacobi.reason == rtcg::CgStop::converged);
        CHECK(jacobi.iterations < plain.iterations);
        CHECK(rtcg::test::residual_norm(host, b_host, jacobi_x.get()) <= 1e-7 * rtcg::test::norm(b_host));
        CHECK(rtcg::test::residual_norm(host, b_host, plain_x.get()) <= 1e-7 * rtcg::test::norm(b_host));
    }
}

TEST_CASE_TEMPLATE("block-Jacobi CG needs fewer iterations than Jacobi where unknowns are coupled in blocks", T, double,
                   std::complex<float>, std::complex<double>) {
    // Complex blocks are inverted in complex arithmetic.
    const auto host = rtcg::test::coupled_nodes<T>(7); // 147 rows: blocks of 4 leave a last block of 3
    const auto b_host = rtcg::test::random_values<T>(host.rows, 8);
    const auto a = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), host);
    const auto b = Array<T>::to_device(context(), b_host);
    const double rtol = std::is_same_v<T, std::complex<float>> ? 1e-5 : 1e-8;
    const std::vector<T> zero(host.rows);
    const double tolerance = 10 * rtol * rtcg::test::residual_norm(host, b_host, zero); // 10 rtol ||b||
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        auto solve = [&](rtcg::Preconditioner preconditioner, std::size_t block_size) {
            CAPTURE(block_size);
            const auto x = Array<T>::zeros(context(), host.rows);
            const auto result = rtcg::cg(
                a, b, x,
                {.rtol = rtol, .preconditioner = preconditioner, .block_size = block_size, .variant = variant});
            CHECK(result.reason == rtcg::CgStop::converged);
            CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= tolerance);
            return result.iterations;
        };
        const std::size_t jacobi = solve(rtcg::Preconditioner::jacobi, 4);
        const std::size_t nodes = solve(rtcg::Preconditioner::block_jacobi, 3);
        CHECK(nodes * 2 < jacobi);
        CHECK(solve(rtcg::Preconditioner::block_jacobi, 1) == jacobi); // blocks of one row: Jacobi
        (void)solve(rtcg::Preconditioner::block_jacobi, 4);            // across nodes, a ragged last block
        (void)solve(rtcg::Preconditioner::block_jacobi, 8);
    }
}

TEST_CASE_TEMPLATE("CG on ELL and SELL-C-sigma matrices: their diagonals are the CSR matrix's, their solves like its",
                   T, double, std::complex<float>) {
    const auto host = rtcg::test::coupled_nodes<T>(5); // 75 rows in nodes of 3
    const auto b_host = rtcg::test::random_values<T>(host.rows, 9);
    const auto csr = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), host);
    const auto b = Array<T>::to_device(context(), b_host);
    const rtcg::CsrOperator<T, std::int32_t> csr_operator(csr);
    const rtcg::EllOperator<T, std::int32_t> ell_operator(rtcg::to_ell(csr));
    // Slices of 4 rows sorted within 16: the sorted order differs from the rows' own.
    const rtcg::SellOperator<T, std::int32_t> sell_operator(rtcg::to_sell(csr, {.slice_height = 4, .sort_window = 16}));
    using Planned = rtcg::PlannedOperator<T, std::int32_t>;
    for (const Planned* op :
         {static_cast<const Planned*>(&ell_operator), static_cast<const Planned*>(&sell_operator)}) {
        CAPTURE(std::string(rtcg::format_name(op->plan().format())));
        CHECK(op->rows() == host.rows);
        CHECK(op->cols() == host.cols);
        CHECK(op->dot_shares() != 0); // the product folds p.q
        // The CSR copies give back the matrix's arrays, so the same sums in the same order.
        CHECK(op->inverse_diagonal().get() == csr_operator.inverse_diagonal().get());
        CHECK(op->inverse_diagonal_blocks(3).get() == csr_operator.inverse_diagonal_blocks(3).get());
    }
    const double rtol = std::is_same_v<T, std::complex<float>> ? 1e-5 : 1e-9;
    const std::vector<T> zero(host.rows);
    const double tolerance = 10 * rtol * rtcg::test::residual_norm(host, b_host, zero); // 10 rtol ||b||
    for (const rtcg::CgVariant variant : variants)
        for (const rtcg::Preconditioner preconditioner :
             {rtcg::Preconditioner::identity, rtcg::Preconditioner::jacobi, rtcg::Preconditioner::block_jacobi}) {
            CAPTURE(static_cast<int>(variant));
            CAPTURE(static_cast<int>(preconditioner));
            const rtcg::CgOptions options{
                .rtol = rtol, .preconditioner = preconditioner, .block_size = 3, .variant = variant};
            auto solve = [&](const auto& matrix) {
                const auto x = Array<T>::zeros(context(), host.rows);
                const rtcg::CgResult result = rtcg::cg(matrix, b, x, options);
                CHECK(result.reason == rtcg::CgStop::converged);
                CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= tolerance);
                return result.iterations;
            };
            const std::size_t expected = solve(csr);
            // The products add in other orders, which may move the last iteration by one.
            for (const std::size_t iterations :
                 {solve(rtcg::to_ell(csr)), solve(rtcg::to_sell(csr, {.slice_height = 4, .sort_window = 16}))}) {
                CHECK(iterations + 1 >= expected);
                CHECK(iterations <= expected + 1);
            }
        }
}

TEST_CASE("block-Jacobi refuses singular blocks, block sizes out of range and operators without blocks") {
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::test::coupled_nodes<double>(3));
    const rtcg::HostCsr<double, std::int32_t> singular{4, 4, {0, 2, 4, 5, 6}, {0, 1, 0, 1, 2, 3}, {1, 1, 1, 1, 2, 2}};
    const auto s = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), singular);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       (void)rtcg::ConjugateGradient<double>(s, {.preconditioner = rtcg::Preconditioner::block_jacobi,
                                                                 .block_size = 2});
                   }),
                   "the diagonal block of rows 0 to 1 is singular"));
    (void)rtcg::ConjugateGradient<double>(s, {.preconditioner = rtcg::Preconditioner::block_jacobi, .block_size = 1});
    for (const std::size_t size : {std::size_t{0}, rtcg::max_jacobi_block + 1})
        CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                           (void)rtcg::ConjugateGradient<double>(
                               a, {.preconditioner = rtcg::Preconditioner::block_jacobi, .block_size = size});
                       }),
                       "block_size must be 1 to 8"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       (void)rtcg::ConjugateGradient<double>(std::make_shared<const UnfusedOperator>(a),
                                                             {.preconditioner = rtcg::Preconditioner::block_jacobi});
                   }),
                   "does not know its diagonal blocks"));
}

TEST_CASE("CG in float32 with 64-bit indices on a 3-D Poisson matrix, from a view") {
    const auto host = rtcg::poisson_3d<float, std::int64_t>(8);
    const auto b_host = rtcg::test::random_values<float>(host.rows, 6);
    const auto a = rtcg::CsrMatrix<float, std::int64_t>::to_device(context(), host);
    const auto b = Array<float>::to_device(context(), b_host);
    double b_norm = 0;
    for (const float v : b_host) b_norm += static_cast<double>(v) * v;
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto storage = Array<float>::zeros(context(), host.rows + 3);
        const auto x = storage(rtcg::slice(3, static_cast<std::int64_t>(host.rows) + 3));
        const auto result =
            rtcg::cg(a, b, x, {.rtol = 1e-4, .preconditioner = rtcg::Preconditioner::jacobi, .variant = variant});
        CHECK(result.reason == rtcg::CgStop::converged);
        CHECK(storage(rtcg::slice(0, 3)).get() == std::vector<float>{0, 0, 0});
        CHECK(rtcg::test::residual_norm(host, b_host, x.get()) <= 2e-4 * std::sqrt(b_norm));
    }
}

TEST_CASE("CG reports a breakdown, the iteration limit and an exact first guess") {
    auto negative = rtcg::poisson_2d<double, std::int32_t>(16);
    for (auto& v : negative.values) v = -v;
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), negative);
    const auto b = Array<double>::full(context(), negative.rows, 1.0);
    const auto host = rtcg::poisson_2d<double, std::int32_t>(16);
    const auto spd = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), host);
    const auto ones = std::vector<double>(host.rows, 1.0);
    const auto b_exact = Array<double>::to_device(context(), rtcg::test::host_spmv(host, 1.0, ones, 0.0, ones));
    for (const rtcg::CgVariant variant : variants) {
        CAPTURE(static_cast<int>(variant));
        const auto x = Array<double>::zeros(context(), negative.rows);
        const auto broken = rtcg::cg(a, b, x, {.max_iterations = 100000, .variant = variant});
        CHECK(broken.reason == rtcg::CgStop::breakdown);
        CHECK(broken.iterations == 0);
        CHECK(x.get() == std::vector<double>(negative.rows, 0.0));

        const auto limited = rtcg::cg(spd, b_exact, Array<double>::zeros(context(), host.rows),
                                      {.rtol = 0, .max_iterations = 3, .check_every = 1, .variant = variant});
        CHECK(limited.reason == rtcg::CgStop::iteration_limit);
        CHECK(limited.iterations == 3);
        CHECK(limited.residual_norm > 0);

        const auto exact = rtcg::cg(spd, b_exact, Array<double>::to_device(context(), ones), {.variant = variant});
        CHECK(exact.reason == rtcg::CgStop::converged);
        CHECK(exact.iterations == 0);
        CHECK(exact.residual_norm == 0);
    }
}

TEST_CASE("CG refuses bad shapes and options; its kernels compile for CUDA") {
    // The sizes and types of the tests above, whose kernels are built already.
    const auto a = rtcg::CsrMatrix<float, std::int64_t>::to_device(context(), rtcg::poisson_3d<float, std::int64_t>(8));
    const auto x = Array<float>::zeros(context(), 512);
    CHECK(
        contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cg(a, Array<float>::zeros(context(), 511), x); }),
                 "b must be a vector of 512 elements"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cg(a, x, x, {.rtol = -1}); }),
                   "rtol and atol must be finite and not negative"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cg(a, x, x, {.check_every = 0}); }),
                   "check_every must be at least 1"));
    const rtcg::HostCsr<float, std::int32_t> wide{2, 3, {0, 1, 2}, {0, 1}, {1, 1}};
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       (void)rtcg::ConjugateGradient<float>(
                           rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), wide));
                   }),
                   "square matrix, not 2 x 3"));
    const rtcg::ConjugateGradient<float> jacobi(a, {.preconditioner = rtcg::Preconditioner::jacobi});
    rtcg::test::compile_for_cuda(jacobi.source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(
        rtcg::ConjugateGradient<float>(a, {.preconditioner = rtcg::Preconditioner::block_jacobi, .block_size = 3})
            .source(rtcg::codegen::Dialect::cuda));
    for (const rtcg::Preconditioner preconditioner :
         {rtcg::Preconditioner::identity, rtcg::Preconditioner::jacobi, rtcg::Preconditioner::block_jacobi})
        rtcg::test::compile_for_cuda(
            rtcg::ConjugateGradient<float>(
                a, {.preconditioner = preconditioner, .variant = rtcg::CgVariant::single_reduction})
                .source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(dynamic_cast<const rtcg::CsrOperator<float, std::int64_t>&>(jacobi.linear_operator())
                                     .plan()
                                     .source(rtcg::codegen::Dialect::cuda));
    const rtcg::CsrOperator<float, std::int64_t> vector(a, {.format = rtcg::SpmvFormat::csr_vector});
    rtcg::test::compile_for_cuda(vector.plan().source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(
        rtcg::ConjugateGradient<double>(
            rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::poisson_2d<double, std::int32_t>(16)))
            .source(rtcg::codegen::Dialect::cuda));
}
