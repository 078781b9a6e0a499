// ELL and SELL-C-sigma matrices as user types: CSR to each layout on the device against layouts
// built here from the definitions in ell.hpp and sell.hpp, bit for bit; back to CSR; hand-made
// layouts with padding amid a row and a column named twice; products planned from each layout;
// the checks of bad layouts.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/sell.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <numeric>
#include <vector>

using rtcg::Array;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

template <class T, class I>
std::size_t row_length(const rtcg::HostCsr<T, I>& a, std::size_t r) {
    return static_cast<std::size_t>(a.row_offsets[r + 1] - a.row_offsets[r]);
}

// The ELL layout of ell.hpp: width the longest row, slot k of row r at k rows + r.
template <class T, class I>
rtcg::HostEll<T, I> reference_ell(const rtcg::HostCsr<T, I>& a) {
    std::size_t width = 0;
    for (std::size_t r = 0; r < a.rows; ++r) width = std::max(width, row_length(a, r));
    rtcg::HostEll<T, I> ell{a.rows, a.cols, width, std::vector<I>(a.rows * width, -1),
                            std::vector<T>(a.rows * width, T(0))};
    for (std::size_t r = 0; r < a.rows; ++r)
        for (std::size_t k = 0; k < row_length(a, r); ++k) {
            const auto e = static_cast<std::size_t>(a.row_offsets[r]) + k;
            ell.col_indices[k * a.rows + r] = a.col_indices[e];
            ell.values[k * a.rows + r] = a.values[e];
        }
    return ell;
}

// The SELL-C-sigma layout of sell.hpp: rows sorted longest first (ties in row order) within
// windows, slices of `height` padded to their longest row, entry k of position p at
// slice_offsets[p / height] + k height + p % height.
template <class T, class I>
rtcg::HostSell<T, I> reference_sell(const rtcg::HostCsr<T, I>& a, std::size_t height, std::size_t window) {
    rtcg::HostSell<T, I> sell{a.rows, a.cols, height, std::vector<I>(a.rows), {0}, {}, {}};
    std::iota(sell.row_order.begin(), sell.row_order.end(), I{0});
    for (std::size_t first = 0; first < a.rows; first += window)
        std::stable_sort(
            sell.row_order.begin() + static_cast<std::ptrdiff_t>(first),
            sell.row_order.begin() + static_cast<std::ptrdiff_t>(std::min(a.rows, first + window)), [&](I x, I y) {
                return row_length(a, static_cast<std::size_t>(x)) > row_length(a, static_cast<std::size_t>(y));
            });
    const std::size_t slices = (a.rows + height - 1) / height;
    for (std::size_t s = 0; s < slices; ++s) {
        std::size_t width = 0;
        for (std::size_t p = s * height; p < std::min(a.rows, (s + 1) * height); ++p)
            width = std::max(width, row_length(a, static_cast<std::size_t>(sell.row_order[p])));
        const auto base = static_cast<std::size_t>(sell.slice_offsets.back());
        sell.slice_offsets.push_back(static_cast<std::int64_t>(base + width * height));
        sell.col_indices.resize(base + width * height, I{-1});
        sell.values.resize(base + width * height, T(0));
        for (std::size_t p = s * height; p < std::min(a.rows, (s + 1) * height); ++p) {
            const auto r = static_cast<std::size_t>(sell.row_order[p]);
            for (std::size_t k = 0; k < row_length(a, r); ++k) {
                const auto e = static_cast<std::size_t>(a.row_offsets[r]) + k;
                sell.col_indices[base + k * height + p % height] = a.col_indices[e];
                sell.values[base + k * height + p % height] = a.values[e];
            }
        }
    }
    return sell;
}

