// Transforms along chosen axes of n-d arrays (C-ordered, transposed and strided views, outputs
// that are views), fft2 / fftn against host DFTs applied axis by axis, a plan reused, and the
// typed errors of bad input.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "reference_dft.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/fft.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <vector>

namespace {

using namespace rtcg::test::fft;
using rtcg::fft::Direction;
using rtcg::fft::Norm;
using Complex = std::complex<float>;

std::vector<Exact> reference(const std::vector<Complex>& points, const std::vector<std::size_t>& shape,
                             const std::vector<std::size_t>& axes, int sign) {
    std::vector<Exact> data = exact(points);
    for (const std::size_t axis : axes) dft_along(data, shape, axis, sign);
    return data;
}

double bound(const std::vector<std::size_t>& shape) {
    std::size_t n = 1;
    for (const std::size_t extent : shape) n *= extent;
    return error_bound<float>(n);
}

} // namespace

TEST_CASE("a transform along each axis of a 3-d array, and over all of them") {
    const auto& ctx = rtcg::test::context();
    const std::vector<std::size_t> shape{5, 12, 7};
    const std::vector<Complex> points = random_points<float>(5 * 12 * 7, 3);
    const auto x = rtcg::Array<Complex>::to_device(ctx, points, shape);
    for (std::size_t axis = 0; axis < 3; ++axis) {
        INFO("axis ", axis);
        CHECK(relative_error(rtcg::fft::fft(x, static_cast<std::int64_t>(axis)).get(),
                             reference(points, shape, {axis}, -1)) <= bound(shape));
    }
    CHECK(relative_error(rtcg::fft::fftn(x).get(), reference(points, shape, {0, 1, 2}, -1)) <= bound(shape));
    CHECK(relative_error(rtcg::fft::fft2(x).get(), reference(points, shape, {1, 2}, -1)) <= bound(shape));
    CHECK(relative_error(rtcg::fft::ifft2(x, {0, 2}, Norm::forward).get(), reference(points, shape, {0, 2}, +1)) <=
          bound(shape));
}

TEST_CASE("transposed and strided inputs and outputs") {
    const auto& ctx = rtcg::test::context();
    const std::vector<std::size_t> shape{6, 10, 9};
    const std::vector<Complex> points = random_points<float>(6 * 10 * 9, 5);
    const auto x = rtcg::Array<Complex>::to_device(ctx, points, shape);

    SUBCASE("a transposed input, whose batch does not collapse, is read through a copy") {
        const auto t = x.transpose({2, 0, 1}); // shape (9, 6, 10)
        const std::vector<Complex> packed = t.get();
        const std::vector<std::size_t> t_shape{9, 6, 10};
        CHECK(relative_error(rtcg::fft::fft(t, 1).get(), reference(packed, t_shape, {1}, -1)) <= bound(shape));
        CHECK(relative_error(rtcg::fft::fftn(t, {0, 2}).get(), reference(packed, t_shape, {0, 2}, -1)) <= bound(shape));
    }
    SUBCASE("a reversed, stepped view") {
        const auto v = x(rtcg::slice(rtcg::none, rtcg::none, -1), rtcg::slice(1, rtcg::none, 3)); // (6, 3, 9)
        const std::vector<Complex> packed = v.get();
        const std::vector<std::size_t> v_shape{6, 3, 9};
        for (std::size_t axis = 0; axis < 3; ++axis)
            CHECK(relative_error(rtcg::fft::fft(v, static_cast<std::int64_t>(axis)).get(),
                                 reference(packed, v_shape, {axis}, -1)) <= bound(shape));
    }
    SUBCASE("into a view of a larger output, leaving the rest alone") {
        const auto big = rtcg::Array<Complex>::full(ctx, {6, 20, 9}, Complex(42, 0));
        const auto half = big(rtcg::slice(rtcg::none), rtcg::slice(rtcg::none, rtcg::none, 2)); // (6, 10, 9)
        const rtcg::fft::Plan plan(ctx, shape, {1, 2}, x.dtype(), Direction::inverse, Norm::ortho);
        plan.execute(x, half);
        std::vector<Exact> want = reference(points, shape, {1, 2}, +1);
        for (Exact& w : want) w /= std::sqrt(90.0L);
        CHECK(relative_error(half.get(), want) <= bound(shape));
        const auto skipped = big(rtcg::slice(rtcg::none), rtcg::slice(1, rtcg::none, 2)).get();
        for (const Complex& z : skipped) REQUIRE(z == Complex(42, 0));
    }
    SUBCASE("in place, and a plan run again on other data") {
        const rtcg::fft::Plan plan(ctx, shape, {0}, x.dtype(), Direction::forward);
        const auto y = x.copy();
        plan.execute(y, y);
        CHECK(relative_error(y.get(), reference(points, shape, {0}, -1)) <= bound(shape));
        const std::vector<Complex> other = random_points<float>(points.size(), 11);
        y.set(other);
        plan.execute(y, y);
        CHECK(relative_error(y.get(), reference(other, shape, {0}, -1)) <= bound(shape));
    }
}

