#pragma once
// The configuration lines that give a kernel its value and index types and their arithmetic:
// rtcg_sparse_value_t, rtcg_sparse_index_t, rtcg_sparse_real_t (the value type's real numbers:
// itself for real types), and, as C's operators for real types and the prelude's complex
// functions for complex ones (OpenCL C has no operator overloading):
//   RTCG_SPARSE_ZERO, RTCG_SPARSE_FROM_REAL(x), RTCG_SPARSE_REAL_PART(a)
//   RTCG_SPARSE_ADD(a, b), _SUB(a, b), _MUL(a, b), _DIV(a, b), _NEG(a), _CONJ(a)
//   RTCG_SPARSE_CONJ_MUL(a, b)   conj(a) b, the term of the inner product <a, b>
//   RTCG_SPARSE_RMUL(x, a), RTCG_SPARSE_MULR(a, x), RTCG_SPARSE_DIVR(a, x)   with x real
//   RTCG_SPARSE_ABS(a) (real), RTCG_SPARSE_IS_ZERO(a), _IS_NAN(a), _IS_FINITE(a)
//   RTCG_SPARSE_LOAD_STREAMING(pointer)   a value read once (the prelude's RTCG_LOAD_STREAMING for
//                                         real types; a plain load of the complex struct)
//   RTCG_SPARSE_LOAD_L2_ONLY(pointer)     a value read past the first-level cache (the prelude's
//                                         RTCG_LOAD_L2_ONLY for real types; a plain load of the
//                                         complex struct)
// and RTCG_SPARSE_REAL for real types.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <string>

namespace rtcg::sparse_detail {

std::string value_operations(codegen::Dialect dialect, const codegen::DType& value, const codegen::DType& index);

// Whether RTCG_SPARSE_LOAD_L2_ONLY passes the first-level cache by for `value` on `target` (real
// types where the prelude's RTCG_LOAD_L2_ONLY does), rather than being a plain load.
bool loads_past_the_l1(const codegen::Target& target, const codegen::DType& value);

} // namespace rtcg::sparse_detail
