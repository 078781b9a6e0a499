// Built against an installed rtcg only (see CMakeLists.txt): a hand-written kernel through the
// core API, an ElementwiseKernel on Arrays, and a struct declared with Boost.PFR, which the
// package must make available. Exits non-zero when a result is wrong.
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/rtcg.hpp>

#include <array>
#include <cstdio>
#include <vector>

namespace {

struct Point {
    float x;
    float y;
};

constexpr const char* twice_source = R"(
RTCG_KERNEL void twice(RTCG_GLOBAL float* a) {
    a[RTCG_GLOBAL_ID(0)] *= 2;
}
)";

bool check(const char* what, const std::vector<float>& got, const std::vector<float>& expected) {
    for (std::size_t i = 0; i < expected.size(); ++i) {
        if (got[i] != expected[i]) {
            std::fprintf(stderr, "consumer: %s: element %zu is %g, expected %g\n", what, i, got[i], expected[i]);
            return false;
        }
    }
    return true;
}

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("consumer: rtcg %s on %s (%s)\n", rtcg::version(), ctx.device().name.c_str(), ctx.selector().c_str());
        const auto dialect = rtcg::codegen::dialect_of(ctx.device());

        const std::vector<float> host{1.5f, -2.0f, 0.25f, 8.0f, 3.0f, -0.5f, 7.0f, 1.0f};
        std::vector<float> doubled, scaled;
        for (float v : host) {
            doubled.push_back(2 * v);
            scaled.push_back(3 * v + 1);
        }

        rtcg::Buffer buffer = ctx.to_device(host);
        const auto module = ctx.compile(twice_source, {.prelude = rtcg::codegen::portable_prelude()});
        module.kernel("twice")(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{1}, rtcg::Dim3{host.size()}}, buffer);
        if (!check("twice", ctx.to_host<float>(buffer), doubled)) return 1;

        const auto x = rtcg::Array<float>::to_device(ctx, host);
        auto y = rtcg::Array<float>::empty_like(x);
        const rtcg::ElementwiseKernel affine(ctx, "float a, const float *x, float b, float *y", "y[i] = a * x[i] + b",
                                             {.name = "consumer_affine"});
        affine(3.0f, x, 1.0f, y);
        if (!check("ElementwiseKernel", y.get(), scaled)) return 1;

        const auto point = rtcg::codegen::declare_struct<Point>("point", {"x", "y"});
        std::printf("consumer: %s", rtcg::codegen::struct_declarations(std::array{point}, dialect).c_str());
        std::printf("consumer: all results correct\n");
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "consumer: %s\n", e.what());
        return 1;
    }
}
