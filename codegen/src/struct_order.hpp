#pragma once
// Structs in the order C needs their declarations: each one after the structs it contains.
#include <rtcg/codegen/dtype.hpp>

#include <span>
#include <vector>

namespace rtcg::codegen::detail {

// Every struct in `types` and inside them, each once, dependencies first; other types are
// skipped. InvalidArgument when two different layouts have the same name, as one program
// cannot declare both.
std::vector<DType> structs_in_dependency_order(std::span<const DType> types);

} // namespace rtcg::codegen::detail
