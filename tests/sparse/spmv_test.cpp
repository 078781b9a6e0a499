// Sparse matrix-vector products against the host's, for each value and index type, on irregular
// matrices (vector CSR), a dense row among empty ones, no entries, and stencils (DIA); forced
// formats and team sizes; the CUDA text through NVRTC; bad arguments.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/spmm.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using rtcg::test::multiplies_like_the_host;

TEST_CASE_TEMPLATE("SpMV matches the host on every kind of matrix", P, std::pair<float, std::int32_t>,
                   std::pair<double, std::int64_t>, std::pair<std::complex<float>, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    SUBCASE("irregular rows, some empty: vector CSR") {
        multiplies_like_the_host(rtcg::host_to_csr(rtcg::test::random_coo<T, I>(700, 650, 9000, 5, 3)), {},
                                 rtcg::SpmvFormat::csr_vector);
    }
    SUBCASE("one dense row among empty ones: merge-based") {
        multiplies_like_the_host(rtcg::host_to_csr(rtcg::test::one_dense_row<T, I>(300, 2000, 150)), {},
                                 rtcg::SpmvFormat::csr_merge);
    }
    SUBCASE("a 3-D Poisson matrix: DIA") {
        multiplies_like_the_host(rtcg::poisson_3d<T, I>(9), {}, rtcg::SpmvFormat::dia);
    }
}

TEST_CASE("SpMV with every team size, forced formats, no entries and no rows") {
    const auto irregular = rtcg::host_to_csr(rtcg::test::random_coo<double, std::int32_t>(500, 400, 20000, 7, 5));
    for (const std::size_t team : {1, 4, 32}) {
        CAPTURE(team);
        const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), irregular);
        CHECK(rtcg::Spmv<double, std::int32_t>(a, {.team_size = team}).team_size() == team);
        multiplies_like_the_host(irregular, {.team_size = team});
    }
    multiplies_like_the_host(irregular, {.format = rtcg::SpmvFormat::ell});
    multiplies_like_the_host(rtcg::poisson_2d<double, std::int32_t>(17), {.format = rtcg::SpmvFormat::csr_vector});
    // One dense row among empty ones, through the formats the plan would not choose for it.
    const auto dense_row = rtcg::host_to_csr(rtcg::test::one_dense_row<double, std::int32_t>(300, 2000, 150));
    for (const std::size_t team : {1, 32})
        multiplies_like_the_host(dense_row, {.format = rtcg::SpmvFormat::csr_vector, .team_size = team},
                                 rtcg::SpmvFormat::csr_vector);
    multiplies_like_the_host(dense_row, {.format = rtcg::SpmvFormat::ell}, rtcg::SpmvFormat::ell);
    multiplies_like_the_host(rtcg::random_banded<double, std::int32_t>(1000, 6, 0.6, 3));

    // Both kernels over a matrix of no entries write alpha * 0 + beta * y.
    const rtcg::HostCsr<double, std::int32_t> empty{40, 30, std::vector<std::int32_t>(41, 0), {}, {}};
    multiplies_like_the_host(empty, {}, rtcg::SpmvFormat::csr_vector);
    multiplies_like_the_host(empty, {.format = rtcg::SpmvFormat::ell});
    const rtcg::HostCsr<double, std::int32_t> no_rows{0, 3, {0}, {}, {}};
    multiplies_like_the_host(no_rows);
    const rtcg::HostCsr<double, std::int32_t> no_columns{40, 0, std::vector<std::int32_t>(41, 0), {}, {}};
    multiplies_like_the_host(no_columns);
}

TEST_CASE("Binned SpMV: a power-law graph, rows all long, none long, no entries") {
    const auto graph = rtcg::rmat<double, std::int32_t>(12, 8, 7);
    // Each team is another kernel: the quick run takes the chosen one only.
    const std::vector<std::size_t> teams = rtcg::test::quick_run() ? std::vector<std::size_t>{0}
                                                                   : std::vector<std::size_t>{0, 1, 8};
    for (const std::size_t team : teams) {
        CAPTURE(team);
        multiplies_like_the_host(graph, {.format = rtcg::SpmvFormat::csr_binned, .team_size = team},
                                 rtcg::SpmvFormat::csr_binned);
    }
    // Every row longer than a work-group: no short rows to list.
    multiplies_like_the_host(rtcg::host_to_csr(rtcg::test::random_coo<double, std::int32_t>(20, 1000, 30000, 0, 9)),
                             {.format = rtcg::SpmvFormat::csr_binned});
    multiplies_like_the_host(rtcg::poisson_2d<double, std::int32_t>(17), {.format = rtcg::SpmvFormat::csr_binned});
    multiplies_like_the_host(rtcg::host_to_csr(rtcg::test::one_dense_row<double, std::int32_t>(300, 2000, 150)),
                             {.format = rtcg::SpmvFormat::csr_binned}, rtcg::SpmvFormat::csr_binned);
    const rtcg::HostCsr<double, std::int32_t> empty{40, 30, std::vector<std::int32_t>(41, 0), {}, {}};
    multiplies_like_the_host(empty, {.format = rtcg::SpmvFormat::csr_binned});
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    rtcg::test::compile_for_cuda(rtcg::Spmv<double, std::int32_t>(a, {.format = rtcg::SpmvFormat::csr_binned})
                                     .source(rtcg::codegen::Dialect::cuda));
}

