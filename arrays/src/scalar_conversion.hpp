#pragma once
// A C++ value converted to the type a scalar kernel argument declares, by numpy's same_kind rule
// (see rtcg/arrays/elementwise.hpp).
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <string_view>

namespace rtcg::detail {

// Writes the converted value into `slot` (or, for structs and vectors, points at the caller's
// bytes) and returns the kernel argument. InvalidArgument naming `kernel` (the generator and the
// kernel's name, "ElementwiseKernel 'lin_comb'") and the argument when the value does not convert.
KernelArgument convert_scalar(const codegen::Argument& declared, const HostScalar& value, ArgumentSlot& slot,
                                      std::string_view kernel);

} // namespace rtcg::detail
