#include "value_operations.hpp"

#include "programs.hpp"

namespace rtcg::sparse_detail {

std::string value_operations(codegen::Dialect dialect, const codegen::DType& value, const codegen::DType& index) {
    std::string text = "typedef " + value.c_name(dialect) + " rtcg_sparse_value_t;\ntypedef " + index_name(index) +
                       " rtcg_sparse_index_t;\n";
    if (value.is_complex()) {
        const std::string prefix = value == codegen::DType::complex64() ? "cfloat" : "cdouble";
        text += "#define RTCG_SPARSE_ZERO " + prefix + "_new(0, 0)\n";
        text += "#define RTCG_SPARSE_ADD(a, b) " + prefix + "_add(a, b)\n";
        text += "#define RTCG_SPARSE_SUB(a, b) " + prefix + "_sub(a, b)\n";
        text += "#define RTCG_SPARSE_MUL(a, b) " + prefix + "_mul(a, b)\n";
        text += "#define RTCG_SPARSE_IS_ZERO(a) ((a).real == 0 && (a).imag == 0)\n";
    } else {
        text += "#define RTCG_SPARSE_REAL 1\n";
        text += "#define RTCG_SPARSE_ZERO ((rtcg_sparse_value_t)0)\n";
        text += "#define RTCG_SPARSE_ADD(a, b) ((a) + (b))\n";
        text += "#define RTCG_SPARSE_SUB(a, b) ((a) - (b))\n";
        text += "#define RTCG_SPARSE_MUL(a, b) ((a) * (b))\n";
        text += "#define RTCG_SPARSE_IS_ZERO(a) ((a) == 0)\n";
    }
    return text;
}

} // namespace rtcg::sparse_detail
