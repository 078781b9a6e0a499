// The printed layout of syntax trees is a contract (generated code is read by people debugging
// kernels), so these tests compare exact text. That the printed code compiles and runs is
// checked by syntax_kernel_test.cpp on every backend.
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

using namespace rtcg::codegen::syntax;
using rtcg::codegen::AddressSpace;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::IndexQuery;

namespace {

Module example() {
    const Module module{{
      Define("N", "256"),
      Comment("Clamps and scales.\n\nTwo lines."),
      DeviceFunction(DType::float32(), "clamp01", "float x", Block{{
          If("x < 0.0f", Statement("return 0.0f"), If("x > 1.0f", Statement("return 1.0f"))),
          Statement("return x")}}),
      Kernel("scale", "float *y, const float *x, float a, unsigned int n", Block{{
          Index("i", IndexQuery::global_id, 0),
          Declare(DType::float32(), "cache").array(64).in(AddressSpace::local),
          If("i >= n", Statement("return")),
          Assign("cache[i % 64]", "x[i]"),
          Barrier(),
          For("int k = 0", "k < 2", "++k", Block{{Assign("y[i]", "a * clamp01(cache[i % 64])", "+=")}}),
          While("0", Block{}),
          If("a < 0.0f", Assign("y[i]", "0.0f"), Block{{Comment("keep")}}),
      }}),
      Kernel("long_signature", "float *first_output, float *second_output, const double *first_input, const double *second_input", Block{}),
    }};
    return module;
}

constexpr const char* expected_opencl = R"(#define N 256

// Clamps and scales.
//
// Two lines.

inline float clamp01(float x) {
    if (x < 0.0f) {
        return 0.0f;
    } else if (x > 1.0f) {
        return 1.0f;
    }
    return x;
}

__kernel void scale(__global float *y, __global const float *x, float a, uint n) {
    const size_t i = get_global_id(0);
    __local float cache[64];
    if (i >= n) {
        return;
    }
    cache[i % 64] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 2; ++k) {
        y[i] += a * clamp01(cache[i % 64]);
    }
    while (0) {
    }
    if (a < 0.0f) {
        y[i] = 0.0f;
    } else {
        // keep
    }
}

__kernel void long_signature(
    __global float *first_output,
    __global float *second_output,
    __global const double *first_input,
    __global const double *second_input
) {
}
)";

constexpr const char* expected_cuda = R"(#define N 256

// Clamps and scales.
//
// Two lines.

__device__ inline float clamp01(float x) {
    if (x < 0.0f) {
        return 0.0f;
    } else if (x > 1.0f) {
        return 1.0f;
    }
    return x;
}

extern "C" __global__ void scale(float *y, const float *x, float a, unsigned int n) {
    const size_t i = ((size_t)blockIdx.x * (size_t)blockDim.x + (size_t)threadIdx.x);
    __shared__ float cache[64];
    if (i >= n) {
        return;
    }
    cache[i % 64] = x[i];
    __syncthreads();
    for (int k = 0; k < 2; ++k) {
        y[i] += a * clamp01(cache[i % 64]);
    }
    while (0) {
    }
    if (a < 0.0f) {
        y[i] = 0.0f;
    } else {
        // keep
    }
}

extern "C" __global__ void long_signature(
    float *first_output,
    float *second_output,
    const double *first_input,
    const double *second_input
) {
}
)";

} // namespace

TEST_CASE("a module prints as clean OpenCL C") { CHECK(print(example(), Dialect::opencl) == expected_opencl); }

TEST_CASE("the same module prints as clean CUDA") { CHECK(print(example(), Dialect::cuda) == expected_cuda); }

TEST_CASE("nodes refuse what no kernel can declare") {
    CHECK_THROWS_AS(Declare(DType::float32(), "x").in(AddressSpace::global), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Index("i", IndexQuery::global_id, 3), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Barrier(AddressSpace::constant), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Function(Function::Kind::kernel, DType::int32(), "k", {}, Block{}), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Kernel("k", "float *", Block{}), rtcg::InvalidArgument);
}

TEST_CASE("trees are values: a subtree can be reused and printed on its own") {
    const Code body = Block{{Assign("x", "1")}};
    const Module twice{{Kernel("a", "", Block{{body}}), Kernel("b", "", Block{{body}})}};
    CHECK(print(twice, Dialect::opencl) == "__kernel void a() {\n    {\n        x = 1;\n    }\n}\n\n"
                                          "__kernel void b() {\n    {\n        x = 1;\n    }\n}\n");
    CHECK(print(Sequence({Statement("f()"), Raw("g();\nh();")}), Dialect::cuda) == "f();\ng();\nh();\n");
}