TEST_CASE("bad input is a typed error that says what is wrong") {
    using rtcg::test::contains;
    using rtcg::test::message_of;
    const auto& ctx = rtcg::test::context();
    const auto c64 = rtcg::codegen::DType::complex64();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::fft::Plan(ctx, {4, 0}, {1}, c64, Direction::forward); }),
                   "size 0"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::fft::Plan(ctx, {4, 8}, {2}, c64, Direction::forward); }),
                   "axis"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::fft::Plan(ctx, {4, 8}, {1, -1}, c64, Direction::forward); }),
                   "twice"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { rtcg::fft::Plan(ctx, {8}, {0}, rtcg::codegen::DType::float32(), Direction::forward); }),
                   "complex64 or complex128"));

    const rtcg::fft::Plan plan(ctx, {4, 8}, {1}, c64, Direction::forward);
    const auto x = rtcg::Array<Complex>::zeros(ctx, {4, 8});
    const auto other_shape = rtcg::Array<Complex>::zeros(ctx, {4, 9});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { plan.execute(other_shape, other_shape); }), "shape"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { plan.execute(x, rtcg::Array<Complex>::zeros(ctx, {2, 8})); }),
                   "output has shape (2, 8)"));
    const auto broadcast = rtcg::Array<Complex>::zeros(ctx, {1, 8}).broadcast_to({4, 8});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { plan.execute(x, broadcast); }), "broadcast"));
    if (ctx.device().supports_fp64) {
        const auto wide = rtcg::Array<std::complex<double>>::zeros(ctx, {4, 8});
        CHECK(contains(message_of<rtcg::InvalidArgument>([&] { plan.execute(wide, wide); }), "complex128"));
    }
    // The context is still usable: the plan runs.
    CHECK(plan(x).get() == std::vector<Complex>(32, Complex(0, 0)));
}

TEST_CASE("rfft and irfft: numpy's half spectrum of real points, and back") {
    const auto& ctx = rtcg::test::context();
    for (const std::size_t n : {1, 2, 7, 30, 31}) {
        const std::vector<std::size_t> shape{3, n};
        const std::vector<Complex> points = random_points<float>(3 * n, 13);
        std::vector<float> real_points(points.size());
        std::vector<Complex> widened(points.size());
        for (std::size_t k = 0; k < points.size(); ++k) {
            real_points[k] = points[k].real();
            widened[k] = Complex(points[k].real(), 0);
        }
        const auto x = rtcg::Array<float>::to_device(ctx, real_points, shape);
        const auto spectrum = rtcg::fft::rfft(x);
        REQUIRE(spectrum.shape() == std::vector<std::size_t>{3, n / 2 + 1});
        const std::vector<Exact> full = reference(widened, shape, {1}, -1);
        std::vector<Exact> half;
        for (std::size_t b = 0; b < 3; ++b)
            for (std::size_t k = 0; k <= n / 2; ++k) half.push_back(full[b * n + k]);
        INFO("n = ", n);
        CHECK(relative_error(spectrum.get(), half) <= bound(shape));
        if (n < 2) continue;
        const std::vector<float> back = rtcg::fft::irfft(spectrum, n).get();
        REQUIRE(back.size() == real_points.size());
        std::vector<Complex> back_complex(back.begin(), back.end());
        CHECK(relative_error(back_complex, exact(widened)) <= 2 * bound(shape));
    }
    // Along the first axis, and an irfft of the default length 2 (m - 1) with ortho norms.
    const std::vector<float> column{1, 2, 3, 4, 5, 6, 7, 8};
    const auto x = rtcg::Array<float>::to_device(ctx, column, {4, 2});
    const auto spectrum = rtcg::fft::rfft(x, 0, Norm::ortho);
    REQUIRE(spectrum.shape() == std::vector<std::size_t>{3, 2});
    const std::vector<float> back = rtcg::fft::irfft(spectrum, 0, 0, Norm::ortho).get();
    REQUIRE(back.size() == 8);
    for (std::size_t k = 0; k < 8; ++k) CHECK(back[k] == doctest::Approx(column[k]).epsilon(1e-5));
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>(
            [&] { rtcg::fft::irfft(rtcg::Array<Complex>::zeros(ctx, {4, 1})); }),
        "0 points"));
}

