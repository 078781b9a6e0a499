#pragma once
// What the Philox generator and its source generator agree on besides the source itself.
#include <rtcg/arrays/random.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <string>

namespace rtcg::random::detail {

// InvalidArgument unless `element` is uint32 for bits, float32 or float64 otherwise.
void check_element(Distribution distribution, const codegen::DType& element);

// "rtcg_philox_<distribution>_<numpy type name>", e.g. rtcg_philox_normal_float64.
std::string philox_kernel_name(Distribution distribution, const codegen::DType& element);

} // namespace rtcg::random::detail
