// The papers' Figure 3b: the twice example with arrays instead of a hand-written kernel. The
// multiplication generates, compiles and caches its own kernel.
#include <rtcg/arrays.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <iostream>
#include <random>
#include <vector>

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        std::mt19937 random(42);
        std::normal_distribution<float> normal;
        std::vector<float> host(16);
        for (auto& x : host) x = normal(random);

        const auto a_gpu = rtcg::Array<float>::to_device(ctx, host).reshape({4, 4});
        const std::vector<float> a_doubled = (2 * a_gpu).get();

        std::cout << "a:\n" << a_gpu << "\n2 * a:\n" << 2 * a_gpu << "\n";
        for (std::size_t i = 0; i < host.size(); ++i) {
            if (a_doubled[i] != 2 * host[i]) {
                std::fprintf(stderr, "double_array: element %zu is %g, expected %g\n", i, a_doubled[i], 2 * host[i]);
                return 1;
            }
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "double_array: %s\n", e.what());
        return 1;
    }
}
