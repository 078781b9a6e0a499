#pragma once
// What the counter-based generators and their source generator agree on besides the source itself.
#include <rtcg/arrays/random.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <string>

namespace rtcg::random::detail {

// InvalidArgument unless `element` is uint32 for bits, float32 or float64 otherwise.
void check_element(Distribution distribution, const codegen::DType& element);

// "philox" or "threefry": the generator's name in its kernels' and device functions' names.
const char* block_function_name(BlockFunction block_function);

// "rtcg_<generator>_<distribution>_<numpy type name>", e.g. rtcg_threefry_normal_float64.
std::string kernel_name(BlockFunction block_function, Distribution distribution, const codegen::DType& element);

} // namespace rtcg::random::detail