// The real points x, n of them, as the complex points of the full transform.
template <class Real>
std::vector<Exact> widened(const std::vector<Real>& x) {
    return std::vector<Exact>(x.begin(), x.end());
}

// numpy's irfft of one row of a half spectrum to `length` real points: its first
// min(m, length / 2 + 1) points and their conjugates, X_0 and X_(length/2) taken as real.
template <class Real>
std::vector<Exact> irfft_reference(const std::vector<std::complex<Real>>& spectrum, std::size_t length) {
    std::vector<Exact> full(length, Exact(0));
    const std::size_t kept = std::min<std::size_t>(spectrum.size(), length / 2 + 1);
    for (std::size_t k = 0; k < kept; ++k) full[k] = Exact(spectrum[k]);
    for (std::size_t k = 1; k < kept && length - k >= kept; ++k) full[length - k] = std::conj(full[k]);
    full[0] = full[0].real();
    if (kept == length / 2 + 1) full[length / 2] = full[length / 2].real();
    std::vector<Exact> want = dft(full, +1);
    for (Exact& w : want) w = w.real() / static_cast<long double>(length);
    return want;
}

TEST_CASE("rfft and irfft of even lengths through half-length transforms") {
    const auto& ctx = rtcg::test::context();
    // A long transform over several passes (its half, 49152, is the accuracy test's), checked at
    // sampled frequencies, and its inverse.
    {
        const std::size_t n = 2 * 49152;
        std::vector<float> points(n);
        const std::vector<Complex> random = random_points<float>(n, 5);
        for (std::size_t k = 0; k < n; ++k) points[k] = random[k].real();
        const auto x = rtcg::Array<float>::to_device(ctx, points, {1, n});
        const auto spectrum = rtcg::fft::rfft(x);
        const std::vector<std::size_t> at{0, 1, 777, 49151, 49152};
        const std::vector<Exact> want = dft_at(widened(points), at, -1);
        const std::vector<Complex> got = spectrum.get();
        CHECK(relative_error(got, want, at) <= error_bound<float>(n));
        const std::vector<float> back = rtcg::fft::irfft(spectrum, n).get();
        CHECK(relative_error(std::vector<Complex>(back.begin(), back.end()), widened(points)) <=
              2 * error_bound<float>(n));
    }
    // float64, every frequency.
    if (rtcg::test::context().device().supports_fp64) {
        const std::size_t n = 60;
        std::vector<double> points(2 * n);
        const std::vector<std::complex<double>> random = random_points<double>(2 * n, 6);
        for (std::size_t k = 0; k < points.size(); ++k) points[k] = random[k].imag();
        const auto x = rtcg::Array<double>::to_device(ctx, points, {2, n});
        const std::vector<std::complex<double>> got = rtcg::fft::rfft(x, -1, Norm::ortho).get();
        for (std::size_t b = 0; b < 2; ++b) {
            const std::vector<double> line(points.begin() + static_cast<std::ptrdiff_t>(b * n),
                                           points.begin() + static_cast<std::ptrdiff_t>((b + 1) * n));
            std::vector<Exact> want = dft(widened(line), -1);
            want.resize(n / 2 + 1);
            for (Exact& w : want) w /= std::sqrt(static_cast<long double>(n));
            const std::vector<std::complex<double>> row(got.begin() + static_cast<std::ptrdiff_t>(b * (n / 2 + 1)),
                                                        got.begin() + static_cast<std::ptrdiff_t>((b + 1) * (n / 2 + 1)));
            CHECK(relative_error(row, want) <= error_bound<double>(n));
        }
    }
    // A view from an odd offset (read through a copy), and irfft to a longer and a shorter length
    // than the spectrum's (numpy's zero padding and truncation).
    const std::size_t n = 30;
    const std::vector<Complex> random = random_points<float>(3 * (n + 1), 9);
    std::vector<float> points(random.size());
    for (std::size_t k = 0; k < points.size(); ++k) points[k] = random[k].real();
    const auto whole = rtcg::Array<float>::to_device(ctx, points, {3, n + 1});
    const std::vector<rtcg::Index> tail{rtcg::Index(rtcg::slice(rtcg::none)), rtcg::Index(rtcg::slice(1, rtcg::none))};
    const auto x = whole.index(tail);
    const auto spectrum = rtcg::fft::rfft(x);
    const std::vector<Complex> got = spectrum.get();
    for (const std::size_t length : {std::size_t{40}, std::size_t{20}}) {
        const std::vector<float> back = rtcg::fft::irfft(spectrum, length).get();
        REQUIRE(back.size() == 3 * length);
        for (std::size_t b = 0; b < 3; ++b) {
            // numpy's irfft of the row's 16 frequencies, zero-padded or truncated.
            const std::vector<Complex> line(got.begin() + static_cast<std::ptrdiff_t>(b * (n / 2 + 1)),
                                            got.begin() + static_cast<std::ptrdiff_t>((b + 1) * (n / 2 + 1)));
            const std::vector<Complex> row(back.begin() + static_cast<std::ptrdiff_t>(b * length),
                                           back.begin() + static_cast<std::ptrdiff_t>((b + 1) * length));
            INFO("irfft to ", length, " points, row ", b);
            CHECK(relative_error(row, irfft_reference(line, length)) <= 2 * error_bound<float>(length));
        }
    }
    // The forward spectrum against the full transform of the view's points.
    for (std::size_t b = 0; b < 3; ++b) {
        const std::vector<float> line(points.begin() + static_cast<std::ptrdiff_t>(b * (n + 1) + 1),
                                      points.begin() + static_cast<std::ptrdiff_t>((b + 1) * (n + 1)));
        std::vector<Exact> want = dft(widened(line), -1);
        want.resize(n / 2 + 1);
        const std::vector<Complex> row(got.begin() + static_cast<std::ptrdiff_t>(b * (n / 2 + 1)),
                                       got.begin() + static_cast<std::ptrdiff_t>((b + 1) * (n / 2 + 1)));
        CHECK(relative_error(row, want) <= error_bound<float>(n));
    }
}

