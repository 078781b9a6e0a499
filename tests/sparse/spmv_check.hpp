#pragma once
// The SpMV tests' checks: a planned product against the host's, with beta and with beta 0 over a y
// of NaN (which the product must not read); the solvers' product with its fused dot product.
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"

#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace rtcg::test {

// The product with alpha 2, beta -0.5, then with beta 0 over a y of NaN, against the host; the
// plan's format checked against `expected_format` where one is given.
template <class T, class I>
void multiplies_like_the_host(const HostCsr<T, I>& host, const SpmvOptions& options = {},
                              std::optional<SpmvFormat> expected_format = {}) {
    const auto a = CsrMatrix<T, I>::to_device(context(), host);
    const Spmv<T, I> product(a, options);
    if (expected_format) CHECK(product.format() == *expected_format);
    const auto x_host = random_values<T>(host.cols, 21);
    const auto y_host = random_values<T>(host.rows, 22);
    const auto x = Array<T>::to_device(context(), x_host);
    const auto y = Array<T>::to_device(context(), y_host);
    const T alpha = make<T>(2, 0.5);
    const T beta = make<T>(-0.5);
    product(alpha, x, beta, y);
    // Each row's error grows with its length and its values (|values| <= 26 in the stencils).
    double scale = 4;
    for (const T& v : host.values) scale = std::max(scale, std::abs(std::complex<double>(v)) * 4);
    const double rows_scale = scale * std::max<double>(1.0, std::sqrt(static_cast<double>(host.cols)));
    check_close(y.get(), host_spmv(host, alpha, x_host, beta, y_host), rows_scale, epsilon_of<T>());

    const auto nan = Array<T>::to_device(context(),
                                         std::vector<T>(host.rows, make<T>(std::numeric_limits<double>::quiet_NaN())));
    product(make<T>(1), x, T(0), nan);
    check_close(nan.get(), host_spmv(host, make<T>(1), x_host, T(0), y_host), rows_scale, epsilon_of<T>());
}

// The matrices every format is checked on (multiplies_every_kind_of_matrix), and how.
struct EveryKindOfMatrix {
    SpmvOptions options;            // the plans' options
    SpmvFormat format;              // the format every plan must have
    std::size_t dense_row_columns;  // the length of the one dense row among empty ones
    bool power_law_automatic = false; // the power-law matrices planned with default options:
                                      // the automatic choice must be `format`
};

// multiplies_like_the_host, one SUBCASE each, on an R-MAT power-law graph, one dense row among
// empty ones, a 2-D Poisson matrix, a random banded matrix, irregular rows (some empty), a single
// row, more than 2^16 rows of few entries, and matrices of no entries, no rows and no columns.
template <class T, class I>
void multiplies_every_kind_of_matrix(const EveryKindOfMatrix& kinds) {
    const SpmvOptions power_law = kinds.power_law_automatic ? SpmvOptions{} : kinds.options;
    const auto check = [&](const HostCsr<T, I>& host, const SpmvOptions& options) {
        multiplies_like_the_host(host, options, kinds.format);
    };
    SUBCASE("an R-MAT power-law graph") { check(rmat<T, I>(11, 8, 3), power_law); }
    SUBCASE("one dense row among empty ones") {
        check(host_to_csr(one_dense_row<T, I>(300, kinds.dense_row_columns, 150)), power_law);
    }
    SUBCASE("a 2-D Poisson matrix") { check(poisson_2d<T, I>(23), kinds.options); }
    SUBCASE("a random banded matrix") { check(random_banded<T, I>(1500, 9, 0.5, 4), kinds.options); }
    SUBCASE("irregular rows, some empty") { check(host_to_csr(random_coo<T, I>(900, 800, 12000, 5, 3)), kinds.options); }
    SUBCASE("a single row") { check(host_to_csr(random_coo<T, I>(1, 4000, 6000, 0, 5)), kinds.options); }
    SUBCASE("more than 2^16 rows of few entries") {
        check(host_to_csr(random_coo<T, I>(70000, 500, 3000, 0, 7)), kinds.options);
    }
    SUBCASE("no entries, no rows, no columns") {
        check(HostCsr<T, I>{40, 30, std::vector<I>(41, 0), {}, {}}, kinds.options);
        check(HostCsr<T, I>{0, 3, {0}, {}, {}}, kinds.options);
        check(HostCsr<T, I>{40, 0, std::vector<I>(41, 0), {}, {}}, kinds.options);
    }
}

// The transposed product of `host` planned with `options` (transpose set here), against the host's
// product with the transposed copy; the plan's format checked where `options` names one.
inline void transposes_like_the_host(const HostCsr<double, std::int32_t>& host, SpmvOptions options) {
    options.transpose = true;
    HostCoo<double, std::int32_t> swapped{host.cols, host.rows, {}, {}, host.values};
    for (std::size_t r = 0; r < host.rows; ++r)
        for (auto k = host.row_offsets[r]; k < host.row_offsets[r + 1]; ++k) {
            swapped.row.push_back(host.col_indices[static_cast<std::size_t>(k)]);
            swapped.col.push_back(static_cast<std::int32_t>(r));
        }
    const Spmv<double, std::int32_t> transposed(CsrMatrix<double, std::int32_t>::to_device(context(), host), options);
    if (options.format) CHECK(transposed.format() == *options.format);
    const auto x_host = random_values<double>(host.rows, 1);
    const auto y_host = random_values<double>(host.cols, 2);
    const auto y = Array<double>::to_device(context(), y_host);
    transposed(3.0, Array<double>::to_device(context(), x_host), 0.5, y);
    check_close(y.get(), host_spmv(host_to_csr(swapped), 3.0, x_host, 0.5, y_host), 1000, 1e-12);
}

// A square matrix's CsrOperator planned with `options`: apply_and_dot's y against the host's, and
// its dot shares, which sum to x . (the new y) and stay within [first, first + dot_shares()).
template <class T, class I>
void folds_the_dot_like_the_host(const HostCsr<T, I>& host, const SpmvOptions& options) {
    const CsrOperator<T, I> op(CsrMatrix<T, I>::to_device(context(), host), options);
    if (options.format) CHECK(op.plan().format() == *options.format);
    const auto x_host = random_values<T>(host.rows, 11);
    const auto y_host = random_values<T>(host.rows, 12);
    const auto x = Array<T>::to_device(context(), x_host);
    const auto y = Array<T>::to_device(context(), y_host);
    const std::size_t first = 3;
    const auto partials = Array<T>::full(context(), first + op.dot_shares() + 2, T(1000));
    op.apply_and_dot(T(2), x, T(-1), y, partials, first);

    const auto expected = host_spmv(host, T(2), x_host, T(-1), y_host);
    double scale = 4;
    for (const T& v : host.values) scale = std::max(scale, std::abs(static_cast<double>(v)) * 4);
    check_close(y.get(), expected, scale * std::sqrt(static_cast<double>(host.rows)), epsilon_of<T>());
    const std::vector<T> shares = partials.get();
    long double got = 0, want = 0, magnitude = 0;
    for (std::size_t k = 0; k < op.dot_shares(); ++k) got += shares[first + k];
    for (std::size_t r = 0; r < host.rows; ++r) {
        want += static_cast<long double>(x_host[r]) * expected[r];
        magnitude += std::abs(static_cast<long double>(x_host[r]) * expected[r]);
    }
    CHECK(static_cast<double>(std::abs(got - want)) <= epsilon_of<T>() * 16 * static_cast<double>(magnitude));
    CHECK(shares[first - 1] == T(1000));
    CHECK(shares[first + op.dot_shares()] == T(1000));
}

} // namespace rtcg::test
