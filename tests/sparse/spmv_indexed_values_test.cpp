// The merge form with its values read as indices into a table of the distinct values
// (SpmvOptions::indexed_values), packed into the columns' top byte or apart (past 2^24 columns of
// 32-bit indices, or where renumbered columns pass it): the products equal those of the values
// themselves bit for bit and the host's, for each value and index type, on a power-law graph's
// edge counts, a stencil, one dense row among empty ones, exactly 256 distinct values, +0 and -0
// apart, and no entries; the solvers' fused dot product; both forms through NVRTC; a matrix of 257
// distinct values and another format refused.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::make;
using rtcg::test::message_of;

namespace {

constexpr rtcg::SpmvOptions merge{.format = rtcg::SpmvFormat::csr_merge};
constexpr rtcg::SpmvOptions indexed{.format = rtcg::SpmvFormat::csr_merge, .indexed_values = true};

// `host` with its values replaced by `distinct` values taken in turn, whose parts are apart by
// non-integers so that none rounds onto another.
template <class T, class I>
rtcg::HostCsr<T, I> with_distinct_values(rtcg::HostCsr<T, I> host, std::size_t distinct) {
    for (std::size_t k = 0; k < host.values.size(); ++k)
        host.values[k] = make<T>(static_cast<double>(k % distinct) * 0.375 - 40.0,
                                 static_cast<double>(k % distinct) * 0.5);
    return host;
}

// Whether `plan`'s kernel reads the value indices packed into the columns' words.
template <class T, class I>
bool packs_indices(const rtcg::Spmv<T, I>& plan) {
    return plan.source(rtcg::codegen::Dialect::opencl).find("#define RTCG_SPMV_PACKED_SHIFT") != std::string::npos;
}

// The indexed plan's product equals the plain merge form's bit for bit (the same sums of the same
// products in the same order), and the host's; its indices packed where `packed` says, by default
// where 32-bit columns stay below 2^24 (64-bit ones always).
template <class T, class I>
void indexes_exactly(const rtcg::HostCsr<T, I>& host, const rtcg::SpmvOptions& options = indexed,
                     std::optional<bool> packed = {}) {
    const auto a = rtcg::CsrMatrix<T, I>::to_device(context(), host);
    const rtcg::Spmv<T, I> plain(a, {.format = options.format,
                                     .merge_group = options.merge_group,
                                     .merge_items = options.merge_items,
                                     .column_order = options.column_order,
                                     .cached_columns = options.cached_columns});
    const rtcg::Spmv<T, I> product(a, options);
    CHECK_FALSE(plain.indexed_values());
    CHECK(product.indexed_values());
    CHECK(packs_indices(product) == packed.value_or(sizeof(I) == 8 || host.cols <= (std::size_t{1} << 24)));
    const auto x = Array<T>::to_device(context(), rtcg::test::random_values<T>(host.cols, 31));
    const auto y_host = rtcg::test::random_values<T>(host.rows, 32);
    const auto y_plain = Array<T>::to_device(context(), y_host);
    const auto y_indexed = Array<T>::to_device(context(), y_host);
    plain(make<T>(1.5, -0.5), x, make<T>(0.25), y_plain);
    product(make<T>(1.5, -0.5), x, make<T>(0.25), y_indexed);
    const std::vector<T> expected = y_plain.get(), got = y_indexed.get();
    REQUIRE(got.size() == expected.size());
    CHECK(std::memcmp(got.data(), expected.data(), got.size() * sizeof(T)) == 0);
    rtcg::test::multiplies_like_the_host(host, options, rtcg::SpmvFormat::csr_merge);
}

} // namespace

TEST_CASE_TEMPLATE("Indexed values give the values' own products", P, std::pair<float, std::int32_t>,
                   std::pair<double, std::int64_t>, std::pair<std::complex<float>, std::int64_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    SUBCASE("a power-law graph's edge counts") { indexes_exactly(rtcg::rmat<T, I>(11, 8, 3)); }
    SUBCASE("renumbered columns, some of them cached") {
        indexes_exactly(rtcg::rmat<T, I>(12, 8, 9), {.format = rtcg::SpmvFormat::csr_merge,
                                                     .merge_group = 64,
                                                     .merge_items = 4,
                                                     .column_order = rtcg::ColumnOrder::by_count,
                                                     .cached_columns = 300,
                                                     .indexed_values = true});
    }
    SUBCASE("a stencil") { indexes_exactly(rtcg::poisson_3d<T, I>(9, 7)); }
    SUBCASE("one dense row among empty ones, across tiles") {
        indexes_exactly(rtcg::host_to_csr(rtcg::test::one_dense_row<T, I>(400, 5000, 170)));
    }
    SUBCASE("exactly 256 distinct values") {
        indexes_exactly(with_distinct_values(rtcg::rmat<T, I>(10, 8, 4), 256));
    }
    SUBCASE("no entries") {
        indexes_exactly(rtcg::HostCsr<T, I>{30, 20, std::vector<I>(31, 0), {}, {}});
    }
}

