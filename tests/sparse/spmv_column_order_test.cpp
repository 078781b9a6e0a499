// Products whose kernels read the columns renumbered by count (ColumnOrder::by_count) against the
// host's: every kind of matrix with the merge form, the other formats on a power-law graph, the
// transpose, x a view; the merge form on a matrix of more columns than it renumbers, against the
// columns as given bit for bit and through NVRTC; the solvers' operators and matrices of no
// entries, which keep their columns.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using rtcg::ColumnOrder;
using rtcg::SpmvFormat;
using rtcg::test::context;
using rtcg::test::make;
using rtcg::test::multiplies_like_the_host;

TEST_CASE_TEMPLATE("SpMV over renumbered columns matches the host on every kind of matrix", P,
                   std::pair<float, std::int32_t>, std::pair<double, std::int64_t>,
                   std::pair<std::complex<float>, std::int64_t>, std::pair<std::complex<double>, std::int32_t>) {
    rtcg::test::multiplies_every_kind_of_matrix<typename P::first_type, typename P::second_type>(
        {.options = {.format = SpmvFormat::csr_merge, .column_order = ColumnOrder::by_count},
         .format = SpmvFormat::csr_merge,
         .dense_row_columns = 5000});
}

TEST_CASE("every format multiplies over renumbered columns") {
    const auto graph = rtcg::rmat<double, std::int32_t>(11, 8, 5);
    for (const SpmvFormat format :
         {SpmvFormat::csr_vector, SpmvFormat::ell, SpmvFormat::csr_binned, SpmvFormat::csr_merge, SpmvFormat::sell}) {
        CAPTURE(rtcg::format_name(format));
        const rtcg::SpmvOptions options{.format = format, .column_order = ColumnOrder::by_count};
        multiplies_like_the_host(format == SpmvFormat::ell ? rtcg::random_banded<double, std::int32_t>(900, 7, 0.5, 2)
                                                           : graph,
                                 options, format);
        const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
        CHECK(rtcg::Spmv<double, std::int32_t>(a, options).column_order() == ColumnOrder::by_count);
    }
    rtcg::test::transposes_like_the_host(graph, {.column_order = ColumnOrder::by_count});
}

TEST_CASE_TEMPLATE("the merge form renumbers only the most-read columns of a matrix of many", P,
                   std::pair<float, std::int32_t>, std::pair<double, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    // 2^17 columns: more than the plan keeps apart (as many of x's elements as 256 KiB hold, or the
    // cached columns where more), so the others are read from x itself, here a view. The sums are
    // those of the columns as given, in the same order: equal bit for bit.
    const auto graph = rtcg::rmat<T, I>(17, 4, 12);
    const auto a = rtcg::CsrMatrix<T, I>::to_device(context(), graph);
    const auto padded = rtcg::Array<T>::to_device(context(), rtcg::test::random_values<T>(graph.cols + 3, 41));
    const auto x = padded(rtcg::slice(2, static_cast<std::int64_t>(graph.cols) + 2));
    for (const std::size_t cached : {std::size_t{0}, std::size_t{1000}, std::size_t{100000}}) {
        CAPTURE(cached);
        const rtcg::SpmvOptions options{.format = SpmvFormat::csr_merge,
                                        .merge_group = 64,
                                        .merge_items = 5,
                                        .column_order = ColumnOrder::by_count,
                                        .cached_columns = cached};
        const rtcg::Spmv<T, I> plan(a, options);
        const std::size_t hot = std::max<std::size_t>(cached, (std::size_t{256} << 10) / sizeof(T));
        const std::string source = plan.source(rtcg::codegen::Dialect::cuda);
        CHECK(source.find("#define RTCG_SPMV_HOT_COLUMNS ((rtcg_index_t)" + std::to_string(hot) + ")") !=
              std::string::npos);
        rtcg::test::compile_for_cuda(source);
        rtcg::SpmvOptions given = options;
        given.column_order = ColumnOrder::as_given;
        const auto y = rtcg::Array<T>::zeros(context(), graph.rows);
        const auto expected = rtcg::Array<T>::zeros(context(), graph.rows);
        plan(make<T>(1.5, 0.5), x, T(0), y);
        rtcg::Spmv<T, I>(a, given)(make<T>(1.5, 0.5), x, T(0), expected);
        const std::vector<T> got = y.get(), want = expected.get();
        REQUIRE(got.size() == want.size());
        CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0);
        multiplies_like_the_host(graph, options, SpmvFormat::csr_merge);
    }
    // Fewer columns than that: every one renumbered, x gathered whole.
    const auto small = rtcg::CsrMatrix<T, I>::to_device(context(), rtcg::rmat<T, I>(11, 8, 5));
    CHECK(rtcg::Spmv<T, I>(small, {.format = SpmvFormat::csr_merge, .column_order = ColumnOrder::by_count})
              .source(rtcg::codegen::Dialect::cuda)
              .find("#define RTCG_SPMV_HOT_COLUMNS") == std::string::npos);
}

TEST_CASE("the solvers' operators keep the columns as given") {
    // Their products read x at the rows as well, for the dot product they fold in.
    const rtcg::SpmvOptions by_count{.format = SpmvFormat::csr_merge, .column_order = ColumnOrder::by_count};
    const auto graph = rtcg::rmat<double, std::int32_t>(10, 8, 9);
    rtcg::test::folds_the_dot_like_the_host(graph, by_count);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    CHECK(rtcg::CsrOperator<double, std::int32_t>(a, by_count).plan().column_order() == ColumnOrder::as_given);
}

