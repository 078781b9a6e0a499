// The SELL-C-sigma product (SpmvFormat::sell) against the host's: a power-law graph, stencils,
// banded matrices, empty rows, one dense row among empty ones, no entries, a single row, more than
// 2^16 rows of few entries; each value and index type; slice heights and sort windows, slices that
// straddle windows; the transpose; the solvers' fused dot product; bad slice heights; the CUDA text
// through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using rtcg::test::multiplies_like_the_host;

namespace {

constexpr auto sell = rtcg::SpmvFormat::sell;

} // namespace

TEST_CASE_TEMPLATE("SELL-C-sigma SpMV matches the host on every kind of matrix", P, std::pair<float, std::int32_t>,
                   std::pair<double, std::int64_t>, std::pair<std::complex<float>, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    rtcg::test::multiplies_every_kind_of_matrix<typename P::first_type, typename P::second_type>(
        {.options = {.format = sell}, .format = sell, .dense_row_columns = 2000});
}

TEST_CASE("SELL-C-sigma with chosen slice heights and sort windows, and the transpose") {
    const auto irregular = rtcg::host_to_csr(rtcg::test::random_coo<double, std::int32_t>(1001, 700, 15000, 4, 9));
    // Slices of one row (CSR with one work-item a row), no sorting, windows that slices straddle
    // (50 is no multiple of 8), one window over every row, and slices longer than a work-group.
    for (const auto& [height, window] :
         std::vector<std::pair<std::size_t, std::size_t>>{{1, 0}, {4, 1}, {8, 50}, {32, 100000}, {1024, 0}}) {
        CAPTURE(height);
        CAPTURE(window);
        multiplies_like_the_host(irregular, {.format = sell, .slice_height = height, .sort_window = window}, sell);
    }
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), irregular);
    const rtcg::Spmv<double, std::int32_t> product(a, {.format = sell, .slice_height = 4});
    CHECK(contains(product.source(rtcg::codegen::Dialect::opencl), "#define RTCG_SPMV_SLICE ((rtcg_index_t)4)"));

    // The transpose, planned from the transposed copy.
    rtcg::test::transposes_like_the_host(irregular, {.format = sell});
}

TEST_CASE_TEMPLATE("The SELL-C-sigma product folds the solvers' dot product", P, std::pair<float, std::int64_t>,
                   std::pair<double, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    rtcg::test::folds_the_dot_like_the_host(rtcg::rmat<T, I>(11, 8, 5), {.format = sell});
    rtcg::test::folds_the_dot_like_the_host(rtcg::poisson_2d<T, I>(31), {.format = sell, .slice_height = 8});
}

TEST_CASE("SELL-C-sigma refuses bad slice heights; its kernels compile for CUDA") {
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), rtcg::poisson_2d<float, std::int32_t>(5));
    for (const std::size_t height : {3, 2048}) {
        CAPTURE(height);
        CHECK(contains(message_of<rtcg::InvalidArgument>(
                           [&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.format = sell, .slice_height = height}); }),
                       "slice height must be a power of two up to 1024, not " + std::to_string(height)));
    }
    // Checked whatever the format.
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.slice_height = 6}); }),
        "slice height must be a power of two"));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<float, std::int32_t>(a, {.format = sell}).source(rtcg::codegen::Dialect::cuda));
    const auto complex = rtcg::CsrMatrix<std::complex<double>, std::int64_t>::to_device(
        context(), rtcg::rmat<std::complex<double>, std::int64_t>(8, 8, 1));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<std::complex<double>, std::int64_t>(complex, {.format = sell}).source(rtcg::codegen::Dialect::cuda));
    const rtcg::CsrOperator<double, std::int32_t> op(
        rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::poisson_2d<double, std::int32_t>(5)),
        {.format = sell});
    rtcg::test::compile_for_cuda(op.plan().source(rtcg::codegen::Dialect::cuda));
}
