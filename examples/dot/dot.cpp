// The papers' scalar product: a ReductionKernel multiplies two arrays elementwise and sums the
// products on the device; the result is checked against a double-precision sum on the host.
// RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        constexpr std::size_t n = 1'000'000;
        std::mt19937 random(42);
        std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
        std::vector<float> x(n), y(n);
        for (std::size_t k = 0; k < n; ++k) x[k] = uniform(random), y[k] = uniform(random);

        rtcg::ReductionKernel<float> dot(ctx, "float *x, float *y",
                                         {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"});
        const float result = dot(rtcg::Array<float>::to_device(ctx, x), rtcg::Array<float>::to_device(ctx, y)).get();

        double expected = 0, magnitudes = 0;
        for (std::size_t k = 0; k < n; ++k) {
            expected += static_cast<double>(x[k]) * y[k];
            magnitudes += std::abs(static_cast<double>(x[k]) * y[k]);
        }
        std::printf("dot(x, y) over %zu elements: %.6f (host, in double: %.6f)\n", n, result, expected);
        // Float rounding of the partial sums stays within a few ulps of the sum of magnitudes.
        if (std::abs(result - expected) > 1e-5 * magnitudes) {
            std::fprintf(stderr, "dot: %.6f differs from the host's %.6f by more than 1e-5 of %.1f\n", result,
                         expected, magnitudes);
            return 1;
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "dot: %s\n", e.what());
        return 1;
    }
}
