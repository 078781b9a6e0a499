// The OpenCL prelude's RTCG_LOAD_L2_ONLY (rtcg/codegen/prelude.hpp documents it): a plain load,
// since OpenCL C has no cache operators, or, where NVIDIA's compiler takes inline PTX, the load
// CUDA's __ldcg makes (ld.global.cg: cached in the L2, not in the first-level cache).
#include "prelude_parts.hpp"

#include <array>

namespace rtcg::codegen::detail {
namespace {

constexpr std::string_view plain_load = "#define RTCG_LOAD_L2_ONLY(pointer) (*(pointer))\n";

// One overload for each scalar that both dialects name alike: OpenCL C 1.2 has no generic
// functions, but the compilers of the platforms with inline PTX take clang's `overloadable`.
// `asm volatile` as CUDA's own __ldcg, so that the load is neither dropped nor merged with
// another of the same address; the pointer goes in as its 64-bit global address.
struct PtxScalar {
    std::string_view c_type, ptx_type, constraint;
};
constexpr std::array<PtxScalar, 6> ptx_scalars{{{"int", "s32", "r"},
                                                {"uint", "u32", "r"},
                                                {"long", "s64", "l"},
                                                {"ulong", "u64", "l"},
                                                {"float", "f32", "f"},
                                                {"double", "f64", "d"}}};

std::string ptx_loads() {
    std::string text;
    for (const PtxScalar& scalar : ptx_scalars) {
        const std::string type(scalar.c_type);
        const bool is_double = type == "double";
        if (is_double) text += "#if RTCG_HAS_FP64\n";
        text += "RTCG_DEVICE __attribute__((overloadable)) " + type + " rtcg_load_l2_only_(__global const " + type +
                "* pointer)\n{\n    " + type + " value;\n    asm volatile(\"ld.global.cg." +
                std::string(scalar.ptx_type) + " %0, [%1];\" : \"=" + std::string(scalar.constraint) +
                "\"(value) : \"l\"((ulong)pointer));\n    return value;\n}\n";
        if (is_double) text += "#endif\n";
    }
    return text + "#define RTCG_LOAD_L2_ONLY(pointer) rtcg_load_l2_only_(pointer)\n";
}

} // namespace

std::string_view opencl_l2_only_load(bool inline_ptx) {
    static const std::string through_ptx = ptx_loads();
    return inline_ptx ? std::string_view(through_ptx) : plain_load;
}

} // namespace rtcg::codegen::detail
