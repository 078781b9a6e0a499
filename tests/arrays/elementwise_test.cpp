// ElementwiseKernel on the device against host references: the papers' lin_comb at every size,
// ranges with positive and negative steps, complex and struct arguments, scalar conversions, and
// one compile however often an equal kernel is built. Every kernel's CUDA source is compiled by
// NVRTC too.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/core/plugin/kernel_declaration.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::ElementwiseKernel;
using rtcg::Range;
using rtcg::codegen::Dialect;
using rtcg::test::array_sizes;
using rtcg::test::compiles_for_cuda;
using rtcg::test::context;

namespace {

ElementwiseKernel lin_comb() {
    return ElementwiseKernel(context(), "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]",
                             {.name = "lin_comb"});
}


struct Particle {
    float mass;
    std::int32_t charge;
    std::array<float, 2> velocity;
};

} // namespace

TEST_CASE("lin_comb at every size") {
    const ElementwiseKernel kernel = lin_comb();
    compiles_for_cuda(kernel);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<float> x = rtcg::test::values<float>(n);
        std::vector<float> y(n);
        for (std::size_t k = 0; k < n; ++k) y[k] = static_cast<float>(k % 13) - 6;
        const auto x_gpu = Array<float>::to_device(context(), x);
        const auto y_gpu = Array<float>::to_device(context(), y);
        auto z_gpu = Array<float>::empty(context(), n);
        kernel(2.0f, x_gpu, 3.0f, y_gpu, z_gpu);
        std::vector<float> expected(n);
        for (std::size_t k = 0; k < n; ++k) expected[k] = 2.0f * x[k] + 3.0f * y[k];
        CHECK(z_gpu.get() == expected);
    }
}

TEST_CASE("ranges cover start, start + step, ... with positive and negative steps") {
    const ElementwiseKernel mark(context(), "int *out", "out[i] = (int)i + 1000", {.name = "mark"});
    const ElementwiseKernel reverse(context(), "int *out, int *in", "out[i] = in[n - 1 - i]", {.name = "reverse_copy"});
    compiles_for_cuda(mark);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const auto count = static_cast<std::int64_t>(n);
        for (const Range range : {Range{0, count, 1}, Range{1, count, 3}, Range{count - 1, -1, -1},
                                  Range{count - 1, 0, -2}, Range{0, count / 2, 1}}) {
            CAPTURE(range.start);
            CAPTURE(range.step);
            auto out = Array<std::int32_t>::zeros(context(), n);
            mark(range, out);
            std::vector<std::int32_t> expected(n, 0);
            for (std::size_t k = 0; k < range.size(); ++k)
                expected[static_cast<std::size_t>(range.at(k))] = static_cast<std::int32_t>(range.at(k)) + 1000;
            CHECK(out.get() == expected);
        }
        // n is the number of indices a call covers: here every element, walked backwards.
        const auto in = Array<std::int32_t>::arange(context(), 0, static_cast<std::int32_t>(n));
        auto out = Array<std::int32_t>::zeros(context(), n);
        reverse(Range{count - 1, -1, -1}, out, in);
        CHECK(out.get() == Array<std::int32_t>::arange(context(), static_cast<std::int32_t>(n) - 1, -1, -1).get());
    }
}

TEST_CASE("a kernel without arrays runs over a range, and on a queue of its own") {
    rtcg::Queue queue = context().create_queue();
    auto out = Array<std::int64_t>::zeros(context(), 10);
    const ElementwiseKernel square(context(), "long *out", "out[i] = i * i", {.name = "square"});
    compiles_for_cuda(square);
    square(queue, Range{2, 10, 2}, out);
    queue.finish();
    CHECK(out.get() == std::vector<std::int64_t>{0, 0, 4, 0, 16, 0, 36, 0, 64, 0});
    square(queue, out);
    queue.finish();
    CHECK(out.get() == std::vector<std::int64_t>{0, 1, 4, 9, 16, 25, 36, 49, 64, 81});
}

