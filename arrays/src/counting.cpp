// searchsorted as a binary search per element, bincount and histogram as atomic additions into
// the counts; each an elementwise kernel whose table (the sorted array, the counts, the edges) is
// indexed by the data.
#include "untyped_calls.hpp"

#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/queue_scope.hpp>

#include <string>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// numpy's order, NaN after every number: whether a goes before b. For integers the NaN tests are
// always false and vanish.
constexpr std::string_view numpy_less = "((a) < (b) || ((b) != (b) && (a) == (a)))";

} // namespace

void searchsorted(const ArrayData& sorted, const ArrayData& values, const ArrayData& out, Side side) {
    if (sorted.dtype() != values.dtype())
        throw InvalidArgument("the values are " + std::string(values.dtype().name()) + ", the sorted array " +
                                  std::string(sorted.dtype().name()),
                              "searchsorted");
    if (values.size() == 0) return;
    const Context& context = values.context();
    // Left: the first position whose element is not before the value; right: the first after it.
    const std::string goes_right = side == Side::left ? "RTCG_NUMPY_LESS(sorted[middle], value)"
                                                      : "!RTCG_NUMPY_LESS(value, sorted[middle])";
    const ElementwiseKernel kernel(
        context,
        {Argument::pointer(sorted.dtype(), "sorted", codegen::AddressSpace::global, true),
         Argument::pointer(values.dtype(), "values", codegen::AddressSpace::global, true),
         Argument::pointer(DType::int64(), "out"), Argument::scalar(DType::int64(), "n_sorted")},
        "const " + values.dtype().c_name(codegen::dialect_of(context.device())) + " value = values[i];\n"
        "rtcg_index_t low = 0, high = n_sorted;\n"
        "while (low < high) {\n"
        "    const rtcg_index_t middle = low + (high - low) / 2;\n"
        "    if (" + goes_right + ") low = middle + 1; else high = middle;\n"
        "}\n"
        "out[i] = low",
        {.name = side == Side::left ? "searchsorted_left" : "searchsorted_right",
         .preamble = "#define RTCG_NUMPY_LESS(a, b) " + std::string(numpy_less)});
    const auto n_sorted = static_cast<std::int64_t>(sorted.size());
    const CallArgument args[] = {{&sorted, {}, true}, {&values, {}}, {&out, {}}, {nullptr, host_scalar(n_sorted)}};
    UntypedCalls::launch(kernel, current_queue(context), args);
}

void count_occurrences(const ArrayData& values, const ArrayData& counts) {
    const Context& context = values.context();
    const ElementwiseKernel kernel(
        context,
        {Argument::pointer(values.dtype(), "values", codegen::AddressSpace::global, true),
         Argument::pointer(DType::int64(), "counts")},
        "rtcg_atomic_add_i64_global(&counts[(rtcg_index_t)values[i]], 1)", {.name = "bincount"});
    const CallArgument args[] = {{&values, {}}, {&counts, {}, true}};
    UntypedCalls::launch(kernel, current_queue(context), args);
}

void count_in_bins(const ArrayData& values, const ArrayData& edges, const ArrayData& counts) {
    const Context& context = values.context();
    // numpy's binning: the bin from the scaled distance to the first edge, then moved by one where
    // rounding put the value on the wrong side of an edge; the last bin holds the upper edge.
    const ElementwiseKernel kernel(
        context,
        {Argument::pointer(values.dtype(), "values", codegen::AddressSpace::global, true),
         Argument::pointer(DType::float64(), "edges", codegen::AddressSpace::global, true),
         Argument::pointer(DType::int64(), "counts"), Argument::scalar(DType::int64(), "bins")},
        "const double x = (double)values[i];\n"
        "if (!(x >= edges[0] && x <= edges[bins])) continue;\n"
        "rtcg_index_t b = (rtcg_index_t)((x - edges[0]) * ((double)bins / (edges[bins] - edges[0])));\n"
        "if (b >= bins) b = bins - 1;\n"
        "if (b > 0 && x < edges[b]) --b;\n"
        "else if (b < bins - 1 && x >= edges[b + 1]) ++b;\n"
        "rtcg_atomic_add_i64_global(&counts[b], 1)",
        {.name = "histogram"});
    const auto bins = static_cast<std::int64_t>(counts.size());
    const CallArgument args[] = {{&values, {}}, {&edges, {}, true}, {&counts, {}, true}, {nullptr, host_scalar(bins)}};
    UntypedCalls::launch(kernel, current_queue(context), args);
}

std::vector<double> bin_edges(double low, double high, std::size_t bins) {
    // numpy.linspace: start + k * step, the last edge exactly `high`.
    std::vector<double> edges(bins + 1);
    const double step = (high - low) / static_cast<double>(bins);
    for (std::size_t k = 0; k < bins; ++k) edges[k] = static_cast<double>(k) * step + low;
    edges[bins] = high;
    return edges;
}

} // namespace rtcg::detail
