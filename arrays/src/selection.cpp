// copy_if, remove_if, partition and unique as one selection scan each (selection_scan.hpp).
#include "selection_scan.hpp"

#include <rtcg/arrays/algorithms.hpp>

#include <string>

namespace rtcg::detail {
namespace {

using codegen::Argument;

// A selection over `in` by `predicate` (an expression of x[i]) whose statement writes `out`.
SelectionScan select_from(std::string_view algorithm, const ArrayData& in, const ArrayData& out,
                          std::string predicate, std::string statement, std::string preamble) {
    return SelectionScan{
        std::string(algorithm),
        {Argument::pointer(in.dtype(), "x", codegen::AddressSpace::global, true), Argument::pointer(in.dtype(), "out")},
        {CallArgument{&in, {}}, CallArgument{&out, {}}},
        std::move(predicate),
        std::move(statement),
        std::move(preamble)};
}

constexpr std::string_view write_selected = "if (prev_item != item) out[prev_item] = x[i]";

} // namespace

void copy_selected(const ArrayData& in, const ArrayData& out, std::string_view predicate, std::string_view preamble,
                   bool keep_where_true, const ArrayData& count) {
    const char* algorithm = keep_where_true ? "copy_if" : "remove_if";
    check_selection_outputs(algorithm, in.context(), in.dtype(), in.size(), out, count);
    const std::string kept = keep_where_true ? std::string(predicate) : "!(" + std::string(predicate) + ")";
    select_by_scan(select_from(algorithm, in, out, kept, std::string(write_selected), std::string(preamble)), count);
}

void partition(const ArrayData& in, const ArrayData& out, std::string_view predicate, std::string_view preamble,
               const ArrayData& count) {
    check_selection_outputs("partition", in.context(), in.dtype(), in.size(), out, count);
    // An element that fails goes after all last_item that hold, behind the i - prev_item failing
    // ones before it.
    select_by_scan(select_from("partition", in, out, std::string(predicate),
                               "if (prev_item != item) out[prev_item] = x[i];\n"
                               "else out[last_item + (i - prev_item)] = x[i]",
                               std::string(preamble)),
                   count);
}

void unique(const ArrayData& in, const ArrayData& out, std::string_view equal, std::string_view preamble,
            const ArrayData& count) {
    check_selection_outputs("unique", in.context(), in.dtype(), in.size(), out, count);
    // The element type's name differs between dialects; the kernel is built for this context's.
    const std::string type = in.dtype().c_name(codegen::dialect_of(in.context().device()));
    const std::string equality = std::string(preamble) + "\nRTCG_DEVICE int rtcg_unique_equal(" + type + " a, " +
                                 type + " b)\n{\n    return (" + std::string(equal) + ");\n}\n";
    select_by_scan(select_from("unique", in, out, "i == 0 || !rtcg_unique_equal(x[i - 1], x[i])",
                               std::string(write_selected), equality),
                   count);
}

} // namespace rtcg::detail