TEST_CASE("scalars convert by numpy's same_kind rule") {
    const ElementwiseKernel scale(context(), "double a, unsigned char b, bool c, double *x", "x[i] = a * i + b + c",
                                  {.name = "scale"});
    compiles_for_cuda(scale);
    auto x = Array<double>::zeros(context(), 4);
    scale(2, std::int64_t{255}, true, x); // an integer for a double, a 64-bit value that fits a byte
    CHECK(x.get() == std::vector<double>{256, 258, 260, 262});
    scale(0.5f, std::uint16_t{1}, false, x);
    CHECK(x.get() == std::vector<double>{1, 1.5, 2, 2.5});
}

TEST_CASE("complex arrays with the prelude's cfloat functions") {
    const ElementwiseKernel kernel(context(), "cfloat_t a, cfloat_t *x, cfloat_t *y, float s",
                                   "y[i] = cfloat_add(cfloat_mul(a, x[i]), cfloat_fromreal(s))",
                                   {.name = "complex_axpy"});
    const ElementwiseKernel magnitude(context(), "cdouble_t *z, double *m", "m[i] = cdouble_abs(z[i])",
                                      {.name = "magnitude"});
    compiles_for_cuda(kernel);
    compiles_for_cuda(magnitude);
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{129}, std::size_t{15391}}) {
        CAPTURE(n);
        const auto x_host = rtcg::test::values<std::complex<float>>(n);
        const auto x = Array<std::complex<float>>::to_device(context(), x_host);
        auto y = Array<std::complex<float>>::empty(context(), n);
        const std::complex<float> a(0.5f, -2.0f);
        kernel(a, x, y, 3);
        const auto y_host = y.get();
        for (std::size_t k = 0; k < n; ++k) {
            const std::complex<float> expected = a * x_host[k] + 3.0f;
            CHECK(y_host[k].real() == doctest::Approx(expected.real()).epsilon(1e-5));
            CHECK(y_host[k].imag() == doctest::Approx(expected.imag()).epsilon(1e-5));
        }
    }
    const auto z = Array<std::complex<double>>::to_device(context(), {{3, 4}, {-5, 12}, {0, 0}});
    auto m = Array<double>::empty(context(), 3);
    magnitude(z, m);
    CHECK(m.get() == std::vector<double>{5, 13, 0});
}

TEST_CASE("struct arrays and struct scalars") {
    rtcg::codegen::declare_struct<Particle>("arrays_particle", {"mass", "charge", "velocity"});
    const ElementwiseKernel push(context(), "arrays_particle *p, arrays_particle kick, float *energy",
                                 "p[i].velocity[0] += kick.velocity[0] * p[i].charge;"
                                 "energy[i] = 0.5f * p[i].mass * p[i].velocity[0] * p[i].velocity[0]",
                                 {.name = "push"});
    compiles_for_cuda(push);
    std::vector<Particle> host(1025);
    for (std::size_t k = 0; k < host.size(); ++k)
        host[k] = Particle{static_cast<float>(k % 5 + 1), static_cast<std::int32_t>(k % 3) - 1, {1.0f, 2.0f}};
    auto particles = Array<Particle>::to_device(context(), host);
    auto energy = Array<float>::empty(context(), host.size());
    push(particles, Particle{0, 0, {2.0f, 0}}, energy);
    const auto after = particles.get();
    const auto energies = energy.get();
    for (std::size_t k = 0; k < host.size(); ++k) {
        const float v = 1.0f + 2.0f * static_cast<float>(host[k].charge);
        CHECK(after[k].velocity[0] == v);
        CHECK(after[k].velocity[1] == 2.0f);
        CHECK(energies[k] == doctest::Approx(0.5f * host[k].mass * v * v));
    }
}

