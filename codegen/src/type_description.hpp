#pragma once
// What a DType points at: an immutable description shared by every copy.
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace rtcg::codegen::detail {

struct TypeDescription {
    TypeKind kind;
    std::string name;
    std::size_t size;
    std::size_t alignment;
    std::string cuda_name;
    std::string opencl_name;
    std::shared_ptr<const TypeDescription> element; // complex: real part; vector: lane type
    int lanes = 1;
    std::vector<StructField> fields;
};

} // namespace rtcg::codegen::detail
