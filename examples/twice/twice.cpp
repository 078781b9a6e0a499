// The papers' first program: upload a 4x4 array of floats, double it in a kernel, read it back.
// One source for every backend: RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <random>
#include <vector>

namespace {

constexpr const char* twice_source = R"(
RTCG_KERNEL void twice(RTCG_GLOBAL float* a) {
    const size_t i = RTCG_LOCAL_ID(0) + RTCG_LOCAL_ID(1) * 4;
    a[i] *= 2;
}
)";

void print_matrix(const char* title, const std::vector<float>& m) {
    std::printf("%s\n", title);
    for (int row = 0; row < 4; ++row)
        std::printf("  %9.5f %9.5f %9.5f %9.5f\n", m[4 * row], m[4 * row + 1], m[4 * row + 2], m[4 * row + 3]);
}

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        std::mt19937 random(42);
        std::normal_distribution<float> normal;
        std::vector<float> a(16);
        for (auto& x : a) x = normal(random);

        rtcg::Buffer a_gpu = ctx.to_device(a);
        const auto module = ctx.compile(twice_source, {.prelude = rtcg::codegen::portable_prelude()});
        module.kernel("twice")(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{1}, rtcg::Dim3{4, 4}}, a_gpu);
        const auto a_doubled = ctx.to_host<float>(a_gpu);

        print_matrix("original:", a);
        print_matrix("doubled:", a_doubled);
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (a_doubled[i] != 2 * a[i]) {
                std::fprintf(stderr, "twice: element %zu is %g, expected %g\n", i, a_doubled[i], 2 * a[i]);
                return 1;
            }
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
