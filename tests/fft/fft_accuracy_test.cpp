// 1-D complex transforms against a long-double DFT: every size 1..64, awkward sizes up to 4096
// (primes, 3-5-7-smooth, Bluestein's), a few long ones over several passes, in both directions
// and both precisions; the inverse of the forward transform, Parseval's identity and the norms.
#include "../support/cuda_compile.hpp"
#include "../support/random_rounds.hpp"
#include "../support/test_context.hpp"
#include "local_memory.hpp"
#include "reference_dft.hpp"

#include <rtcg/fft.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace rtcg::test::fft;
using rtcg::fft::Direction;
using rtcg::fft::Norm;

bool has_fp64() { return rtcg::test::context().device().supports_fp64; }

// `batch` transforms of n points, each checked against the DFT (at `samples` k for long ones).
template <class Real>
void check_transform(std::size_t n, std::size_t batch, Direction direction, std::size_t samples = 0) {
    using Complex = std::complex<Real>;
    const auto& ctx = rtcg::test::context();
    const int sign = direction == Direction::forward ? -1 : 1;
    const std::vector<Complex> points = random_points<Real>(n * batch, static_cast<unsigned>(n));
    const auto x = rtcg::Array<Complex>::to_device(ctx, points, {batch, n});
    const rtcg::fft::Plan plan(ctx, x.shape(), {-1}, x.dtype(), direction, Norm::forward);
    const std::vector<Complex> got = plan(x).get();
    // Norm::forward scales the forward transform by 1 / n and leaves the inverse alone.
    const long double scale = direction == Direction::forward ? 1.0L / static_cast<long double>(n) : 1.0L;
    for (std::size_t b = 0; b < batch; ++b) {
        const std::vector<Exact> line = exact(std::vector<Complex>(points.begin() + static_cast<std::ptrdiff_t>(b * n),
                                                                   points.begin() + static_cast<std::ptrdiff_t>((b + 1) * n)));
        const std::vector<Complex> result(got.begin() + static_cast<std::ptrdiff_t>(b * n),
                                          got.begin() + static_cast<std::ptrdiff_t>((b + 1) * n));
        std::vector<Exact> want;
        std::vector<std::size_t> at;
        if (samples == 0) {
            want = dft(line, sign);
        } else {
            std::mt19937_64 engine(n + b);
            for (std::size_t s = 0; s < samples; ++s)
                at.push_back(s < 2 ? s * (n - 1) : static_cast<std::size_t>(engine() % n));
            want = dft_at(line, at, sign);
        }
        for (Exact& w : want) w *= scale;
        const double error = relative_error(result, want, at);
        INFO("n = ", n, ", batch ", b, ", ", std::string(rtcg::fft::to_string(direction)), ", bluestein ",
             plan.uses_bluestein(0));
        CHECK(error <= error_bound<Real>(n));
    }
}

} // namespace

// Each size is a program of its own (both directions share it): compiling is most of the cost.
TEST_CASE("every size from 1 to 64, both directions, float32") {
    const std::size_t last = rtcg::test::quick_run() ? 16 : 64;
    for (std::size_t n = 1; n <= last; ++n) {
        check_transform<float>(n, 3, Direction::forward);
        check_transform<float>(n, 2, Direction::inverse);
    }
}

TEST_CASE("sizes up to 64 with every radix and Bluestein's, float64") {
    if (!has_fp64()) return;
    const std::vector<std::size_t> sizes = rtcg::test::quick_run()
                                               ? std::vector<std::size_t>{1, 6, 37}
                                               : std::vector<std::size_t>{1, 6, 7, 11, 30, 37, 64};
    for (const std::size_t n : sizes) {
        check_transform<double>(n, 2, Direction::forward);
        check_transform<double>(n, 1, Direction::inverse);
    }
}

TEST_CASE("primes, smooth and awkward sizes up to 4096") {
    const std::vector<std::size_t> sizes =
        rtcg::test::quick_run() ? std::vector<std::size_t>{97, 360, 4095}
                                : std::vector<std::size_t>{97, 1000, 2187, 3125, 4095};
    for (const std::size_t n : sizes) {
        check_transform<float>(n, 1, Direction::forward);
        if (n % 2 == 1) check_transform<float>(n, 1, Direction::inverse);
    }
    if (has_fp64() && !rtcg::test::quick_run())
        for (const std::size_t n : {97, 2187}) {
            check_transform<double>(static_cast<std::size_t>(n), 1, Direction::forward);
            check_transform<double>(static_cast<std::size_t>(n), 1, Direction::inverse);
        }
}

TEST_CASE("long transforms over several passes, checked at sampled frequencies") {
    // 3 * 2^14: passes of 3072 and 16 points; 2^20: 4096 and 256; 100003, a prime: Bluestein's
    // convolution of 2^18 points, itself over two passes; 31^3, where local memory does not hold
    // it, a pass of 961 and one of 31, whose radix-31 butterflies read their twiddles between
    // passes as powers, as the radix-16 ones of 2^16 in complex128 do.
    const std::vector<std::size_t> sizes = rtcg::test::quick_run()
                                               ? std::vector<std::size_t>{49152}
                                               : std::vector<std::size_t>{49152, 1u << 20, 100003, 29791};
    for (const std::size_t n : sizes) check_transform<float>(n, 2, Direction::forward, 24);
    if (has_fp64() && !rtcg::test::quick_run()) {
        check_transform<double>(3 * 5 * 7 * 11 * 13 * 8, 1, Direction::inverse, 24);
        check_transform<double>(1u << 16, 2, Direction::forward, 24);
    }
}

