#pragma once
// The scan behind every operation that keeps some elements in order (copy_if, remove_if,
// partition, unique, extract, flatnonzero): the scan counts the selected indices before each
// index, which is where the output statement writes a selected one, and the last index stores the
// total in a device array, so that no operation waits for the device unless its caller reads it.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct SelectionScan {
    std::string name;                          // the operation, for kernel names and messages
    std::vector<codegen::Argument> arguments;  // the arrays read (the first decides the scan's size) and `out`
    std::vector<CallArgument> values;          // their arrays, in order
    std::string predicate;                     // a C expression of i and the arguments: 1 where selected
    std::string statement;                     // writes `out` at an index, from prev_item (the selected before it) and item
    std::string preamble = {};
};

// InvalidArgument, naming `operation`, unless `out` can take a result of up to `n` elements of
// `dtype` (at least n elements of it, in `context`) and `count` is one int64 element there.
void check_selection_outputs(std::string_view operation, const Context& context, const codegen::DType& dtype,
                             std::size_t n, const ArrayData& out, const ArrayData& count);

// Runs `scan` over its first array's indices on the current queue and stores the number selected
// in count[0] (int64). `out` may be longer than the scan; it is the argument named "out".
void select_by_scan(const SelectionScan& scan, const ArrayData& count);

} // namespace rtcg::detail
