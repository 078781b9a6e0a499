#pragma once
// Every kernel the tests run, in the dialect-neutral form of rtcg/codegen/prelude.hpp, so that
// the compile-only tests can build each of them with NVRTC where no GPU is present.
#include <string_view>

namespace rtcg::test::kernels {

inline constexpr std::string_view twice = R"(
RTCG_KERNEL void twice(RTCG_GLOBAL float* a, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) a[i] *= 2;
}
)";

// Instantiated per element type with -DT=<type name>.
inline constexpr std::string_view scale_add = R"(
RTCG_KERNEL void scale_add(RTCG_GLOBAL const ELEMENT* RTCG_RESTRICT in, RTCG_GLOBAL ELEMENT* RTCG_RESTRICT out, ELEMENT offset,
                           unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = (ELEMENT)(in[i] * (ELEMENT)2 + offset);
}
)";

// A struct passed by value; -DI64=<64-bit integer type name>. Host twin: tests' Params.
inline constexpr std::string_view struct_argument = R"(
typedef struct { int count; float scale; I64 big; short small; } Params;
RTCG_KERNEL void unpack(Params p, RTCG_GLOBAL I64* out) {
    out[0] = p.count;
    out[1] = (I64)(p.scale * 1000.0f);
    out[2] = p.big;
    out[3] = p.small;
}
)";

inline constexpr std::string_view ids_3d = R"(
RTCG_KERNEL void ids(RTCG_GLOBAL unsigned* out) {
    const size_t x = RTCG_GLOBAL_ID(0), y = RTCG_GLOBAL_ID(1), z = RTCG_GLOBAL_ID(2);
    const size_t width = RTCG_GLOBAL_SIZE(0), height = RTCG_GLOBAL_SIZE(1);
    out[(z * height + y) * width + x] = (unsigned)(x + 100 * y + 10000 * z);
}
)";

// Reverses each block's elements through dynamic local memory.
inline constexpr std::string_view reverse_blocks = R"(
RTCG_KERNEL void reverse_blocks(RTCG_GLOBAL int* data RTCG_DYNAMIC_LOCAL_PARAM(int, scratch)) {
    RTCG_DYNAMIC_LOCAL_DECL(int, scratch);
    // Not "local": that is an address-space keyword in OpenCL C.
    const size_t lid = RTCG_LOCAL_ID(0), width = RTCG_LOCAL_SIZE(0);
    const size_t base = RTCG_GROUP_ID(0) * width;
    scratch[lid] = data[base + lid];
    RTCG_BARRIER();
    data[base + lid] = scratch[width - 1 - lid];
}
)";

inline constexpr std::string_view two_kernels = R"(
RTCG_KERNEL void first(RTCG_GLOBAL int* a) { a[0] = 1; }
RTCG_KERNEL void second(RTCG_GLOBAL int* a) { a[0] = 2; }
)";

// x = x * a + b, element by element.
inline constexpr std::string_view axpb = R"(
RTCG_KERNEL void axpb(RTCG_GLOBAL float* x, float a, float b, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) x[i] = x[i] * a + b;
}
)";

// Line 3 is wrong in both dialects.
inline constexpr std::string_view syntax_error = R"(
RTCG_KERNEL void broken(RTCG_GLOBAL float* a) {
    a[0] = undefined_identifier_here * 2;
}
)";

// Every kernel above that compiles, with the -D options it needs for one instantiation.
struct NamedKernel {
    std::string_view name;
    std::string_view source;
};
inline constexpr NamedKernel all[] = {
    {"twice", twice},       {"scale_add", scale_add},           {"struct_argument", struct_argument},
    {"ids_3d", ids_3d},     {"reverse_blocks", reverse_blocks}, {"two_kernels", two_kernels},
    {"axpb", axpb},
};

} // namespace rtcg::test::kernels
