// merge and merge_by_key: one ElementwiseKernel per key (and value) type. Work-item w writes the
// outputs [w * merge_run, (w + 1) * merge_run): a binary search over the merge path finds how many
// of the elements before its run come from `a` (its co-rank), then it merges sequentially. Every
// index it reads is kept inside the arrays by the search's bounds and the merge's tests, whatever
// the inputs hold, so unsorted inputs give some order but never a read or write out of bounds.
#include "untyped_calls.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/core/error.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// Outputs per work-item: the search's log2(n) reads are then a fraction of the run's.
constexpr std::int64_t merge_run = 16;

// The kernel's statements; `values`: whether values move with the keys.
std::string merge_operation(bool values) {
    const std::string move_a = values ? "out_values[o] = a_values[p]; " : "";
    const std::string move_b = values ? "out_values[o] = b_values[q]; " : "";
    return "const rtcg_index_t start = i * " + std::to_string(merge_run) + ";\n"
           "const rtcg_index_t stop = na + nb - start < " + std::to_string(merge_run) + " ? na + nb : start + " +
           std::to_string(merge_run) + ";\n"
           // The most elements of `a` the first `start` outputs can hold, and the fewest; then the
           // first count whose next element of `a` goes after the element of `b` it would pass.
           // Stable: a's element goes first where neither is less.
           "rtcg_index_t low = start > nb ? start - nb : 0;\n"
           "rtcg_index_t high = start < na ? start : na;\n"
           "while (low < high) {\n"
           "    const rtcg_index_t middle = low + (high - low) / 2;\n"
           "    if (!RTCG_NUMPY_LESS(b[start - middle - 1], a[middle])) low = middle + 1; else high = middle;\n"
           "}\n"
           "rtcg_index_t p = low, q = start - low;\n"
           "for (rtcg_index_t o = start; o < stop; ++o) {\n"
           "    if (q >= nb || (p < na && !RTCG_NUMPY_LESS(b[q], a[p]))) { out[o] = a[p]; " + move_a + "++p; }\n"
           "    else { out[o] = b[q]; " + move_b + "++q; }\n"
           "}";
}

// numpy's order, NaN after every number: whether x goes before y. For integers the NaN tests are
// always false and vanish.
constexpr std::string_view numpy_less = "#define RTCG_NUMPY_LESS(x, y) ((x) < (y) || ((y) != (y) && (x) == (x)))\n";

} // namespace

void merge(const ArrayData& a, const ArrayData& b, const ArrayData& out, const ArrayData* a_values,
           const ArrayData* b_values, const ArrayData* out_values) {
    const bool values = a_values != nullptr;
    const std::string where = values ? "merge_by_key" : "merge";
    if (a.context() != b.context() || out.context() != a.context())
        throw InvalidArgument("the arrays belong to different contexts", where);
    if (a.dtype() != b.dtype() || out.dtype() != a.dtype())
        throw InvalidArgument("the arrays are " + std::string(a.dtype().name()) + " and " +
                                  std::string(b.dtype().name()) + "; they must be of one type",
                              where);
    if (out.size() != a.size() + b.size() || !out.is_contiguous())
        throw InvalidArgument("the output must be a new contiguous array of both inputs' size", where);
    if (values != (b_values != nullptr) || values != (out_values != nullptr))
        throw InvalidArgument("values for both inputs and the output, or for none", where);
    if (values) {
        if (a_values->size() != a.size() || b_values->size() != b.size())
            throw InvalidArgument(std::to_string(a.size()) + " and " + std::to_string(b.size()) + " keys but " +
                                      std::to_string(a_values->size()) + " and " + std::to_string(b_values->size()) +
                                      " values",
                                  where);
        if (a_values->context() != a.context() || b_values->context() != a.context() ||
            out_values->context() != a.context())
            throw InvalidArgument("the keys and the values belong to different contexts", where);
        if (b_values->dtype() != a_values->dtype() || out_values->dtype() != a_values->dtype() ||
            out_values->size() != out.size() || !out_values->is_contiguous())
            throw InvalidArgument("the values must be of one type, the output's contiguous and of the keys' size",
                                  where);
    }
    if (out.size() == 0) return;
    // One input empty: the other is the result (the kernel takes no empty buffer).
    if (a.size() == 0 || b.size() == 0) {
        const std::int64_t flat[] = {-1};
        copy_elements(out, *contiguous(a.size() ? a : b).reshape_view(flat));
        if (values) copy_elements(*out_values, *contiguous(a.size() ? *a_values : *b_values).reshape_view(flat));
        return;
    }

    const Context& context = a.context();
    // The kernel reads the inputs at indices of its choosing: contiguous stand-ins for views.
    const ArrayData a_keys = contiguous(a), b_keys = contiguous(b);
    std::vector<Argument> arguments{Argument::pointer(a.dtype(), "a", codegen::AddressSpace::global, true),
                                    Argument::pointer(a.dtype(), "b", codegen::AddressSpace::global, true),
                                    Argument::pointer(a.dtype(), "out")};
    std::vector<CallArgument> args{{&a_keys, {}, true}, {&b_keys, {}, true}, {&out, {}, true}};
    std::optional<ArrayData> a_moved, b_moved;
    if (values) {
        a_moved = contiguous(*a_values);
        b_moved = contiguous(*b_values);
        const DType& type = a_values->dtype();
        arguments.insert(arguments.end(), {Argument::pointer(type, "a_values", codegen::AddressSpace::global, true),
                                           Argument::pointer(type, "b_values", codegen::AddressSpace::global, true),
                                           Argument::pointer(type, "out_values")});
        args.insert(args.end(), {{&*a_moved, {}, true}, {&*b_moved, {}, true}, {out_values, {}, true}});
    }
    const auto na = static_cast<std::int64_t>(a.size());
    const auto nb = static_cast<std::int64_t>(b.size());
    arguments.insert(arguments.end(), {Argument::scalar(DType::int64(), "na"), Argument::scalar(DType::int64(), "nb")});
    args.insert(args.end(), {{nullptr, host_scalar(na)}, {nullptr, host_scalar(nb)}});
    const ElementwiseKernel kernel(context, std::move(arguments), merge_operation(values),
                                   {.name = values ? "merge_by_key" : "merge", .preamble = std::string(numpy_less)});
    const auto runs = static_cast<std::int64_t>((out.size() + merge_run - 1) / merge_run);
    UntypedCalls::launch(kernel, current_queue(context), Range{0, runs}, args);
}

} // namespace rtcg::detail
