#include "reference_dft.hpp"

#include <cmath>
#include <numbers>

namespace rtcg::test::fft {

std::vector<Exact> roots_of_unity(std::size_t n, int sign) {
    std::vector<Exact> roots(n);
    for (std::size_t m = 0; m < n; ++m) {
        const long double angle = 2 * std::numbers::pi_v<long double> * static_cast<long double>(m) /
                                  static_cast<long double>(n);
        roots[m] = {std::cos(angle), sign * std::sin(angle)};
    }
    return roots;
}

namespace {

// X_k from the roots of unity of x's length: the one sum both transforms below are made of.
Exact dft_term(const std::vector<Exact>& x, const std::vector<Exact>& roots, std::size_t k) {
    const std::size_t n = x.size();
    Exact sum = 0;
    std::size_t m = 0; // j k mod n, stepped
    for (std::size_t j = 0; j < n; ++j) {
        sum += x[j] * roots[m];
        m += k;
        if (m >= n) m -= n;
    }
    return sum;
}

} // namespace

std::vector<Exact> dft(const std::vector<Exact>& x, int sign) {
    const std::vector<Exact> roots = roots_of_unity(x.size(), sign);
    std::vector<Exact> result(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) result[k] = dft_term(x, roots, k);
    return result;
}

std::vector<Exact> dft_at(const std::vector<Exact>& x, const std::vector<std::size_t>& at, int sign) {
    const std::vector<Exact> roots = roots_of_unity(x.size(), sign);
    std::vector<Exact> result;
    result.reserve(at.size());
    for (const std::size_t k : at) result.push_back(dft_term(x, roots, k));
    return result;
}

void dft_along(std::vector<Exact>& data, const std::vector<std::size_t>& shape, std::size_t axis, int sign) {
    std::size_t inner = 1, outer = 1;
    for (std::size_t a = axis + 1; a < shape.size(); ++a) inner *= shape[a];
    for (std::size_t a = 0; a < axis; ++a) outer *= shape[a];
    const std::size_t n = shape[axis];
    std::vector<Exact> line(n);
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t i = 0; i < inner; ++i) {
            for (std::size_t j = 0; j < n; ++j) line[j] = data[(o * n + j) * inner + i];
            const std::vector<Exact> transformed = dft(line, sign);
            for (std::size_t j = 0; j < n; ++j) data[(o * n + j) * inner + i] = transformed[j];
        }
}

} // namespace rtcg::test::fft