TEST_CASE("Indexed values of 32-bit columns past 2^24 are read apart from the columns") {
    // Columns up to 2^24 + 2: their indices need the top byte, so the value indices stay a stream
    // of their own.
    const std::size_t columns = (std::size_t{1} << 24) + 3;
    rtcg::HostCoo<float, std::int32_t> coo{300, columns, {}, {}, {}};
    for (std::size_t k = 0; k < 3000; ++k) {
        coo.row.push_back(static_cast<std::int32_t>(k % 300));
        coo.col.push_back(static_cast<std::int32_t>(k % 2 == 0 ? columns - 1 - k : k * 5591 % columns));
        coo.values.push_back(static_cast<float>(k % 11) - 5.0f);
    }
    indexes_exactly(rtcg::host_to_csr(coo));
}

TEST_CASE("Indexed values of renumbered 32-bit columns whose space passes 2^24 are read apart") {
    // 2^24 - 8 columns pack as given; renumbered by count, the most-read are numbered apart from
    // the others, whose numbers then pass 2^24.
    const std::size_t columns = (std::size_t{1} << 24) - 8;
    rtcg::HostCoo<float, std::int32_t> coo{200, columns, {}, {}, {}};
    for (std::size_t k = 0; k < 2000; ++k) {
        coo.row.push_back(static_cast<std::int32_t>(k % 200));
        coo.col.push_back(static_cast<std::int32_t>(k % 3 == 0 ? k % 7 : columns - 1 - k * 4099 % 90000));
        coo.values.push_back(static_cast<float>(k % 5) + 0.5f);
    }
    const auto host = rtcg::host_to_csr(coo);
    indexes_exactly(host, indexed, true);
    indexes_exactly(
        host,
        {.format = rtcg::SpmvFormat::csr_merge, .column_order = rtcg::ColumnOrder::by_count, .indexed_values = true},
        false);
}

TEST_CASE("Both indexed forms compile for CUDA") {
    const auto graph = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(),
                                                                       rtcg::rmat<float, std::int32_t>(8, 8, 1));
    const rtcg::Spmv<float, std::int32_t> packed(graph, indexed);
    CHECK(packs_indices(packed));
    rtcg::test::compile_for_cuda(packed.source(rtcg::codegen::Dialect::cuda));
    const auto wide = rtcg::CsrMatrix<double, std::int64_t>::to_device(context(),
                                                                       rtcg::rmat<double, std::int64_t>(8, 8, 1));
    rtcg::test::compile_for_cuda(rtcg::Spmv<double, std::int64_t>(wide, indexed).source(rtcg::codegen::Dialect::cuda));
    rtcg::HostCsr<float, std::int32_t> apart{2, (std::size_t{1} << 24) + 1, {0, 1, 2}, {0, 1 << 24}, {1.0f, 2.0f}};
    const rtcg::Spmv<float, std::int32_t> separate(rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), apart),
                                                   indexed);
    CHECK_FALSE(packs_indices(separate));
    rtcg::test::compile_for_cuda(separate.source(rtcg::codegen::Dialect::cuda));
}

TEST_CASE("Indexed values tell +0 and -0 apart") {
    // 255 distinct non-zero values and +0 index; -0 as well makes 257 distinct values, refused.
    auto host = with_distinct_values(rtcg::rmat<float, std::int32_t>(10, 8, 4), 255);
    for (std::size_t k = 0; k < host.values.size(); k += 7) host.values[k] = 0.0f;
    indexes_exactly(host);
    for (std::size_t k = 3; k < host.values.size(); k += 7) host.values[k] = -0.0f;
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), host);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<float, std::int32_t>(a, indexed); }),
                   "at most 256 distinct values"));
}

TEST_CASE_TEMPLATE("The indexed merge form folds the solvers' dot product", P, std::pair<float, std::int64_t>,
                   std::pair<double, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    rtcg::test::folds_the_dot_like_the_host(rtcg::rmat<T, I>(11, 8, 5), indexed);
}

TEST_CASE("Indexed values refused: too many distinct values, another format") {
    const auto many = rtcg::CsrMatrix<double, std::int32_t>::to_device(
        context(), with_distinct_values(rtcg::rmat<double, std::int32_t>(10, 8, 4), 257));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::Spmv<double, std::int32_t>(many, indexed); }),
                   "at most 256 distinct values"));
    const auto graph = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), rtcg::rmat<double, std::int32_t>(9, 8, 2));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       (void)rtcg::Spmv<double, std::int32_t>(
                           graph, {.format = rtcg::SpmvFormat::csr_vector, .indexed_values = true});
                   }),
                   "merge form's; this plan's format is csr_vector"));
    // The plain merge form still takes the matrix of many values.
    rtcg::test::multiplies_like_the_host(with_distinct_values(rtcg::rmat<double, std::int32_t>(10, 8, 4), 257), merge,
                                         rtcg::SpmvFormat::csr_merge);
}
