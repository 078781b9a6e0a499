// copy_if, remove_if, partition and unique as one scan each: the scan counts the selected
// elements before each index, which is where the output statement writes a selected element.
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/core/error.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// 32-bit counters wherever they can hold the element count: half the local memory and traffic of
// 64-bit ones.
DType count_type(std::size_t n) {
    return n <= std::numeric_limits<std::uint32_t>::max() ? DType::uint32() : DType::int64();
}

void check_output(std::string_view algorithm, const ArrayData& in, const ArrayData& out) {
    if (in.dtype() != out.dtype() || in.size() != out.size() || in.context() != out.context())
        throw InvalidArgument(std::string(algorithm) + ": the output must be an array of the input's dtype, size and "
                                                       "context");
}

// Runs a scan of `predicate` (1 where it holds) over `in` with `output_statement`, which writes
// `out`; the last index stores its item, the number of elements selected, in count[0] (not
// last_item, which would keep the scan from running in one pass). Returns that count.
std::size_t scan_selection(std::string_view algorithm, const ArrayData& in, const ArrayData& out,
                           std::string_view predicate, std::string_view preamble,
                           std::string_view output_statement) {
    check_output(algorithm, in, out);
    if (in.size() == 0) return 0;
    const Context& context = in.context();
    const DType counter = count_type(in.size());
    const ScanKernel scan(
        context, counter,
        {Argument::pointer(in.dtype(), "x", codegen::AddressSpace::global, true), Argument::pointer(in.dtype(), "out"),
         Argument::pointer(counter, "count")},
        {.input_expr = "(" + std::string(predicate) + ") ? 1 : 0",
         .scan_expr = "a + b",
         .neutral = "0",
         .output_statement = std::string(output_statement) + ";\nif (i == n - 1) count[0] = item"},
        {.name = std::string(algorithm), .preamble = std::string(preamble), .any_size_arrays = {"count"}});
    const ArrayData count(context, counter, {1});
    const CallArgument args[] = {{&in, {}}, {&out, {}}, {&count, {}}};
    UntypedCalls::launch(scan, current_queue(context), args);
    if (counter == DType::uint32()) {
        std::uint32_t selected = 0;
        count.read(&selected, sizeof selected);
        return selected;
    }
    std::int64_t selected = 0;
    count.read(&selected, sizeof selected);
    return static_cast<std::size_t>(selected);
}

constexpr std::string_view write_selected = "if (prev_item != item) out[prev_item] = x[i]";

} // namespace

std::size_t copy_selected(const ArrayData& in, const ArrayData& out, std::string_view predicate,
                          std::string_view preamble, bool keep_where_true) {
    if (keep_where_true) return scan_selection("copy_if", in, out, predicate, preamble, write_selected);
    return scan_selection("remove_if", in, out, "!(" + std::string(predicate) + ")", preamble, write_selected);
}

std::size_t partition(const ArrayData& in, const ArrayData& out, std::string_view predicate,
                      std::string_view preamble) {
    // An element that fails goes after all last_item that hold, behind the i - prev_item failing
    // ones before it.
    return scan_selection("partition", in, out, predicate, preamble,
                          "if (prev_item != item) out[prev_item] = x[i];\n"
                          "else out[last_item + (i - prev_item)] = x[i]");
}

std::size_t unique(const ArrayData& in, const ArrayData& out, std::string_view equal, std::string_view preamble) {
    // The element type's name differs between dialects; the kernel is built for this context's.
    const std::string type = in.dtype().c_name(codegen::dialect_of(in.context().device()));
    const std::string equality = std::string(preamble) + "\nRTCG_DEVICE int rtcg_unique_equal(" + type + " a, " +
                                 type + " b)\n{\n    return (" + std::string(equal) + ");\n}\n";
    return scan_selection("unique", in, out, "i == 0 || !rtcg_unique_equal(x[i - 1], x[i])", equality,
                          write_selected);
}

} // namespace rtcg::detail
