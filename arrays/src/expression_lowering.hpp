#pragma once
// An expression tree as kernel text: a C expression over the index `i`, the kernel arguments it
// reads (each distinct array once, each scalar as a value), and the device functions it calls.
// Equal trees over other values lower to equal text, which is what the kernel cache keys on.
#include "expression_functions.hpp"
#include "expression_node.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct LoweredExpression {
    std::vector<codegen::Argument> arguments; // named x<k> (arrays) and s<k> (scalars)
    // The call's values for `arguments`, pointing into the tree, which must outlive them.
    std::vector<CallArgument> values;
    std::string text;
};

// The device functions `text` calls are defined in `functions`, which may collect those of other
// expressions of the same kernel too; its definitions() go before the kernel. An element of array
// argument x<k> reads as x<k>[i], the element at index i (the form element_pairing.hpp pairs); a
// 0-dimensional array reads as x<k>[0], and its argument is flagged broadcast.
LoweredExpression lower(const ExprNode& root, codegen::Dialect dialect, DeviceFunctions& functions);

} // namespace rtcg::detail