// rfft over `rows` rows of 2 `half` real points, every frequency against the host's DFT, and
// irfft of a random half spectrum of `spectrum` points (its X_0 and X_half not real, the ends
// numpy ignores) to those 2 `half` points.
template <class Real>
void check_real_rows(std::size_t half, std::size_t rows, std::size_t spectrum) {
    using Value = std::complex<Real>;
    const auto& ctx = rtcg::test::context();
    const std::size_t n = 2 * half;
    const std::vector<Value> random = random_points<Real>(rows * n, static_cast<unsigned>(half));
    std::vector<Real> points(random.size());
    for (std::size_t k = 0; k < points.size(); ++k) points[k] = random[k].real();
    const std::vector<Value> got = rtcg::fft::rfft(rtcg::Array<Real>::to_device(ctx, points, {rows, n})).get();
    REQUIRE(got.size() == rows * (half + 1));
    std::vector<std::size_t> every(half + 1);
    for (std::size_t k = 0; k <= half; ++k) every[k] = k;
    for (std::size_t b = 0; b < rows; ++b) {
        const auto first = static_cast<std::ptrdiff_t>(b * n);
        const std::vector<Exact> line(points.begin() + first, points.begin() + first + static_cast<std::ptrdiff_t>(n));
        const auto start = static_cast<std::ptrdiff_t>(b * (half + 1));
        const std::vector<Value> row(got.begin() + start, got.begin() + start + static_cast<std::ptrdiff_t>(half + 1));
        INFO("rfft of ", n, " points, row ", b);
        CHECK(relative_error(row, dft_at(line, every, -1)) <= error_bound<Real>(n));
    }
    const std::vector<Value> coefficients = random_points<Real>(rows * spectrum, static_cast<unsigned>(n));
    const auto y = rtcg::Array<Value>::to_device(ctx, coefficients, {rows, spectrum});
    const std::vector<Real> back = rtcg::fft::irfft(y, static_cast<std::int64_t>(n)).get();
    REQUIRE(back.size() == rows * n);
    for (std::size_t b = 0; b < rows; ++b) {
        const auto start = static_cast<std::ptrdiff_t>(b * spectrum);
        const std::vector<Value> line(coefficients.begin() + start,
                                      coefficients.begin() + start + static_cast<std::ptrdiff_t>(spectrum));
        const auto first = static_cast<std::ptrdiff_t>(b * n);
        const std::vector<Value> row(back.begin() + first, back.begin() + first + static_cast<std::ptrdiff_t>(n));
        INFO("irfft to ", n, " points from ", spectrum, ", row ", b);
        CHECK(relative_error(row, irfft_reference(line, n)) <= 2 * error_bound<Real>(n));
    }
}

