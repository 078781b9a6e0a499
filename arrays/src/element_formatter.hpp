#pragma once
// Text of single array elements as numpy prints them, every element of an array padded alike.
// A formatter is made from the elements that will be shown, as numpy chooses widths, precision
// and notation from them.
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <memory>
#include <span>
#include <string>

namespace rtcg::detail {

class ElementFormatter {
public:
    virtual ~ElementFormatter() = default;
    virtual std::string format(const std::byte* element) const = 0;
};

// `shown`: the first byte of each element that will be printed.
std::unique_ptr<ElementFormatter> make_formatter(const codegen::DType& type, std::span<const std::byte* const> shown);

} // namespace rtcg::detail
