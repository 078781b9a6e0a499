#pragma once
// The configuration lines that give a kernel its value and index types and their arithmetic:
// rtcg_sparse_value_t, rtcg_sparse_index_t, and RTCG_SPARSE_ZERO, RTCG_SPARSE_ADD(a, b),
// RTCG_SPARSE_SUB(a, b), RTCG_SPARSE_MUL(a, b), RTCG_SPARSE_IS_ZERO(a) (and RTCG_SPARSE_REAL for real
// types), which are C's operators
// for real types and the prelude's complex functions for complex ones.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <string>

namespace rtcg::sparse_detail {

std::string value_operations(codegen::Dialect dialect, const codegen::DType& value, const codegen::DType& index);

} // namespace rtcg::sparse_detail
