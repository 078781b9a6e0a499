// CSR and COO matrices, the generators and COO to CSR on the device, against the host's
// conversion; the checks of bad structure and out-of-range indices.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"

#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

template <class T, class I>
void converts_like_the_host(const rtcg::HostCoo<T, I>& coo) {
    const auto device = rtcg::to_csr(rtcg::CooMatrix<T, I>::to_device(context(), coo)).get();
    rtcg::test::check_same_csr(device, rtcg::host_to_csr(coo));
}

} // namespace

TEST_CASE_TEMPLATE("COO to CSR on the device sorts and sums duplicates as the host does, bit for bit", P,
                   std::pair<float, std::int32_t>, std::pair<double, std::int64_t>,
                   std::pair<std::complex<float>, std::int64_t>, std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    SUBCASE("random triplets with duplicates and empty rows") {
        converts_like_the_host(rtcg::test::random_coo<T, I>(300, 257, 5000, 3, 7));
    }
    SUBCASE("one dense row among empty ones") { converts_like_the_host(rtcg::test::one_dense_row<T, I>(100, 700, 41)); }
    SUBCASE("no entries") {
        const auto csr = rtcg::to_csr(
            rtcg::CooMatrix<T, I>::to_device(context(), rtcg::HostCoo<T, I>{5, 4, {}, {}, {}}));
        CHECK(csr.nnz() == 0);
        CHECK(csr.get().row_offsets == std::vector<I>(6, 0));
    }
    SUBCASE("a single entry, repeated") {
        converts_like_the_host(rtcg::HostCoo<T, I>{3, 3, {1, 1, 1}, {2, 2, 2}, rtcg::test::random_values<T>(3, 1)});
    }
}

TEST_CASE("COO to CSR refuses indices outside the shape, naming the first") {
    auto coo = rtcg::test::random_coo<float, std::int32_t>(50, 60, 400, 0, 3);
    coo.col[123] = 60;
    coo.row[300] = -1;
    const auto device = rtcg::CooMatrix<float, std::int32_t>::to_device(context(), coo);
    const std::string message = message_of<rtcg::InvalidArgument>([&] { (void)rtcg::to_csr(device); });
    CHECK(contains(message, "entry 123 at ("));
    CHECK(contains(message, ", 60) is outside the 50 x 60 matrix"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::host_to_csr(coo); }), "entry 123"));

    rtcg::HostCoo<float, std::int32_t> uneven{2, 2, {0, 1}, {0}, {1.0f, 2.0f}};
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { (void)rtcg::CooMatrix<float, std::int32_t>::to_device(context(), uneven); }),
                   "one size, not 2, 1 and 2"));
    rtcg::HostCoo<float, std::int32_t> huge{std::size_t{1} << 31, 2, {}, {}, {}};
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { (void)rtcg::CooMatrix<float, std::int32_t>::to_device(context(), huge); }),
                   "does not fit its 32-bit indices"));
}

TEST_CASE("CsrMatrix::to_device checks the structure") {
    using Csr = rtcg::HostCsr<double, std::int32_t>;
    auto refused = [](const Csr& csr) {
        return message_of<rtcg::InvalidArgument>(
            [&] { (void)rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), csr); });
    };
    CHECK(contains(refused(Csr{2, 2, {0, 1}, {0}, {1}}), "needs 3 row offsets, not 2"));
    CHECK(contains(refused(Csr{2, 2, {1, 1, 1}, {0}, {1}}), "row_offsets[0] must be 0"));
    CHECK(contains(refused(Csr{2, 2, {0, 2, 1}, {0, 1}, {1, 2}}), "decrease at row 1"));
    CHECK(contains(refused(Csr{2, 2, {0, 1, 1}, {0, 1}, {1, 2}}), "end at the number of entries, 2, not 1"));
    CHECK(contains(refused(Csr{2, 2, {0, 1, 2}, {0, 2}, {1, 2}}), "entry 1 has column 2, outside [0, 2)"));
    CHECK(contains(refused(Csr{2, 2, {0, 1, 2}, {0, 1}, {1}}), "col_indices and values must have one size"));
    const Csr good{2, 3, {0, 2, 3}, {2, 0, 1}, {1, 2, 3}};
    const auto back = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), good).get();
    CHECK(back.row_offsets == good.row_offsets);
    CHECK(back.col_indices == good.col_indices);
    CHECK(back.values == good.values);
}