TEST_CASE("rfft and irfft whose half transforms take several passes, at every frequency") {
    // Half transforms longer than a pass's usual group holds (4096 complex64, 2048 complex128): the
    // last pass untangles the real spectrum, pairing sub-transforms j and subs - j, and the first
    // pass of the inverse tangles it. Odd and even counts of the last pass's sub-transforms, and
    // odd last-pass lengths, whose middle pair of points lies in two mirrored rows or, for the
    // sub-transform that is its own mirror, in one (their passes on PoCL: 243 x 27 and 250 x 25);
    // three rows so that the pairs of a work-group span transforms, spectra shorter and longer than
    // the inverse reads.
    check_real_rows<float>(4374, 3, 4375);                                                    // 2 3^7
    check_real_rows<float>(5000, 2, 3001);                                                    // 2^3 5^4
    check_real_rows<float>(6144, 2, 6200);                                                    // 3 2^11
    check_real_rows<float>(6561, 2, 6562);                                                    // 3^8
    check_real_rows<float>(6250, 2, 4000);                                                    // 2 5^5
    if (rtcg::test::context().device().supports_fp64) check_real_rows<double>(2560, 3, 1281); // 2^9 5
}

TEST_CASE("RealPlan: made once, executed on arrays of its shape; bad input") {
    const auto& ctx = rtcg::test::context();
    const rtcg::fft::RealPlan forward(ctx, {2, 30}, rtcg::codegen::DType::float32(), Direction::forward);
    const rtcg::fft::RealPlan inverse(ctx, {2, 30}, rtcg::codegen::DType::float32(), Direction::inverse);
    CHECK(forward.spectrum_shape() == std::vector<std::size_t>{2, 16});
    std::vector<float> points(60);
    for (std::size_t k = 0; k < points.size(); ++k) points[k] = static_cast<float>(k % 7) - 3.0f;
    const auto x = rtcg::Array<float>::to_device(ctx, points, {2, 30});
    const std::vector<float> back = inverse(forward(x)).get();
    for (std::size_t k = 0; k < points.size(); ++k) CHECK(back[k] == doctest::Approx(points[k]).epsilon(1e-5));
    const auto message = [](auto&& call) { return rtcg::test::message_of<rtcg::InvalidArgument>(call); };
    CHECK(rtcg::test::contains(message([&] {
        rtcg::fft::RealPlan(ctx, {2, 31}, rtcg::codegen::DType::float32(), Direction::forward);
    }), "odd or zero"));
    CHECK(rtcg::test::contains(message([&] {
        rtcg::fft::RealPlan(ctx, {4}, rtcg::codegen::DType::complex64(), Direction::forward);
    }), "float32 or float64"));
    CHECK(rtcg::test::contains(message([&] { forward(rtcg::Array<float>::zeros(ctx, {3, 30})); }), "shape"));
    CHECK(rtcg::test::contains(message([&] { inverse(rtcg::Array<Complex>::zeros(ctx, {2, 0})); }), "shape"));
    CHECK(rtcg::test::contains(message([&] {
        forward.execute_data(x.data(), rtcg::Array<float>::zeros(ctx, {2, 16}).data());
    }), "complex64"));
    CHECK(rtcg::test::contains(
        message([&] {
            forward.execute_data(x.data(), rtcg::Array<Complex>::zeros(ctx, {1, 16}).broadcast_to({2, 16}).data());
        }),
        "the output's axis 0 is broadcast"));
}

TEST_CASE("a plan made once executes without compiling") {
    const auto& ctx = rtcg::test::context();
    // Over several passes (the accuracy test's 49152), and a real transform of the same half.
    const rtcg::fft::Plan plan(ctx, {2, 49152}, {-1}, rtcg::codegen::DType::complex64(), Direction::forward);
    const rtcg::fft::RealPlan real(ctx, {1, 2 * 49152}, rtcg::codegen::DType::float32(), Direction::forward);
    const auto x = rtcg::Array<Complex>::zeros(ctx, {2, 49152});
    const auto y = rtcg::Array<Complex>::empty_like(x);
    const auto signal = rtcg::Array<float>::zeros(ctx, {1, 2 * 49152});
    const auto spectrum = rtcg::Array<Complex>::empty(ctx, real.spectrum_shape());
    rtcg::reset_compile_cache_stats();
    for (int round = 0; round < 3; ++round) {
        plan.execute(x, y);
        real.execute_data(signal.data(), spectrum.data());
    }
    const rtcg::CompileCacheStats stats = rtcg::compile_cache_stats();
    CHECK(stats.memory_hits + stats.disk_hits + stats.disk_misses + stats.compiles == 0);
    CHECK(y.get() == std::vector<Complex>(2 * 49152, Complex(0, 0)));
}
