#pragma once
// The translation units of the link tests: a kernel that calls a function it only declares, and
// that function, in source both dialects compile (the kernel's with the portable prelude).
#include <string>
#include <string_view>

namespace rtcg::test {

// A function another unit may call: `extern "C"` on CUDA, so that its name is not mangled, and
// __device__, so that it runs on the device; nothing on OpenCL C, where every function links.
inline constexpr std::string_view linkage = R"(
#ifdef __CUDACC__
#define LINKED extern "C" __device__
#else
#define LINKED
#endif
)";

// Unit A: the kernel `apply(out, n)`, out[i] = offset_of(i), which only declares offset_of.
inline std::string kernel_unit() {
    return std::string(linkage) + R"(
LINKED int offset_of(int i);
RTCG_KERNEL void apply(RTCG_GLOBAL int* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = offset_of(i);
}
)";
}

// Unit B: offset_of(i) = SCALE * i + 1, SCALE defined by the unit's options.
inline std::string function_unit() {
    return std::string(linkage) + R"(
LINKED int offset_of(int i) { return SCALE * i + 1; }
)";
}

} // namespace rtcg::test
