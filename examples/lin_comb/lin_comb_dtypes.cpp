// The papers' Figure 4b: the lin_comb declaration built at run time from the arrays' element
// types, so one function serves every combination of types. The result type is numpy's
// promotion of the operands' types; each combination compiles once and is cached.
#include <rtcg/arrays.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/promotion.hpp>
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

using rtcg::codegen::Argument;
using rtcg::codegen::DType;

rtcg::ElementwiseKernel lin_comb_kernel(const rtcg::Context& ctx, const DType& a, const DType& x, const DType& b,
                                        const DType& y, const DType& z) {
    std::vector<Argument> arguments{Argument::scalar(a, "a"), Argument::pointer(x, "x"), Argument::scalar(b, "b"),
                                    Argument::pointer(y, "y"), Argument::pointer(z, "z")};
    std::printf("  declaration: %s\n", rtcg::codegen::print_arguments(arguments, rtcg::codegen::Dialect::cuda).c_str());
    return rtcg::ElementwiseKernel(ctx, std::move(arguments), "z[i] = a*x[i] + b*y[i]", {.name = "lin_comb"});
}

// z = a*x + b*y for arrays of any arithmetic types; z has their promoted type.
template <class A, class X, class B, class Y>
bool run(const rtcg::Context& ctx, A a, const std::vector<X>& x, B b, const std::vector<Y>& y) {
    using Z = typename decltype(std::declval<rtcg::Array<X>>() + std::declval<rtcg::Array<Y>>())::value_type;
    const auto x_gpu = rtcg::Array<X>::to_device(ctx, x);
    const auto y_gpu = rtcg::Array<Y>::to_device(ctx, y);
    auto z_gpu = rtcg::Array<Z>::empty(ctx, x.size());
    const DType z_type = rtcg::codegen::result_type(x_gpu.dtype(), y_gpu.dtype());
    std::printf("%s and %s give %s\n", std::string(x_gpu.dtype().name()).c_str(),
                std::string(y_gpu.dtype().name()).c_str(), std::string(z_type.name()).c_str());
    lin_comb_kernel(ctx, rtcg::codegen::dtype_of<A>(), x_gpu.dtype(), rtcg::codegen::dtype_of<B>(), y_gpu.dtype(),
                    z_type)(a, x_gpu, b, y_gpu, z_gpu);
    const std::vector<Z> z = z_gpu.get();
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double expected = static_cast<double>(a) * x[i] + static_cast<double>(b) * y[i];
        if (std::fabs(static_cast<double>(z[i]) - expected) > 1e-5 * std::fmax(1.0, std::fabs(expected))) {
            std::fprintf(stderr, "lin_comb_dtypes: element %zu is %g, expected %g\n", i, static_cast<double>(z[i]),
                         expected);
            return false;
        }
    }
    return true;
}

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());
        std::vector<float> xf(1000), yf(1000);
        std::vector<std::int32_t> xi(1000);
        std::vector<double> yd(1000);
        for (std::size_t i = 0; i < 1000; ++i) {
            xf[i] = 0.5f * static_cast<float>(i);
            yf[i] = 1.0f - static_cast<float>(i % 7);
            xi[i] = static_cast<std::int32_t>(i) - 500;
            yd[i] = 0.25 * static_cast<double>(i % 11);
        }
        const bool ok = run(ctx, 2.0f, xf, 3.0f, yf) && run(ctx, 2.0f, xi, 0.5, yd) && run(ctx, 3, xi, 2.0f, yf);
        return ok ? 0 : 1;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "lin_comb_dtypes: %s\n", e.what());
        return 1;
    }
}
