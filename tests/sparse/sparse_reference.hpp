#pragma once
// Host references for the sparse tests: a CSR product, conjugate gradients, the test matrices
// (random triplets with duplicates, empty rows, one dense row among empty ones, no entries) and
// comparisons with a tolerance for each value type.
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rtcg::test {

template <class T>
struct Real {
    using type = T;
};
template <class T>
struct Real<std::complex<T>> {
    using type = T;
};
template <class T>
using real_t = typename Real<T>::type;

// `re` (+ `im` i) as T.
template <class T>
T make(double re, double im = 0) {
    if constexpr (std::is_floating_point_v<T>)
        return static_cast<T>(re);
    else
        return T(static_cast<real_t<T>>(re), static_cast<real_t<T>>(im));
}

// Three unknowns per node of an m x m grid, coupled strongly within a node (s (I + 10 1 1^T) + 4 I,
// s from 1 to 41, plus 0.5 s i K for complex T, K antisymmetric with 1 above its diagonal) and by
// -1 to the same unknown of the neighbouring nodes: symmetric (Hermitian) positive definite (the
// node's block has eigenvalues of at least s + 4 - 0.5 s |K| > 4 + 0.1 s, the coupling at least
// -4), and what block-Jacobi with blocks of 3 helps with where Jacobi cannot.
template <class T>
HostCsr<T, std::int32_t> coupled_nodes(std::size_t m) {
    const std::size_t nodes = m * m, rows = 3 * nodes;
    HostCsr<T, std::int32_t> a{rows, rows, {0}, {}, {}};
    for (std::size_t node = 0; node < nodes; ++node) {
        const double scale = 1.0 + static_cast<double>(node * 7 % 5) * 10;
        const std::size_t i = node / m, j = node % m;
        for (std::size_t c = 0; c < 3; ++c) {
            std::vector<std::pair<std::size_t, T>> entries;
            for (std::size_t d = 0; d < 3; ++d)
                entries.emplace_back(3 * node + d,
                                     make<T>(scale * ((c == d) + 10.0) + (c == d) * 4.0, 0.5 * scale *
                                                                                             (d > c   ? 1.0
                                                                                              : d < c ? -1.0
                                                                                                      : 0.0)));
            if (i > 0) entries.emplace_back(3 * (node - m) + c, T(-1));
            if (i + 1 < m) entries.emplace_back(3 * (node + m) + c, T(-1));
            if (j > 0) entries.emplace_back(3 * (node - 1) + c, T(-1));
            if (j + 1 < m) entries.emplace_back(3 * (node + 1) + c, T(-1));
            std::sort(entries.begin(), entries.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
            for (const auto& [column, value] : entries) {
                a.col_indices.push_back(static_cast<std::int32_t>(column));
                a.values.push_back(value);
            }
            a.row_offsets.push_back(static_cast<std::int32_t>(a.values.size()));
        }
    }
    return a;
}

// y = alpha A x + beta y, summed in long double (or its complex) per row; beta 0 ignores y.
template <class T, class I>
std::vector<T> host_spmv(const HostCsr<T, I>& a, T alpha, const std::vector<T>& x, T beta, std::vector<T> y) {
    for (std::size_t r = 0; r < a.rows; ++r) {
        std::complex<long double> sum = 0;
        for (auto k = static_cast<std::size_t>(a.row_offsets[r]); k < static_cast<std::size_t>(a.row_offsets[r + 1]);
             ++k)
            sum += std::complex<long double>(a.values[k]) *
                   std::complex<long double>(x[static_cast<std::size_t>(a.col_indices[k])]);
        std::complex<long double> result = std::complex<long double>(alpha) * sum;
        if (beta != T(0)) result += std::complex<long double>(beta) * std::complex<long double>(y[r]);
        if constexpr (std::is_floating_point_v<T>)
            y[r] = static_cast<T>(result.real());
        else
            y[r] = T(static_cast<real_t<T>>(result.real()), static_cast<real_t<T>>(result.imag()));
    }
    return y;
}

// Whether every element of `got` is within a tolerance of `expected`, relative to `scale`.
template <class T>
void check_close(const std::vector<T>& got, const std::vector<T>& expected, double scale, double epsilon) {
    REQUIRE(got.size() == expected.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
        INFO("element " << k);
        REQUIRE(std::abs(std::complex<double>(got[k]) - std::complex<double>(expected[k])) <= epsilon * scale);
    }
}

// Whether `got` has the shape and the very arrays of `expected`.
template <class T, class I>
void check_same_csr(const HostCsr<T, I>& got, const HostCsr<T, I>& expected) {
    CHECK(got.rows == expected.rows);
    CHECK(got.cols == expected.cols);
    REQUIRE(got.row_offsets == expected.row_offsets);
    REQUIRE(got.col_indices == expected.col_indices);
    CHECK(got.values == expected.values);
}

// The precision of T's real part.
template <class T>
double epsilon_of() {
    return std::is_same_v<real_t<T>, float> ? 1e-5 : 1e-12;
}

template <class T>
std::vector<T> random_values(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(-1, 1);
    std::vector<T> values(n);
    for (auto& v : values) v = make<T>(uniform(random), uniform(random));
    return values;
}

// `entries` triplets in random order with many duplicates, none in the rows `empty_every`
// divides (0: none empty).
template <class T, class I>
HostCoo<T, I> random_coo(std::size_t rows, std::size_t cols, std::size_t entries, std::size_t empty_every,
                         std::uint64_t seed) {
    std::mt19937_64 random(seed);
    HostCoo<T, I> coo{rows, cols, {}, {}, random_values<T>(entries, seed + 1)};
    for (std::size_t k = 0; k < entries; ++k) {
        std::size_t r = random() % rows;
        if (empty_every != 0 && r % empty_every == 0) r = (r + 1) % rows;
        coo.row.push_back(static_cast<I>(r));
        coo.col.push_back(static_cast<I>(random() % cols));
    }
    return coo;
}

// Row `dense` full, every other row empty.
template <class T, class I>
HostCoo<T, I> one_dense_row(std::size_t rows, std::size_t cols, std::size_t dense) {
    HostCoo<T, I> coo{rows, cols, {}, {}, {}};
    for (std::size_t c = cols; c-- > 0;) {
        coo.row.push_back(static_cast<I>(dense));
        coo.col.push_back(static_cast<I>(c));
        coo.values.push_back(make<T>(1.0 + static_cast<double>(c % 7), static_cast<double>(c % 3)));
    }
    return coo;
}

// ||b - A x|| on the host, in long double (complex for complex T).
template <class T, class I>
double residual_norm(const HostCsr<T, I>& a, const std::vector<T>& b, const std::vector<T>& x) {
    using Wide = std::complex<long double>;
    long double sum = 0;
    for (std::size_t r = 0; r < a.rows; ++r) {
        Wide ax = 0;
        for (auto k = static_cast<std::size_t>(a.row_offsets[r]); k < static_cast<std::size_t>(a.row_offsets[r + 1]);
             ++k)
            ax += Wide(a.values[k]) * Wide(x[static_cast<std::size_t>(a.col_indices[k])]);
        sum += std::norm(Wide(b[r]) - ax);
    }
    return static_cast<double>(std::sqrt(sum));
}

inline double norm(const std::vector<double>& v) {
    double sum = 0;
    for (const double e : v) sum += e * e;
    return std::sqrt(sum);
}

// Conjugate gradients on the host in long double, from x = 0: the iterations it needs until
// ||r|| <= tolerance, or `limit`.
template <class T, class I>
std::size_t host_cg_iterations(const HostCsr<T, I>& a, const std::vector<T>& b, long double tolerance,
                               std::size_t limit) {
    const std::size_t n = a.rows;
    std::vector<long double> x(n, 0), r(b.begin(), b.end()), p = r, q(n);
    auto dot = [&](const std::vector<long double>& u, const std::vector<long double>& v) {
        long double s = 0;
        for (std::size_t k = 0; k < n; ++k) s += u[k] * v[k];
        return s;
    };
    long double rr = dot(r, r);
    for (std::size_t it = 0; it < limit; ++it) {
        if (std::sqrt(rr) <= tolerance) return it;
        for (std::size_t row = 0; row < n; ++row) {
            long double s = 0;
            for (auto k = static_cast<std::size_t>(a.row_offsets[row]);
                 k < static_cast<std::size_t>(a.row_offsets[row + 1]); ++k)
                s += static_cast<long double>(a.values[k]) * p[static_cast<std::size_t>(a.col_indices[k])];
            q[row] = s;
        }
        const long double alpha = rr / dot(p, q);
        for (std::size_t k = 0; k < n; ++k) {
            x[k] += alpha * p[k];
            r[k] -= alpha * q[k];
        }
        const long double rr_new = dot(r, r);
        for (std::size_t k = 0; k < n; ++k) p[k] = r[k] + rr_new / rr * p[k];
        rr = rr_new;
    }
    return limit;
}

} // namespace rtcg::test