TEST_CASE("SpMV with the transpose") {
    const auto host = rtcg::host_to_csr(rtcg::test::random_coo<double, std::int64_t>(700, 650, 9000, 5, 3));
    rtcg::HostCoo<double, std::int64_t> swapped{host.cols, host.rows, {}, {}, host.values};
    for (std::size_t r = 0; r < host.rows; ++r)
        for (auto k = host.row_offsets[r]; k < host.row_offsets[r + 1]; ++k) {
            swapped.row.push_back(host.col_indices[static_cast<std::size_t>(k)]);
            swapped.col.push_back(static_cast<std::int64_t>(r));
        }
    const auto transposed = rtcg::host_to_csr(swapped);
    const auto a = rtcg::CsrMatrix<double, std::int64_t>::to_device(context(), host);
    const rtcg::Spmv<double, std::int64_t> product(a, {.transpose = true});
    const auto x_host = rtcg::test::random_values<double>(700, 1);
    const auto y_host = rtcg::test::random_values<double>(650, 2);
    const auto y = Array<double>::to_device(context(), y_host);
    product(3.0, Array<double>::to_device(context(), x_host), 0.5, y);
    rtcg::test::check_close(y.get(), rtcg::test::host_spmv(transposed, 3.0, x_host, 0.5, y_host), 100, 1e-12);
    CHECK(
        contains(message_of<rtcg::InvalidArgument>([&] { product(1.0, Array<double>::zeros(context(), 650), 0.0, y); }),
                 "x must be a vector of 700 elements"));
}

TEST_CASE("SpMV chooses the team from the mean row length and writes it into the source") {
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(
        context(), rtcg::host_to_csr(rtcg::test::random_coo<float, std::int32_t>(100, 1000, 1500, 0, 8)));
    const rtcg::Spmv<float, std::int32_t> product(a);
    CHECK(product.statistics().rows == 100);
    CHECK(product.statistics().longest >= 15);
    CHECK(product.team_size() == 16);
    CHECK(contains(product.source(rtcg::codegen::Dialect::opencl), "#define RTCG_SPMV_TEAM 16"));
    CHECK(contains(product.source(rtcg::codegen::Dialect::opencl), "#define RTCG_SPMV_ROWS ((rtcg_index_t)100)"));
}

TEST_CASE("the generated SpMV kernels compile for CUDA") {
    const auto poisson = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(),
                                                                         rtcg::poisson_3d<float, std::int32_t>(4));
    rtcg::test::compile_for_cuda(rtcg::Spmv<float, std::int32_t>(poisson).source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(rtcg::Spmv<float, std::int32_t>(poisson, {.format = rtcg::SpmvFormat::csr_vector})
                                     .source(rtcg::codegen::Dialect::cuda));
    const auto complex = rtcg::CsrMatrix<std::complex<double>, std::int64_t>::to_device(
        context(), rtcg::poisson_2d<std::complex<double>, std::int64_t>(4));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<std::complex<double>, std::int64_t>(complex, {.team_size = 8}).source(rtcg::codegen::Dialect::cuda));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<std::complex<double>, std::int64_t>(complex, {.format = rtcg::SpmvFormat::ell})
            .source(rtcg::codegen::Dialect::cuda));
}

