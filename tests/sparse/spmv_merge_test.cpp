// The merge-based product (SpmvFormat::csr_merge) against the host's: a power-law graph, stencils,
// banded matrices, empty rows, one dense row among empty ones (across several tiles), no entries,
// a single row, more than 2^16 rows of few entries; each value and index type; the automatic
// choice; tile shapes chosen and refused; the transpose; the solvers' fused dot product; one plan's
// products on two queues at once; the CUDA text through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using rtcg::test::multiplies_like_the_host;

namespace {

constexpr rtcg::SpmvOptions merge{.format = rtcg::SpmvFormat::csr_merge};

} // namespace

TEST_CASE_TEMPLATE("Merge-based SpMV matches the host on every kind of matrix", P, std::pair<float, std::int32_t>,
                   std::pair<double, std::int64_t>, std::pair<std::complex<float>, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    rtcg::test::multiplies_every_kind_of_matrix<typename P::first_type, typename P::second_type>(
        {.options = merge, .format = rtcg::SpmvFormat::csr_merge, .dense_row_columns = 5000, .power_law_automatic = true});
}

TEST_CASE("Merge-based SpMV: the automatic choice, rows of every length, the transpose") {
    // A power-law graph's longest row is far above its mean; a stencil's rows are all alike.
    const auto graph = rtcg::rmat<double, std::int32_t>(12, 8, 7);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    const rtcg::Spmv<double, std::int32_t> product(a);
    CHECK(product.format() == rtcg::SpmvFormat::csr_merge);
    CHECK(product.statistics().longest > 16 * product.statistics().mean());
    CHECK(rtcg::Spmv<double, std::int32_t>(
              rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::poisson_2d<double, std::int32_t>(9)))
              .format() == rtcg::SpmvFormat::dia);

    // Row r has r % 97 entries, so that rows end at every position of a work-item's items and of
    // a tile, some of them right at the edges.
    rtcg::HostCoo<double, std::int32_t> ramp{3000, 120, {}, {}, {}};
    for (std::size_t r = 0; r < ramp.rows; ++r)
        for (std::size_t k = 0; k < r % 97; ++k) {
            ramp.row.push_back(static_cast<std::int32_t>(r));
            ramp.col.push_back(static_cast<std::int32_t>((r * 7 + k * 13) % ramp.cols));
            ramp.values.push_back(static_cast<double>((r + k) % 11) - 5);
        }
    multiplies_like_the_host(rtcg::host_to_csr(ramp), merge, rtcg::SpmvFormat::csr_merge);
    // Rows of 4 entries: 5 merge items each, a double's work-item's share, so that every
    // work-item finishes exactly one row and carries nothing.
    rtcg::HostCoo<double, std::int32_t> even{2000, 50, {}, {}, {}};
    for (std::size_t r = 0; r < even.rows; ++r)
        for (std::size_t k = 0; k < 4; ++k) {
            even.row.push_back(static_cast<std::int32_t>(r));
            even.col.push_back(static_cast<std::int32_t>((r + 11 * k) % even.cols));
            even.values.push_back(1.0 + static_cast<double>(k));
        }
    multiplies_like_the_host(rtcg::host_to_csr(even), merge, rtcg::SpmvFormat::csr_merge);

    // The transpose of the graph, planned from its transposed copy.
    rtcg::test::transposes_like_the_host(graph, merge);
}

TEST_CASE("Merge-based SpMV with chosen tile shapes, and shapes refused") {
    const auto graph = rtcg::rmat<float, std::int32_t>(11, 8, 2);
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), graph);
    // Tiles of one item per work-item up to the most, on the smallest and largest work-groups.
    for (const auto& [group, items] :
         {std::pair<std::size_t, std::size_t>{32, 1}, {64, 13}, {256, 16}, {32, 32}, {128, 0}}) {
        CAPTURE(group);
        CAPTURE(items);
        const rtcg::SpmvOptions options{.format = rtcg::SpmvFormat::csr_merge, .merge_group = group, .merge_items = items};
        const rtcg::Spmv<float, std::int32_t> product(a, options);
        CHECK(product.merge_group() == group);
        CHECK(product.merge_items() == (items != 0 ? items : 7));
        multiplies_like_the_host(graph, options, rtcg::SpmvFormat::csr_merge);
    }
    CHECK(rtcg::Spmv<float, std::int32_t>(a, {.format = rtcg::SpmvFormat::csr_vector}).merge_group() == 0);
    // 256 x 32 items stage 256 * 32 * 6 bytes of row ends (2 bytes each) and products and 256 * 9
    // of the scan's: more local memory than GPUs have, less than PoCL gives.
    const rtcg::SpmvOptions largest{.format = rtcg::SpmvFormat::csr_merge, .merge_group = 256, .merge_items = 32};
    if (context().device().static_local_memory_bytes < 256 * 32 * 6 + 256 * 9)
        CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<float, std::int32_t>(a, largest); }),
                       "local memory"));
    else
        multiplies_like_the_host(graph, largest, rtcg::SpmvFormat::csr_merge);
    for (const std::size_t group : {16, 48, 512}) {
        CAPTURE(group);
        CHECK(contains(message_of<rtcg::InvalidArgument>(
                           [&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.merge_group = group}); }),
                       "32, 64, 128 or 256"));
    }
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.merge_items = 33}); }),
                   "1 to 32 items"));
}