// `host` to ELL and to SELL (two layouts) and back, against the references; then products planned
// from each layout, against the host's.
template <class T, class I>
void converts_and_multiplies(const rtcg::HostCsr<T, I>& host) {
    const auto a = rtcg::CsrMatrix<T, I>::to_device(context(), host);

    const rtcg::EllMatrix<T, I> ell = rtcg::to_ell(a);
    const rtcg::HostEll<T, I> ell_host = ell.get();
    const rtcg::HostEll<T, I> ell_expected = reference_ell(host);
    CHECK(ell_host.rows == host.rows);
    CHECK(ell_host.cols == host.cols);
    CHECK(ell_host.width == ell_expected.width);
    CHECK(ell_host.col_indices == ell_expected.col_indices);
    CHECK(ell_host.values == ell_expected.values);
    rtcg::test::check_same_csr(rtcg::to_csr(ell).get(), host);

    for (const auto& [height, window] : std::vector<std::pair<std::size_t, std::size_t>>{{4, 10}, {32, 0}}) {
        CAPTURE(height);
        const rtcg::SellMatrix<T, I> sell = rtcg::to_sell(a, {.slice_height = height, .sort_window = window});
        const rtcg::HostSell<T, I> sell_host = sell.get();
        const rtcg::HostSell<T, I> sell_expected = reference_sell(host, height, window != 0 ? window : 64 * height);
        CHECK(sell.slice_height() == height);
        CHECK(sell.slices() == (host.rows + height - 1) / height);
        CHECK(sell_host.row_order == sell_expected.row_order);
        CHECK(sell_host.slice_offsets == sell_expected.slice_offsets);
        CHECK(sell_host.col_indices == sell_expected.col_indices);
        CHECK(sell_host.values == sell_expected.values);
        rtcg::test::check_same_csr(rtcg::to_csr(sell).get(), host);
    }

    const auto x_host = rtcg::test::random_values<T>(host.cols, 5);
    const auto y_host = rtcg::test::random_values<T>(host.rows, 6);
    const auto expected = rtcg::test::host_spmv(host, T(2), x_host, T(-1), y_host);
    const auto x = Array<T>::to_device(context(), x_host);
    double scale = 4;
    for (const T& v : host.values) scale = std::max(scale, std::abs(std::complex<double>(v)) * 4);
    scale *= std::max<double>(1.0, std::sqrt(static_cast<double>(host.cols)));
    {
        const rtcg::Spmv<T, I> product(ell);
        CHECK(product.format() == rtcg::SpmvFormat::ell);
        CHECK(product.statistics().nnz == host.nnz());
        CHECK(product.statistics().longest == ell_expected.width);
        const auto y = Array<T>::to_device(context(), y_host);
        product(T(2), x, T(-1), y);
        rtcg::test::check_close(y.get(), expected, scale, rtcg::test::epsilon_of<T>());
    }
    {
        const rtcg::SellMatrix<T, I> sell = rtcg::to_sell(a, {.slice_height = 8});
        const rtcg::Spmv<T, I> product(sell);
        CHECK(product.format() == rtcg::SpmvFormat::sell);
        CHECK(product.statistics().nnz == host.nnz());
        const auto y = Array<T>::to_device(context(), y_host);
        product(T(2), x, T(-1), y);
        rtcg::test::check_close(y.get(), expected, scale, rtcg::test::epsilon_of<T>());
        // The one-call form takes the layouts too.
        const auto z = Array<T>::to_device(context(), y_host);
        rtcg::spmv(T(2), sell, x, T(-1), z);
        rtcg::test::check_close(z.get(), expected, scale, rtcg::test::epsilon_of<T>());
    }
}

} // namespace

TEST_CASE_TEMPLATE("CSR to ELL and SELL-C-sigma and back on the device, and products from each layout", P,
                   std::pair<float, std::int32_t>, std::pair<double, std::int64_t>,
                   std::pair<std::complex<float>, std::int64_t>, std::pair<std::complex<double>, std::int32_t>) {
    using T = typename P::first_type;
    using I = typename P::second_type;
    SUBCASE("irregular rows, some empty, duplicates summed") {
        converts_and_multiplies(rtcg::host_to_csr(rtcg::test::random_coo<T, I>(203, 150, 1500, 4, 8)));
    }
    SUBCASE("one dense row among empty ones") {
        converts_and_multiplies(rtcg::host_to_csr(rtcg::test::one_dense_row<T, I>(70, 300, 33)));
    }
    SUBCASE("a 2-D Poisson matrix") { converts_and_multiplies(rtcg::poisson_2d<T, I>(9)); }
    SUBCASE("no entries, no rows, no columns") {
        converts_and_multiplies(rtcg::HostCsr<T, I>{20, 10, std::vector<I>(21, 0), {}, {}});
        converts_and_multiplies(rtcg::HostCsr<T, I>{0, 3, {0}, {}, {}});
        converts_and_multiplies(rtcg::HostCsr<T, I>{5, 0, std::vector<I>(6, 0), {}, {}});
    }
}

TEST_CASE("Layouts made by hand: padding amid a row, a column named twice, values changed in place") {
    // Three rows, width 3, slot-major. Row 0: (0, 1.0), padding, (2, 2.0). Row 1: padding only.
    // Row 2: (1, 3.0), (1, 4.0) (column 1 twice), padding.
    const rtcg::HostEll<double, std::int32_t> host{
        3, 3, 3, {0, -1, 1, -1, -1, 1, 2, -1, -1}, {1.0, 0.0, 3.0, 0.0, 0.0, 4.0, 2.0, 0.0, 0.0}};
    const auto ell = rtcg::EllMatrix<double, std::int32_t>::to_device(context(), host);
    const auto csr = rtcg::to_csr(ell).get();
    CHECK(csr.row_offsets == std::vector<std::int32_t>{0, 2, 2, 4});
    CHECK(csr.col_indices == std::vector<std::int32_t>{0, 2, 1, 1});
    CHECK(csr.values == std::vector<double>{1.0, 2.0, 3.0, 4.0});

    const rtcg::Spmv<double, std::int32_t> product(ell);
    CHECK(product.statistics().nnz == 4);
    const auto x = Array<double>::to_device(context(), std::vector<double>{1.0, 10.0, 100.0});
    const auto y = Array<double>::zeros(context(), 3);
    product(1.0, x, 0.0, y);
    CHECK(y.get() == std::vector<double>{201.0, 0.0, 70.0});
    // The plan multiplies the layout's own arrays.
    ell.values().fill(1.0);
    product(1.0, x, 0.0, y);
    CHECK(y.get() == std::vector<double>{101.0, 0.0, 20.0});

    // SELL with slices of two: positions (row 2, row 0 | row 1); slice 0 two wide, slice 1 empty.
    const rtcg::HostSell<float, std::int64_t> sell_host{
        3, 4, 2, {2, 0, 1}, {0, 4, 4}, {3, -1, -1, 0}, {5.0f, 0.0f, 0.0f, 6.0f}};
    const auto sell = rtcg::SellMatrix<float, std::int64_t>::to_device(context(), sell_host);
    const auto back = rtcg::to_csr(sell).get();
    CHECK(back.row_offsets == std::vector<std::int64_t>{0, 1, 1, 2});
    CHECK(back.col_indices == std::vector<std::int64_t>{0, 3});
    CHECK(back.values == std::vector<float>{6.0f, 5.0f});
    const auto u = Array<float>::to_device(context(), std::vector<float>{1.0f, 2.0f, 3.0f, 4.0f});
    const auto v = Array<float>::full(context(), 3, 1.0f);
    const rtcg::Spmv<float, std::int64_t> sell_product(sell);
    sell_product(1.0f, u, 2.0f, v);
    CHECK(v.get() == std::vector<float>{8.0f, 2.0f, 22.0f});
}