TEST_CASE("power-of-two lengths past a pass's usual local memory, one wide pass on a GPU") {
    // 2^14 complex64 and 2^13 complex128 (128 KB): on GPUs whose local memory holds them (an
    // H100's opt-in size) one pass of up to 1024 work-items; elsewhere two passes. 2^13 complex64
    // and 2^12 complex128 (64 KB) likewise, or where local memory holds their points' parts
    // (OpenCL's 48 KiB), one pass that exchanges the parts apart.
    check_transform<float>(1u << 14, 3, Direction::forward, 24);
    check_transform<float>(1u << 14, 1, Direction::inverse, 24);
    check_transform<float>(1u << 13, 2, Direction::inverse, 24);
    if (has_fp64()) {
        check_transform<double>(1u << 13, 2, Direction::forward, 24);
        check_transform<double>(1u << 12, 2, Direction::forward, 24);
    }
    const auto& ctx = rtcg::test::context();
    for (const auto& [n, complex] : {std::pair{std::size_t{1} << 13, rtcg::codegen::DType::complex64()},
                                     std::pair{std::size_t{1} << 12, rtcg::codegen::DType::complex128()}}) {
        if (!rtcg::test::local_memory_holds(ctx.device(), n / 2, complex.size())) continue;
        if (complex == rtcg::codegen::DType::complex128() && !has_fp64()) continue;
        const rtcg::fft::Plan plan(ctx, {n}, {}, complex, Direction::forward);
        INFO("n = ", n, ", ", std::string(complex.name()));
        CHECK(plan.sources().size() == 1);
    }
}

TEST_CASE("lengths with odd factors past a pass's usual local memory, one wide pass on a GPU") {
    // On GPUs whose local memory holds them, one pass of wide odd radices, its work-items as many
    // as their registers hold the points of: 14175 = 27 * 25 * 21 in two rounds of 384, 15625 =
    // 25^3 in one round of 625, 12288 = 3 * 2^12 with radix 16 and 1024; elsewhere two passes.
    const auto& ctx = rtcg::test::context();
    const rtcg::DeviceInfo& device = ctx.device();
    const std::vector<std::size_t> sizes = rtcg::test::quick_run() ? std::vector<std::size_t>{14175}
                                                                   : std::vector<std::size_t>{14175, 15625, 12288};
    for (const std::size_t n : sizes) {
        check_transform<float>(n, 2, Direction::forward, 24);
        check_transform<float>(n, 1, Direction::inverse, 24);
        if (rtcg::test::local_memory_holds(device, n, sizeof(std::complex<float>))) {
            const rtcg::fft::Plan plan(ctx, {n}, {}, rtcg::codegen::DType::complex64(), Direction::forward);
            INFO("n = ", n);
            CHECK(plan.sources().size() == 1);
        }
    }
}

TEST_CASE("the inverse of the forward transform is the identity; Parseval's identity under ortho") {
    using Complex = std::complex<float>;
    const auto& ctx = rtcg::test::context();
    for (const std::size_t n : {17, 41, 360, 1000, 49152}) {
        const std::vector<Complex> points = random_points<float>(2 * n, 7);
        const auto x = rtcg::Array<Complex>::to_device(ctx, points, {2, n});
        for (const Norm norm : {Norm::backward, Norm::ortho, Norm::forward}) {
            const auto back = rtcg::fft::ifft(rtcg::fft::fft(x, -1, norm), -1, norm).get();
            std::vector<Exact> want = exact(points);
            INFO("n = ", n, ", norm ", std::string(rtcg::fft::to_string(norm)));
            CHECK(relative_error(back, want) <= 2 * error_bound<float>(n));
        }
        const auto spectrum = rtcg::fft::fft(x, -1, Norm::ortho).get();
        long double energy = 0, spectral = 0;
        for (std::size_t k = 0; k < points.size(); ++k) {
            energy += std::norm(Exact(points[k]));
            spectral += std::norm(Exact(spectrum[k]));
        }
        CHECK(std::abs(static_cast<double>(spectral / energy) - 1) <= 2 * error_bound<float>(n));
    }
}

TEST_CASE("the generated CUDA source compiles with NVRTC") {
    const auto& ctx = rtcg::test::context();
    // Plans the other cases make too, whose programs the compile cache holds already.
    std::vector<std::pair<std::size_t, rtcg::codegen::DType>> plans{
        {4095, rtcg::codegen::DType::complex64()},  // radices 3, 5, 7, 13 in local memory
        {4096, rtcg::codegen::DType::complex64()},  // radix 16
        {49152, rtcg::codegen::DType::complex64()}, // two passes
        {97, rtcg::codegen::DType::complex64()},    // Bluestein's
    };
    if (has_fp64()) plans.emplace_back(30, rtcg::codegen::DType::complex128());
    for (const auto& [n, dtype] : plans) {
        const rtcg::fft::Plan plan(ctx, {n}, {}, dtype, Direction::forward);
        for (const std::string& source : plan.sources())
            rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, source));
    }
    // Real transforms' kernels and their half-length transforms': one over several passes (strided
    // passes), and one-pass ones that untangle (forward) and tangle (inverse).
    for (const auto& [n, direction] : {std::pair{std::size_t{2 * 49152}, Direction::inverse},
                                       std::pair{std::size_t{30}, Direction::forward},
                                       std::pair{std::size_t{30}, Direction::inverse}}) {
        const rtcg::fft::RealPlan real(ctx, {n}, rtcg::codegen::DType::float32(), direction);
        for (const std::string& source : real.sources())
            rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, source));
    }
}
