// rfftn / irfftn and rfft2 / irfft2 against long-double DFTs applied axis by axis: even and odd
// last extents, axes that do not end with the array's last, numpy's `s` cropping and padding the
// spectrum, the norms, the caller's spectrum left as it was, and the typed errors of bad input.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "reference_dft.hpp"

#include <rtcg/fft.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <numeric>
#include <string>
#include <vector>

namespace {

using namespace rtcg::test::fft;
using rtcg::fft::Norm;
using Complex = std::complex<float>;

std::size_t count(const std::vector<std::size_t>& shape) {
    return std::accumulate(shape.begin(), shape.end(), std::size_t{1}, std::multiplies<>());
}

// The strides of a C-ordered array of `shape`, in elements.
std::vector<std::size_t> strides_of(const std::vector<std::size_t>& shape) {
    std::vector<std::size_t> strides(shape.size(), 1);
    for (std::size_t a = shape.size(); a-- > 1;) strides[a - 1] = strides[a] * shape[a];
    return strides;
}

// A C-ordered array of `from` shape copied into one of `to` shape: each axis cropped, or
// zero-padded at its end.
std::vector<Exact> resized(const std::vector<Exact>& data, const std::vector<std::size_t>& from,
                           const std::vector<std::size_t>& to) {
    std::vector<Exact> result(count(to), Exact(0));
    const std::vector<std::size_t> from_strides = strides_of(from);
    const std::vector<std::size_t> to_strides = strides_of(to);
    for (std::size_t k = 0; k < result.size(); ++k) {
        std::size_t source = 0;
        bool inside = true;
        for (std::size_t a = 0; a < to.size(); ++a) {
            const std::size_t i = k / to_strides[a] % to[a];
            inside = inside && i < from[a];
            source += i * from_strides[a];
        }
        if (inside) result[k] = data[source];
    }
    return result;
}

// numpy's rfftn over `axes` of real `points`: the full DFT over them, the first n / 2 + 1 entries
// of the last one kept.
std::vector<Exact> rfftn_reference(const std::vector<float>& points, const std::vector<std::size_t>& shape,
                                   const std::vector<std::size_t>& axes) {
    std::vector<Exact> data(points.begin(), points.end());
    for (const std::size_t axis : axes) dft_along(data, shape, axis, -1);
    std::vector<std::size_t> half = shape;
    half[axes.back()] = shape[axes.back()] / 2 + 1;
    return resized(data, shape, half);
}

// numpy's irfftn to `out` extents along `axes` (the last axis of them last) of `spectrum`: cropped or
// padded along the others, inverse DFTs there, then along the last axis the Hermitian line of n
// points its first entries define (imaginary parts of the zero and n / 2 frequencies dropped).
std::vector<Exact> irfftn_reference(const std::vector<Complex>& spectrum, const std::vector<std::size_t>& shape,
                                    const std::vector<std::size_t>& axes, const std::vector<std::size_t>& out) {
    std::vector<std::size_t> padded = shape;
    for (std::size_t i = 0; i + 1 < axes.size(); ++i) padded[axes[i]] = out[i];
    std::vector<Exact> data = resized(exact(spectrum), shape, padded);
    for (std::size_t i = 0; i + 1 < axes.size(); ++i) dft_along(data, padded, axes[i], +1);
    const std::size_t last = axes.back(), m = padded[last], n = out.back();
    std::vector<std::size_t> full = padded;
    full[last] = n;
    std::vector<Exact> lines = resized(data, padded, full);
    const std::size_t inner = strides_of(full)[last];
    const std::size_t kept = std::min(m, n / 2 + 1);
    for (std::size_t start = 0; start < lines.size(); ++start) {
        if (start / inner % n != 0) continue; // one line per (outer, inner) pair
        const auto at = [&](std::size_t k) -> Exact& { return lines[start + k * inner]; };
        for (std::size_t k = kept; k < n; ++k) at(k) = 0;
        for (std::size_t k = 1; k < kept && n - k >= kept; ++k) at(n - k) = std::conj(at(k));
        at(0) = at(0).real();
        if (n % 2 == 0 && kept == n / 2 + 1) at(n / 2) = at(n / 2).real();
    }
    dft_along(lines, full, last, +1);
    long double scale = 1;
    for (const std::size_t extent : out) scale *= static_cast<long double>(extent);
    for (Exact& value : lines) value = value.real() / scale;
    return lines;
}

std::vector<float> real_points(std::size_t n, unsigned seed) {
    const std::vector<Complex> random = random_points<float>(n, seed);
    std::vector<float> points(n);
    for (std::size_t k = 0; k < n; ++k) points[k] = random[k].real();
    return points;
}

std::vector<Complex> widened(const std::vector<float>& x) { return std::vector<Complex>(x.begin(), x.end()); }

} // namespace

