// The papers' Figure 4a: an ElementwiseKernel with a fixed C declaration, z = a*x + b*y.
#include <rtcg/arrays.hpp>
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        const rtcg::ElementwiseKernel lin_comb(ctx, "float a, float *x, float b, float *y, float *z",
                                               "z[i] = a*x[i] + b*y[i]", {.name = "lin_comb"});

        constexpr std::size_t n = 50;
        std::mt19937 random(1);
        std::uniform_real_distribution<float> uniform(-1, 1);
        std::vector<float> x(n), y(n);
        for (std::size_t i = 0; i < n; ++i) x[i] = uniform(random), y[i] = uniform(random);
        const auto x_gpu = rtcg::Array<float>::to_device(ctx, x);
        const auto y_gpu = rtcg::Array<float>::to_device(ctx, y);
        auto z_gpu = rtcg::Array<float>::empty_like(x_gpu);

        lin_comb(5.0f, x_gpu, 6.0f, y_gpu, z_gpu);

        const std::vector<float> z = z_gpu.get();
        double largest_error = 0;
        for (std::size_t i = 0; i < n; ++i)
            largest_error = std::fmax(largest_error, std::fabs(z[i] - (5.0 * x[i] + 6.0 * y[i])));
        std::printf("lin_comb: %zu elements, largest difference from the host %.3g\n", n, largest_error);
        return largest_error < 1e-5 ? 0 : 1;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "lin_comb: %s\n", e.what());
        return 1;
    }
}