TEST_CASE("SpMV plans with a local-memory carveout, and one refused") {
    const auto graph = rtcg::rmat<float, std::int32_t>(11, 8, 6);
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), graph);
    // The merge form with cached columns, where the carveout serves, and a format of one launch
    // and one of two (the binned form's long rows), each through the launches the hint changes.
    for (const rtcg::SpmvOptions& options :
         {rtcg::SpmvOptions{.format = rtcg::SpmvFormat::csr_merge,
         .merge_group = 256,
         .merge_items = 7,
         .column_order = rtcg::ColumnOrder::by_count,
         .cached_columns = 512,
         .local_memory_carveout = 29},
          rtcg::SpmvOptions{.format = rtcg::SpmvFormat::csr_vector, .local_memory_carveout = 0},
          rtcg::SpmvOptions{.format = rtcg::SpmvFormat::csr_binned, .local_memory_carveout = 100}}) {
        const std::string format(rtcg::format_name(*options.format));
        CAPTURE(format);
        CHECK(rtcg::Spmv<float, std::int32_t>(a, options).local_memory_carveout() == options.local_memory_carveout);
        multiplies_like_the_host(graph, options, *options.format);
    }
    CHECK_FALSE(rtcg::Spmv<float, std::int32_t>(a).local_memory_carveout());
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { (void)rtcg::Spmv<float, std::int32_t>(a, {.local_memory_carveout = 101}); }),
                   "0 to 100 percent, not 101"));
}

TEST_CASE_TEMPLATE("The merge-based product folds the solvers' dot product", P, std::pair<float, std::int64_t>,
                   std::pair<double, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    // The dense row crosses tiles, so the fix-up adds shares of its own.
    rtcg::test::folds_the_dot_like_the_host(rtcg::rmat<T, I>(11, 8, 5), merge);
    rtcg::test::folds_the_dot_like_the_host(rtcg::host_to_csr(rtcg::test::one_dense_row<T, I>(3000, 3000, 1700)),
                                            merge);
}

TEST_CASE("Merge-based products of one plan on two queues at once each give their own result") {
    // The tiles' carries and the gathered most-read elements of x are each product's own: products
    // on two queues, interleaved, do not read each other's. 2^17 columns, so that the renumbered
    // plan keeps its most-read columns apart.
    const auto graph = rtcg::rmat<float, std::int32_t>(17, 4, 13);
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), graph);
    for (const rtcg::ColumnOrder order : {rtcg::ColumnOrder::as_given, rtcg::ColumnOrder::by_count}) {
        const rtcg::Spmv<float, std::int32_t> plan(a, {.format = rtcg::SpmvFormat::csr_merge, .column_order = order});
        rtcg::Queue queues[2] = {context().create_queue(), context().create_queue()};
        constexpr std::size_t rounds = 6;
        std::vector<std::vector<float>> x_host;
        std::vector<Array<float>> xs, ys;
        for (std::size_t k = 0; k < 2 * rounds; ++k) {
            x_host.push_back(rtcg::test::random_values<float>(graph.cols, 50 + k));
            xs.push_back(Array<float>::to_device(context(), x_host.back()));
            ys.push_back(Array<float>::zeros(context(), graph.rows));
        }
        context().queue().finish();
        for (std::size_t k = 0; k < 2 * rounds; ++k) {
            const rtcg::QueueScope scope(queues[k % 2]);
            plan(1.0f, xs[k], 0.0f, ys[k]);
        }
        for (rtcg::Queue& queue : queues) queue.finish();
        for (std::size_t k = 0; k < 2 * rounds; ++k) {
            CAPTURE(k);
            rtcg::test::check_close(ys[k].get(),
                                    rtcg::test::host_spmv(graph, 1.0f, x_host[k], 0.0f, std::vector<float>(graph.rows)),
                                    4 * std::sqrt(static_cast<double>(graph.cols)), rtcg::test::epsilon_of<float>());
        }
    }
}

TEST_CASE("The merge-based kernels compile for CUDA") {
    const auto graph = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(),
                                                                       rtcg::rmat<float, std::int32_t>(8, 8, 1));
    rtcg::test::compile_for_cuda(rtcg::Spmv<float, std::int32_t>(graph, merge).source(rtcg::codegen::Dialect::cuda));
    const auto complex = rtcg::CsrMatrix<std::complex<double>, std::int64_t>::to_device(
        context(), rtcg::rmat<std::complex<double>, std::int64_t>(8, 8, 1));
    rtcg::test::compile_for_cuda(
        rtcg::Spmv<std::complex<double>, std::int64_t>(complex, merge).source(rtcg::codegen::Dialect::cuda));
    // The solvers' plan, with the dot shares.
    const rtcg::CsrOperator<double, std::int64_t> op(
        rtcg::CsrMatrix<double, std::int64_t>::to_device(context(), rtcg::rmat<double, std::int64_t>(8, 8, 1)), merge);
    rtcg::test::compile_for_cuda(op.plan().source(rtcg::codegen::Dialect::cuda));
}
