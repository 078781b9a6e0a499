#include "value_operations.hpp"

#include "programs.hpp"

#include <rtcg/codegen/prelude.hpp>

namespace rtcg::sparse_detail {

std::string value_operations(codegen::Dialect dialect, const codegen::DType& value, const codegen::DType& index) {
    std::string text = "typedef " + value.c_name(dialect) + " rtcg_sparse_value_t;\ntypedef " + index_name(index) +
                       " rtcg_sparse_index_t;\n";
    if (value.is_complex()) {
        const bool single = value == codegen::DType::complex64();
        const std::string prefix = single ? "cfloat" : "cdouble";
        text += std::string("typedef ") + (single ? "float" : "double") + " rtcg_sparse_real_t;\n";
        text += "#define RTCG_SPARSE_ZERO " + prefix + "_new(0, 0)\n";
        text += "#define RTCG_SPARSE_FROM_REAL(x) " + prefix + "_fromreal(x)\n";
        text += "#define RTCG_SPARSE_REAL_PART(a) ((a).real)\n";
        text += "#define RTCG_SPARSE_ADD(a, b) " + prefix + "_add(a, b)\n";
        text += "#define RTCG_SPARSE_SUB(a, b) " + prefix + "_sub(a, b)\n";
        text += "#define RTCG_SPARSE_MUL(a, b) " + prefix + "_mul(a, b)\n";
        text += "#define RTCG_SPARSE_CONJ_MUL(a, b) " + prefix + "_mul(" + prefix + "_conj(a), b)\n";
        text += "#define RTCG_SPARSE_DIV(a, b) " + prefix + "_div(a, b)\n";
        text += "#define RTCG_SPARSE_RMUL(x, a) " + prefix + "_rmul(x, a)\n";
        text += "#define RTCG_SPARSE_MULR(a, x) " + prefix + "_mulr(a, x)\n";
        text += "#define RTCG_SPARSE_DIVR(a, x) " + prefix + "_divr(a, x)\n";
        text += "#define RTCG_SPARSE_NEG(a) " + prefix + "_neg(a)\n";
        text += "#define RTCG_SPARSE_CONJ(a) " + prefix + "_conj(a)\n";
        text += "#define RTCG_SPARSE_ABS(a) " + prefix + "_abs(a)\n";
        text += "#define RTCG_SPARSE_IS_ZERO(a) ((a).real == 0 && (a).imag == 0)\n";
        text += "#define RTCG_SPARSE_IS_NAN(a) (!((a).real == (a).real) || !((a).imag == (a).imag))\n";
        text += "#define RTCG_SPARSE_IS_FINITE(a) ((a).real - (a).real == 0 && (a).imag - (a).imag == 0)\n";
        text += "#define RTCG_SPARSE_LOAD_STREAMING(pointer) (*(pointer))\n";
        text += "#define RTCG_SPARSE_LOAD_L2_ONLY(pointer) (*(pointer))\n";
    } else {
        // C's own operators, so that real kernels compute exactly what they would written plainly.
        text += "#define RTCG_SPARSE_REAL 1\n";
        text += "typedef rtcg_sparse_value_t rtcg_sparse_real_t;\n";
        text += "#define RTCG_SPARSE_ZERO ((rtcg_sparse_value_t)0)\n";
        text += "#define RTCG_SPARSE_FROM_REAL(x) ((rtcg_sparse_value_t)(x))\n";
        text += "#define RTCG_SPARSE_REAL_PART(a) (a)\n";
        text += "#define RTCG_SPARSE_ADD(a, b) ((a) + (b))\n";
        text += "#define RTCG_SPARSE_SUB(a, b) ((a) - (b))\n";
        text += "#define RTCG_SPARSE_MUL(a, b) ((a) * (b))\n";
        text += "#define RTCG_SPARSE_CONJ_MUL(a, b) ((a) * (b))\n";
        text += "#define RTCG_SPARSE_DIV(a, b) ((a) / (b))\n";
        text += "#define RTCG_SPARSE_RMUL(x, a) ((x) * (a))\n";
        text += "#define RTCG_SPARSE_MULR(a, x) ((a) * (x))\n";
        text += "#define RTCG_SPARSE_DIVR(a, x) ((a) / (x))\n";
        text += "#define RTCG_SPARSE_NEG(a) (-(a))\n";
        text += "#define RTCG_SPARSE_CONJ(a) (a)\n";
        text += "#define RTCG_SPARSE_ABS(a) fabs(a)\n";
        text += "#define RTCG_SPARSE_IS_ZERO(a) ((a) == 0)\n";
        text += "#define RTCG_SPARSE_IS_NAN(a) (!((a) == (a)))\n";
        text += "#define RTCG_SPARSE_IS_FINITE(a) ((a) - (a) == 0)\n";
        text += "#define RTCG_SPARSE_LOAD_STREAMING(pointer) RTCG_LOAD_STREAMING(pointer)\n";
        text += "#define RTCG_SPARSE_LOAD_L2_ONLY(pointer) RTCG_LOAD_L2_ONLY(pointer)\n";
    }
    return text;
}

bool loads_past_the_l1(const codegen::Target& target, const codegen::DType& value) {
    // The value operations take the prelude's load for real types only.
    return codegen::l2_only_loads(target) && !value.is_complex();
}

} // namespace rtcg::sparse_detail