TEST_CASE("Bad ELL and SELL layouts are refused, naming the fault") {
    using Ell = rtcg::HostEll<float, std::int32_t>;
    auto ell_refused = [](const Ell& ell) {
        return message_of<rtcg::InvalidArgument>(
            [&] { (void)rtcg::EllMatrix<float, std::int32_t>::to_device(context(), ell); });
    };
    CHECK(contains(ell_refused(Ell{2, 2, 2, {0, 1, -1}, {1, 2, 3}}), "needs 4 columns and values, not 3 and 3"));
    CHECK(contains(ell_refused(Ell{2, 2, 1, {0, -2}, {1, 2}}), "slot 1 has column -2, neither -1 (padding)"));
    CHECK(contains(ell_refused(Ell{2, 2, 1, {2, 0}, {1, 2}}), "slot 0 has column 2"));
    CHECK(contains(ell_refused(Ell{std::size_t{1} << 31, 2, 0, {}, {}}), "does not fit its 32-bit indices"));
    CHECK(contains(ell_refused(Ell{std::size_t{1} << 30, 2, std::size_t{1} << 40, {}, {}}),
                   "more slots than size_t counts"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([] {
                       (void)rtcg::EllMatrix<float, std::int32_t>::from_arrays(
                           3, 3, 2, Array<std::int32_t>::zeros(context(), 6), Array<float>::zeros(context(), 5));
                   }),
                   "needs 6 columns and values, not 6 and 5"));

    using Sell = rtcg::HostSell<float, std::int32_t>;
    auto sell_refused = [](const Sell& sell) {
        return message_of<rtcg::InvalidArgument>(
            [&] { (void)rtcg::SellMatrix<float, std::int32_t>::to_device(context(), sell); });
    };
    const Sell good{3, 3, 2, {1, 0, 2}, {0, 2, 4}, {0, 1, 2, -1}, {1, 2, 3, 0}};
    CHECK(rtcg::SellMatrix<float, std::int32_t>::to_device(context(), good).get().col_indices == good.col_indices);
    auto with = [&](auto change) {
        Sell bad = good;
        change(bad);
        return sell_refused(bad);
    };
    CHECK(contains(with([](Sell& s) { s.slice_height = 3; }), "slice height must be a power of two up to 1024, not 3"));
    CHECK(contains(with([](Sell& s) { s.row_order = {1, 1, 2}; }), "position 1 holds row 1, named before"));
    CHECK(contains(with([](Sell& s) { s.row_order = {0, 3, 2}; }), "position 1 holds row 3, outside the rows"));
    CHECK(contains(with([](Sell& s) { s.row_order = {0, 1}; }), "needs as many row positions, not 2"));
    CHECK(contains(with([](Sell& s) { s.slice_offsets = {0, 2}; }), "need 3 slice offsets, not 2"));
    CHECK(contains(with([](Sell& s) { s.slice_offsets = {1, 2, 4}; }), "slice_offsets[0] must be 0"));
    CHECK(contains(with([](Sell& s) { s.slice_offsets = {0, 3, 4}; }), "slice 0 spans slots 0 to 3"));
    CHECK(contains(with([](Sell& s) { s.slice_offsets = {0, 4, 2}; }), "slice 1 spans slots 4 to 2"));
    CHECK(contains(with([](Sell& s) { s.values.pop_back(); }), "hold 4 slots, but there are 4 columns and 3 values"));
    CHECK(contains(with([](Sell& s) { s.col_indices[2] = 3; }), "slot 2 has column 3"));

    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), rtcg::poisson_2d<float, std::int32_t>(4));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { (void)rtcg::to_sell(a, {.slice_height = 48}); }),
                   "slice height must be a power of two up to 1024, not 48"));
}