TEST_CASE("each entry multiplies its own column's element of x after renumbering; x may be a view") {
    // Column 3 holds three entries, column 1 two, columns 0 and 4 one each, column 2 none: the new
    // order is 3, 1, 0, 4, 2 (equal counts in their own order).
    const rtcg::HostCsr<float, std::int32_t> host{3, 5, {0, 3, 5, 7}, {0, 1, 3, 3, 4, 1, 3}, {1, 2, 3, 4, 5, 6, 7}};
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), host);
    const rtcg::Spmv<float, std::int32_t> plan(a, {.column_order = ColumnOrder::by_count});
    REQUIRE(plan.column_order() == ColumnOrder::by_count);
    // x[c] = 10^c picks out which column each entry multiplies.
    const auto padded = rtcg::Array<float>::to_device(context(), std::vector<float>{-1, 1, 10, 100, 1000, 10000, -1});
    const auto x = padded(rtcg::slice(1, 6));
    const auto y = rtcg::Array<float>::zeros(context(), 3);
    plan(1.0f, x, 0.0f, y);
    CHECK(y.get() == std::vector<float>{1 + 20 + 3000, 4000 + 50000, 60 + 7000});
}

TEST_CASE("a matrix of no entries keeps its columns as given") {
    const rtcg::HostCsr<float, std::int32_t> empty{40, 30, std::vector<std::int32_t>(41, 0), {}, {}};
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), empty);
    CHECK(rtcg::Spmv<float, std::int32_t>(a, {.column_order = ColumnOrder::by_count}).column_order() ==
          ColumnOrder::as_given);
    multiplies_like_the_host(empty, {.column_order = ColumnOrder::by_count});
}

TEST_CASE_TEMPLATE("the merge form with cached columns matches the host", T, float, double, std::complex<float>) {
    // Each count splits the gathers at another column: the first few, most, all but one; from the
    // column count on, none pass the first-level cache by.
    const auto graph = rtcg::rmat<T, std::int32_t>(11, 8, 6);
    const auto a = rtcg::CsrMatrix<T, std::int32_t>::to_device(context(), graph);
    for (const ColumnOrder order : {ColumnOrder::by_count, ColumnOrder::as_given})
        for (const std::size_t cached : {std::size_t{1}, std::size_t{37}, graph.cols - 1, graph.cols, graph.cols + 5}) {
            CAPTURE(cached);
            const rtcg::SpmvOptions options{
                .format = SpmvFormat::csr_merge, .column_order = order, .cached_columns = cached};
            multiplies_like_the_host(graph, options, SpmvFormat::csr_merge);
            const rtcg::Spmv<T, std::int32_t> plan(a, options);
            CHECK(plan.cached_columns() == (cached < graph.cols ? cached : 0));
            // The split is in the kernel's source; the real gathers past it skip the L1 where the
            // target has L2-only loads: CUDA's intrinsic, NVIDIA's OpenCL through PTX.
            const std::string source = plan.source(rtcg::codegen::Dialect::cuda);
            CHECK((source.find("#define RTCG_SPMV_CACHED_COLUMNS ((rtcg_index_t)" + std::to_string(cached) + ")") !=
                   std::string::npos) == (cached < graph.cols));
            CHECK((source.find("#define RTCG_SPARSE_LOAD_L2_ONLY(pointer) RTCG_LOAD_L2_ONLY(pointer)") !=
                   std::string::npos) == !rtcg::codegen::dtype_of<T>().is_complex());
            CHECK(source.find("#define RTCG_LOAD_L2_ONLY(pointer) __ldcg(pointer)") != std::string::npos);
            CHECK(plan.source(rtcg::codegen::Dialect::opencl).find("__ldcg") == std::string::npos);
            CHECK(plan.source(rtcg::codegen::Dialect::opencl).find("ld.global.cg") == std::string::npos);
            const std::string nvidia_opencl = plan.source(rtcg::codegen::Target(rtcg::codegen::Dialect::opencl, true));
            CHECK(nvidia_opencl.find("#define RTCG_LOAD_L2_ONLY(pointer) rtcg_load_l2_only_(pointer)") !=
                  std::string::npos);
            CHECK((nvidia_opencl.find("#define RTCG_SPARSE_LOAD_L2_ONLY(pointer) RTCG_LOAD_L2_ONLY(pointer)") !=
                   std::string::npos) == !rtcg::codegen::dtype_of<T>().is_complex());
        }
}

TEST_CASE("cached columns are the merge form's only") {
    const auto graph = rtcg::rmat<float, std::int32_t>(10, 8, 7);
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), graph);
    for (const SpmvFormat format : {SpmvFormat::csr_vector, SpmvFormat::csr_binned, SpmvFormat::sell}) {
        CAPTURE(rtcg::format_name(format));
        CHECK_THROWS_AS((rtcg::Spmv<float, std::int32_t>(a, {.format = format, .cached_columns = 16})),
                        rtcg::InvalidArgument);
    }
    // The built-in rule's format for a stencil is DIA: the option does not silently do nothing.
    const auto stencil = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(),
                                                                         rtcg::poisson_2d<float, std::int32_t>(16));
    CHECK_THROWS_AS((rtcg::Spmv<float, std::int32_t>(stencil, {.cached_columns = 16})), rtcg::InvalidArgument);
    CHECK(rtcg::Spmv<float, std::int32_t>(a, {.format = SpmvFormat::csr_vector}).cached_columns() == 0);
}