TEST_CASE("rfftn and irfftn over every axis, even and odd last extents") {
    const auto& ctx = rtcg::test::context();
    for (const std::vector<std::size_t>& shape :
         {std::vector<std::size_t>{4, 6, 10}, std::vector<std::size_t>{3, 5, 7}, std::vector<std::size_t>{12}}) {
        INFO("shape ", shape.size(), "-d, last extent ", shape.back());
        const std::vector<float> points = real_points(count(shape), 21);
        const auto x = rtcg::Array<float>::to_device(ctx, points, shape);
        std::vector<std::size_t> axes(shape.size());
        std::iota(axes.begin(), axes.end(), std::size_t{0});
        const auto spectrum = rtcg::fft::rfftn(x);
        std::vector<std::size_t> half = shape;
        half.back() = shape.back() / 2 + 1;
        REQUIRE(spectrum.shape() == half);
        const double bound = error_bound<float>(count(shape));
        CHECK(relative_error(spectrum.get(), rfftn_reference(points, shape, axes)) <= bound);
        // Back to the real points, with the last extent named (an odd one cannot be inferred).
        const std::vector<float> back = rtcg::fft::irfftn(spectrum, shape).get();
        CHECK(relative_error(widened(back), exact(widened(points))) <= 2 * bound);
    }
}

TEST_CASE("rfft2 and irfft2 over chosen axes, norms, and s cropping and padding the spectrum") {
    const auto& ctx = rtcg::test::context();
    const std::vector<std::size_t> shape{6, 5, 8};
    const std::vector<float> points = real_points(count(shape), 22);
    const auto x = rtcg::Array<float>::to_device(ctx, points, shape);
    const double bound = error_bound<float>(count(shape));

    // Axes (2, 0): the last transformed axis is the array's first, taken through the widened path.
    const auto spectrum_20 = rtcg::fft::rfft2(x, {2, 0});
    REQUIRE(spectrum_20.shape() == std::vector<std::size_t>{4, 5, 8});
    CHECK(relative_error(spectrum_20.get(), rfftn_reference(points, shape, {2, 0})) <= bound);

    // The default axes (-2, -1) under each norm: ortho and forward scale the forward transform.
    const std::vector<Exact> unscaled = rfftn_reference(points, shape, {1, 2});
    for (const auto& [norm, factor] : {std::pair{Norm::backward, 1.0L}, std::pair{Norm::ortho, 1 / std::sqrt(40.0L)},
                                       std::pair{Norm::forward, 1 / 40.0L}}) {
        INFO("norm ", std::string(rtcg::fft::to_string(norm)));
        std::vector<Exact> want = unscaled;
        for (Exact& w : want) w *= factor;
        const auto spectrum = rtcg::fft::rfft2(x, {-2, -1}, norm);
        CHECK(relative_error(spectrum.get(), want) <= bound);
        const std::vector<float> back = rtcg::fft::irfft2(spectrum, {5, 8}, {-2, -1}, norm).get();
        CHECK(relative_error(widened(back), exact(widened(points))) <= 2 * bound);
    }

    // s: axis 1 padded from 5 to 9 and cropped to 3, the last axis given 8, 9 and 6 points; the
    // spectrum the caller passed is left as it was.
    const auto spectrum = rtcg::fft::rfft2(x);
    const std::vector<Complex> before = spectrum.get();
    for (const std::vector<std::size_t>& s :
         {std::vector<std::size_t>{9, 8}, std::vector<std::size_t>{3, 9}, std::vector<std::size_t>{5, 6}}) {
        INFO("s = (", s[0], ", ", s[1], ")");
        const auto back = rtcg::fft::irfft2(spectrum, s);
        REQUIRE(back.shape() == std::vector<std::size_t>{6, s[0], s[1]});
        CHECK(relative_error(widened(back.get()), irfftn_reference(before, spectrum.shape(), {1, 2}, s)) <=
              2 * error_bound<float>(6 * s[0] * s[1]));
    }
    CHECK(spectrum.get() == before);

    // irfftn with s and no axes: the last s.size() axes.
    const std::vector<float> back = rtcg::fft::irfftn(spectrum, {5, 8}).get();
    CHECK(relative_error(widened(back), exact(widened(points))) <= 2 * bound);
}