TEST_CASE("an equal kernel built again compiles nothing") {
    const ElementwiseKernel first(context(), "float *x, float v", "x[i] = v + 0.125f", {.name = "built_twice"});
    const rtcg::CompileCacheStats before = rtcg::compile_cache_stats();
    const ElementwiseKernel second(context(), "float *x, float v", "x[i] = v + 0.125f", {.name = "built_twice"});
    const rtcg::CompileCacheStats after = rtcg::compile_cache_stats();
    CHECK(after.compiles == before.compiles);
    CHECK(after.memory_hits == before.memory_hits); // not even a lookup of the source in core's memo
    CHECK(after.disk_hits == before.disk_hits);
    auto x = Array<float>::empty(context(), 3);
    second(x, 1.0f);
    CHECK(x.get() == std::vector<float>(3, 1.125f));
}

TEST_CASE("kernel names are prefixed, so names of OpenCL built-ins work") {
    const ElementwiseKernel rotate(context(), "unsigned int *x", "x[i] = (x[i] << 1) | (x[i] >> 31)",
                                   {.name = "rotate"});
    compiles_for_cuda(rotate);
    auto x = Array<std::uint32_t>::to_device(context(), {1u, 0x80000000u});
    rotate(x);
    CHECK(x.get() == std::vector<std::uint32_t>{2u, 1u});
    CHECK(rtcg::elementwise_kernel_name("rotate") == "rtcg_ew_rotate");
}

TEST_CASE("a kernel of a 10,000-character name runs, under a shortened name the same in every run") {
    const std::string name = "long_" + std::string(10'000, 'n');
    const ElementwiseKernel add_one(context(), "int *x", "x[i] += 1", {.name = name});
    compiles_for_cuda(add_one);
    auto x = Array<std::int32_t>::to_device(context(), {1, 2, 3, 4, 5});
    add_one(x);
    CHECK(x.get() == std::vector<std::int32_t>{2, 3, 4, 5, 6});
    // A readable beginning and a hash of the whole name; another name gets another hash.
    const std::string generated = rtcg::elementwise_kernel_name(name);
    CHECK(generated.size() == 64);
    CHECK(generated.rfind("rtcg_ew_long_nnn", 0) == 0);
    CHECK(generated == rtcg::elementwise_kernel_name(name));
    CHECK(generated != rtcg::elementwise_kernel_name(name + "m"));
    CHECK(rtcg::elementwise_kernel_name(std::string(56, 'k')) == "rtcg_ew_" + std::string(56, 'k'));
    CHECK(rtcg::elementwise_kernel_name(std::string(57, 'k')).size() == 64);
}

TEST_CASE("a generated kernel's parameters can be read from its CUDA source") {
    // The CUDA plug-in tells pointer parameters from values by the kernel's definition, read
    // through the prelude's macros and typedefs: every parameter of a generated kernel must be
    // readable.
    const ElementwiseKernel kernel = lin_comb();
    const auto parameters = rtcg::plugin::declared_parameters(kernel.source(Dialect::cuda), {},
                                                              rtcg::elementwise_kernel_name("lin_comb"),
                                                              rtcg::plugin::UnqualifiedPointers::global);
    REQUIRE(parameters);
    using rtcg::plugin::ParameterKind;
    std::vector<ParameterKind> kinds;
    for (const auto& parameter : *parameters) kinds.push_back(parameter.kind);
    // Each array is a pointer and its offset; then the range's start, step and count.
    const auto pointer = ParameterKind::global_pointer, value = ParameterKind::value;
    CHECK(kinds == std::vector{value, pointer, value, value, pointer, value, pointer, value, value, value, value});
}

TEST_CASE("the fill and arange kernels compile for CUDA") {
    for (const char* type : {"float", "double", "bool", "char", "unsigned long", "cfloat_t", "cdouble_t"}) {
        CAPTURE(type);
        const auto arguments = rtcg::codegen::parse_arguments(std::string(type) + " *x, " + type + " value");
        rtcg::test::compile_for_cuda(rtcg::elementwise_source(Dialect::cuda, arguments, "x[i] = value", "fill"));
    }
    const auto arguments = rtcg::codegen::parse_arguments("short *x, short start, short step");
    rtcg::test::compile_for_cuda(
        rtcg::elementwise_source(Dialect::cuda, arguments, "x[i] = start + i * step", "arange"));
}
