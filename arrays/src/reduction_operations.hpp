#pragma once
// The folds that the reductions of arrays share (whole-array in expression_reduction.cpp, along
// axes in axis_reduction.cpp): C expressions of two values `a` and `b` of one type, and the
// identities of min and max.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <string>

namespace rtcg::detail {

// a + b as numpy's sum adds: integers wrap, bools are or-ed.
std::string sum_of(const codegen::DType& type, codegen::Dialect dialect);
// a * b as numpy's prod multiplies: integers wrap, bools are and-ed.
std::string product_of(const codegen::DType& type, codegen::Dialect dialect);
// The largest value of `type` (`largest`) or the smallest, as a literal: infinities for floating
// types.
std::string extreme(const codegen::DType& type, codegen::Dialect dialect, bool largest);

} // namespace rtcg::detail