TEST_CASE("rfftn and irfftn in float64") {
    const auto& ctx = rtcg::test::context();
    if (!ctx.device().supports_fp64) return;
    const std::vector<std::size_t> shape{3, 4, 6};
    const std::vector<float> rounded = real_points(count(shape), 23);
    const std::vector<double> points(rounded.begin(), rounded.end());
    const auto x = rtcg::Array<double>::to_device(ctx, points, shape);
    const auto spectrum = rtcg::fft::rfftn(x, {0, 2});
    const std::vector<std::complex<double>> got = spectrum.get();
    CHECK(relative_error(got, rfftn_reference(rounded, shape, {0, 2})) <= error_bound<double>(count(shape)));
    const std::vector<double> back = rtcg::fft::irfftn(spectrum, {3, 6}, {0, 2}).get();
    const std::vector<std::complex<double>> back_complex(back.begin(), back.end());
    CHECK(relative_error(back_complex, std::vector<Exact>(points.begin(), points.end())) <=
          2 * error_bound<double>(count(shape)));
}

TEST_CASE("rfftn and irfftn: bad input is a typed error that says what is wrong") {
    const auto& ctx = rtcg::test::context();
    const auto x = rtcg::Array<float>::zeros(ctx, {4, 6});
    const auto spectrum = rtcg::Array<Complex>::zeros(ctx, {4, 4});
    const auto message = [](auto&& call) { return rtcg::test::message_of<rtcg::InvalidArgument>(call); };
    CHECK(rtcg::test::contains(message([&] { rtcg::fft::rfftn(x, {1, 1}); }), "named twice"));
    CHECK(rtcg::test::contains(message([&] { rtcg::fft::rfftn(x, {2}); }), "axis"));
    CHECK(rtcg::test::contains(
        message([&] { rtcg::fft::rfftn(rtcg::Array<float>::zeros(ctx, std::vector<std::size_t>{})); }), "0-d"));
    CHECK(rtcg::test::contains(message([&] { rtcg::fft::irfftn(spectrum, {4, 0}); }), "length of 0"));
    CHECK(rtcg::test::contains(message([&] { rtcg::fft::irfftn(spectrum, {4, 6}, {1}); }), "2 lengths given for 1"));
    CHECK(rtcg::test::contains(message([&] { rtcg::fft::irfftn(spectrum, {2, 4, 6}); }), "3 lengths given"));
    CHECK(rtcg::test::contains(message([&] {
                                   rtcg::fft::irfft2(rtcg::Array<Complex>::zeros(ctx, {4, 1}));
                               }),
                               "0 points"));
    // The context is still usable.
    CHECK(rtcg::fft::rfft2(x).get() == std::vector<Complex>(4 * 4, Complex(0, 0)));
}