TEST_CASE("the Poisson generators give the stencils' structure") {
    const auto p2 = rtcg::poisson_2d<double, std::int32_t>(5);
    CHECK(p2.rows == 25);
    CHECK(p2.nnz() == 5 * 25 - 4 * 5);
    const auto p7 = rtcg::poisson_3d<float, std::int64_t>(4);
    CHECK(p7.rows == 64);
    CHECK(p7.nnz() == 7 * 64 - 6 * 16);
    const auto p27 = rtcg::poisson_3d<double, std::int32_t>(4, 27);
    CHECK(p27.nnz() == 10 * 10 * 10);
    for (const auto* a : {&p2, &p27}) {
        // Symmetric, each row summing to zero inside the grid and positive on the boundary.
        auto coo_of = [](const rtcg::HostCsr<double, std::int32_t>& m, bool transpose) {
            rtcg::HostCoo<double, std::int32_t> coo{m.rows, m.cols, {}, {}, m.values};
            for (std::size_t r = 0; r < m.rows; ++r)
                for (auto k = m.row_offsets[r]; k < m.row_offsets[r + 1]; ++k) {
                    coo.row.push_back(transpose ? m.col_indices[static_cast<std::size_t>(k)]
                                                : static_cast<std::int32_t>(r));
                    coo.col.push_back(transpose ? static_cast<std::int32_t>(r)
                                                : m.col_indices[static_cast<std::size_t>(k)]);
                }
            return rtcg::host_to_csr(coo);
        };
        const auto transposed = coo_of(*a, true);
        CHECK(transposed.col_indices == a->col_indices);
        CHECK(transposed.values == a->values);
        for (std::size_t r = 0; r < a->rows; ++r) {
            double sum = 0;
            for (auto k = a->row_offsets[r]; k < a->row_offsets[r + 1]; ++k)
                sum += a->values[static_cast<std::size_t>(k)];
            REQUIRE(sum >= 0);
        }
    }
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { (void)rtcg::poisson_3d<float, std::int32_t>(4, 9); }),
                   "7 or 27 points, not 9"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { (void)rtcg::poisson_3d<float, std::int32_t>(1300); }),
                   "does not fit 32-bit indices"));
}

TEST_CASE("random banded and R-MAT matrices are deterministic by seed") {
    const auto a = rtcg::random_banded<double, std::int32_t>(200, 5, 0.5, 11);
    const auto b = rtcg::random_banded<double, std::int32_t>(200, 5, 0.5, 11);
    CHECK(a.col_indices == b.col_indices);
    CHECK(a.values == b.values);
    CHECK(a.col_indices != rtcg::random_banded<double, std::int32_t>(200, 5, 0.5, 12).col_indices);
    for (std::size_t r = 0; r < a.rows; ++r)
        for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k)
            REQUIRE(std::abs(a.col_indices[static_cast<std::size_t>(k)] - static_cast<std::int32_t>(r)) <= 5);

    const auto g = rtcg::rmat<float, std::int64_t>(10, 8, 5);
    CHECK(g.rows == 1024);
    double edges = 0;
    for (const float v : g.values) edges += v;
    CHECK(edges == 8 * 1024);
    CHECK(g.col_indices == rtcg::rmat<float, std::int64_t>(10, 8, 5).col_indices);
    // Power law: the densest row holds far more than the mean.
    std::int64_t longest = 0;
    for (std::size_t r = 0; r < g.rows; ++r) longest = std::max(longest, g.row_offsets[r + 1] - g.row_offsets[r]);
    CHECK(longest > 40);
}

TEST_CASE_TEMPLATE("CSR to COO and the transpose on the device", P, std::pair<float, std::int32_t>,
                   std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    const auto coo = rtcg::test::random_coo<T, I>(300, 257, 5000, 3, 7);
    const auto host = rtcg::host_to_csr(coo);
    const auto csr = rtcg::CsrMatrix<T, I>::to_device(context(), host);
    rtcg::test::check_same_csr(rtcg::to_csr(rtcg::to_coo(csr)).get(), host);

    rtcg::HostCoo<T, I> swapped{host.cols, host.rows, {}, {}, host.values};
    for (std::size_t r = 0; r < host.rows; ++r)
        for (auto k = host.row_offsets[r]; k < host.row_offsets[r + 1]; ++k) {
            swapped.row.push_back(host.col_indices[static_cast<std::size_t>(k)]);
            swapped.col.push_back(static_cast<I>(r));
        }
    rtcg::test::check_same_csr(rtcg::transpose(csr).get(), rtcg::host_to_csr(swapped));
    const auto none = rtcg::CsrMatrix<T, I>::to_device(context(), rtcg::HostCsr<T, I>{3, 2, {0, 0, 0, 0}, {}, {}});
    const auto flipped = rtcg::transpose(none).get();
    CHECK(flipped.rows == 2);
    CHECK(flipped.row_offsets == std::vector<I>{0, 0, 0});
}
