// The DIA product (SpmvFormat::dia) against the host's: the plan's own choice for stencils, each
// value and index type; banded, rectangular and duplicated entries forced; the transpose; the
// solvers' fused dot product; a diagonal the sampled rows miss, which the check on every row
// catches; matrices of too many diagonals refused; the CUDA text through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using rtcg::test::multiplies_like_the_host;

namespace {

constexpr auto dia = rtcg::SpmvFormat::dia;

} // namespace

TEST_CASE_TEMPLATE("DIA is the plan's choice for stencils and matches the host", P, std::pair<float, std::int32_t>,
                   std::pair<double, std::int64_t>, std::pair<std::complex<float>, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    multiplies_like_the_host(rtcg::poisson_2d<T, I>(23), {}, dia);
    multiplies_like_the_host(rtcg::poisson_3d<T, I>(9), {}, dia);
    // 16^3 rows: rows spaced evenly by a power of two would all lie on the grid's edges.
    multiplies_like_the_host(rtcg::poisson_3d<T, I>(16), {}, dia);
    multiplies_like_the_host(rtcg::random_banded<T, I>(1500, 9, 0.5, 4), {.format = dia}, dia);
    const auto a = rtcg::CsrMatrix<T, I>::to_device(context(), rtcg::poisson_2d<T, I>(9));
    const rtcg::Spmv<T, I> product(a);
    CHECK(product.statistics().diagonals == 5);
    CHECK(contains(product.source(rtcg::codegen::Dialect::opencl),
                   "#define RTCG_SPMV_FOR_EACH_DIAGONAL(X) X(0, ((rtcg_index_t)-9)) X(1, ((rtcg_index_t)-1)) "
                   "X(2, ((rtcg_index_t)0)) X(3, ((rtcg_index_t)1)) X(4, ((rtcg_index_t)9))"));
}

TEST_CASE("DIA: rectangular matrices, columns named twice, no entries, the transpose, the fused dot") {
    // 300 x 200: diagonals -150 to +120, some reaching past the last column or before the first.
    rtcg::HostCoo<double, std::int32_t> wide{300, 200, {}, {}, {}};
    for (std::int32_t r = 0; r < 300; ++r)
        for (const std::int32_t offset : {-150, -3, 0, 7, 120})
            if (r + offset >= 0 && r + offset < 200) {
                wide.row.push_back(r);
                wide.col.push_back(r + offset);
                wide.values.push_back(1.0 + 0.25 * offset + 0.001 * r);
            }
    const auto banded = rtcg::host_to_csr(wide);
    multiplies_like_the_host(banded, {.format = dia}, dia);
    rtcg::test::transposes_like_the_host(banded, {.format = dia});

    // Each row names its diagonal column twice (CSR as given: the product adds both).
    rtcg::HostCsr<double, std::int32_t> twice{50, 50, {0}, {}, {}};
    for (std::int32_t r = 0; r < 50; ++r) {
        for (const double value : {1.5, -0.25}) {
            twice.col_indices.push_back(r);
            twice.values.push_back(value * (r + 1));
        }
        twice.row_offsets.push_back(static_cast<std::int32_t>(twice.col_indices.size()));
    }
    multiplies_like_the_host(twice, {}, dia);

    multiplies_like_the_host(rtcg::HostCsr<double, std::int32_t>{40, 30, std::vector<std::int32_t>(41, 0), {}, {}},
                             {.format = dia}, dia);
    multiplies_like_the_host(rtcg::HostCsr<double, std::int32_t>{0, 3, {0}, {}, {}}, {.format = dia});

    rtcg::test::folds_the_dot_like_the_host(rtcg::poisson_2d<double, std::int32_t>(31), {});
    rtcg::test::folds_the_dot_like_the_host(rtcg::poisson_3d<float, std::int64_t>(7), {.format = dia});
}

TEST_CASE("DIA is not chosen where a row the sampling misses leaves the diagonals, and refused when forced") {
    // The identity, but row 1 (no sampled row: they are spread across the matrix) also names the
    // last column: the sampled rows show one diagonal, the check on every row finds an entry off it.
    rtcg::HostCsr<double, std::int32_t> identity{1000, 1000, {0}, {}, {}};
    for (std::int32_t r = 0; r < 1000; ++r) {
        identity.col_indices.push_back(r);
        identity.values.push_back(2.0);
        if (r == 1) {
            identity.col_indices.push_back(999);
            identity.values.push_back(-1.0);
        }
        identity.row_offsets.push_back(static_cast<std::int32_t>(identity.col_indices.size()));
    }
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), identity);
    const rtcg::Spmv<double, std::int32_t> planned(a);
    CHECK(planned.format() != dia);
    CHECK(planned.statistics().diagonals == 0);
    multiplies_like_the_host(identity);
    CHECK(
        contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<double, std::int32_t>(a, {.format = dia}); }),
                 "DIA takes a matrix whose entries lie on at most 64 diagonals"));
    const auto graph = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(),
                                                                        rtcg::rmat<double, std::int32_t>(10, 8, 1));
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<double, std::int32_t>(graph, {.format = dia}); }),
        "at most 64 diagonals"));
}

TEST_CASE("DIA's kernels compile for CUDA") {
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), rtcg::poisson_3d<float, std::int32_t>(5));
    rtcg::test::compile_for_cuda(rtcg::Spmv<float, std::int32_t>(a).source(rtcg::codegen::Dialect::cuda));
    const auto complex = rtcg::CsrMatrix<std::complex<double>, std::int64_t>::to_device(
        context(), rtcg::poisson_2d<std::complex<double>, std::int64_t>(6));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<std::complex<double>, std::int64_t>(complex, {.format = dia}).source(rtcg::codegen::Dialect::cuda));
    const rtcg::CsrOperator<double, std::int32_t> op(
        rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::poisson_2d<double, std::int32_t>(5)));
    CHECK(op.plan().format() == dia);
    rtcg::test::compile_for_cuda(op.plan().source(rtcg::codegen::Dialect::cuda));
}