TEST_CASE("SpMV refuses vectors of the wrong shape, shared memory and bad team sizes") {
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), rtcg::poisson_2d<float, std::int32_t>(3));
    const rtcg::Spmv<float, std::int32_t> product(a);
    const auto x = Array<float>::zeros(context(), 9);
    const auto y = Array<float>::zeros(context(), 9);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { product(1, Array<float>::zeros(context(), 8), 0, y); }),
                   "x must be a vector of 9 elements for a 9 x 9 matrix"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       product(1, x, 0, Array<float>::zeros(context(), {3, 3}));
                   }),
                   "y must be a vector of 9 elements"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { product(1, x, 0, x); }), "x and y share memory"));
    const auto wide = Array<float>::zeros(context(), 18);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { product(1, wide(rtcg::slice(0, 18, 2)), 0, y); }),
                   "x must be contiguous"));
    CHECK(
        contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.team_size = 3}); }),
                 "team size must be 1, 2, 4, 8, 16 or 32, not 3"));
    // A view at an offset is a valid x.
    const auto ones = Array<float>::full(context(), 10, 1.0f);
    product(1, ones(rtcg::slice(1, 10)), 0, y);
    CHECK(y.get() == std::vector<float>{2, 1, 2, 1, 0, 1, 2, 1, 2});
}

namespace {

// Y = alpha A X + beta Y for a block of k vectors against the host's product, column by column.
template <class T, class I>
void block_multiplies_like_the_host(const rtcg::HostCsr<T, I>& host, std::size_t k) {
    const auto a = rtcg::CsrMatrix<T, I>::to_device(context(), host);
    const rtcg::Spmm<T, I> product(a, k);
    CHECK(product.k() == k);
    const auto x_host = rtcg::test::random_values<T>(host.cols * k, 31);
    const auto y_host = rtcg::test::random_values<T>(host.rows * k, 32);
    const auto x = Array<T>::to_device(context(), x_host, {host.cols, k});
    const auto y = Array<T>::to_device(context(), y_host, {host.rows, k});
    const T alpha = rtcg::test::make<T>(2, 0.5);
    const T beta = rtcg::test::make<T>(-0.5);
    product(alpha, x, beta, y);
    const std::vector<T> got = y.get();
    double scale = 4;
    for (const T& v : host.values) scale = std::max(scale, std::abs(std::complex<double>(v)) * 4);
    scale *= std::max<double>(1.0, std::sqrt(static_cast<double>(host.cols)));
    for (std::size_t j = 0; j < k; ++j) {
        CAPTURE(j);
        std::vector<T> x_column(host.cols), y_column(host.rows), got_column(host.rows);
        for (std::size_t c = 0; c < host.cols; ++c) x_column[c] = x_host[c * k + j];
        for (std::size_t r = 0; r < host.rows; ++r) {
            y_column[r] = y_host[r * k + j];
            got_column[r] = got[r * k + j];
        }
        rtcg::test::check_close(got_column, rtcg::test::host_spmv(host, alpha, x_column, beta, y_column), scale,
                                rtcg::test::epsilon_of<T>());
    }
}

} // namespace

TEST_CASE("SpMM with blocks of vectors: empty rows, one dense row, no entries") {
    block_multiplies_like_the_host(
        rtcg::host_to_csr(rtcg::test::random_coo<double, std::int32_t>(700, 650, 9000, 5, 3)), 3);
    block_multiplies_like_the_host(rtcg::host_to_csr(rtcg::test::one_dense_row<double, std::int32_t>(300, 650, 150)),
                                   3);
    block_multiplies_like_the_host(
        rtcg::HostCsr<double, std::int32_t>{300, 650, std::vector<std::int32_t>(301, 0), {}, {}}, 3);
    block_multiplies_like_the_host(
        rtcg::host_to_csr(rtcg::test::random_coo<std::complex<float>, std::int64_t>(200, 150, 2000, 4, 5)), 5);
}

TEST_CASE("SpMM refuses bad blocks; its kernel compiles for CUDA") {
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(),
                                                                    rtcg::poisson_2d<double, std::int32_t>(4));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmm<double, std::int32_t>(a, 0); }),
                   "at least one right-hand side"));
    const rtcg::Spmm<double, std::int32_t> product(a, 2);
    const auto x = Array<double>::zeros(context(), {16, 2});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       product(1, Array<double>::zeros(context(), {16, 3}), 0, x);
                   }),
                   "x must be a 16 x 2 block"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { product(1, x, 0, x); }), "share memory"));
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] {
            product(1, x, 0, Array<double>::zeros(context(), {16, 4})(rtcg::slice(0, 16), rtcg::slice(0, 4, 2)));
        }),
        "y must be contiguous"));
    rtcg::test::compile_for_cuda(product.source(rtcg::codegen::Dialect::cuda));
}
