// sort and argsort along an axis (algorithms.hpp says why two stable radix sorts): the axis is
// moved innermost by a copy, so that line l holds elements [l * length, (l + 1) * length) of the
// flat array. The first sort, by key, carries each element's flat position; the second, by the
// line of that position, carries the positions on; the sorted keys are then gathered through them
// (sort), or the positions turned into places along the axis (argsort), and copied back to the
// input's axis order.
#include "untyped_calls.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// The values moved as sort_by_key moves them with the keys.
ArrayData values_by_key(const ArrayData& keys, const ArrayData& values) {
    const std::vector<std::size_t> flat{keys.size()};
    const std::array<ArrayData, 2> keys_out{ArrayData(keys.context(), keys.dtype(), flat),
                                            ArrayData(keys.context(), keys.dtype(), flat)};
    const std::array<ArrayData, 2> values_out{ArrayData(keys.context(), values.dtype(), flat),
                                              ArrayData(keys.context(), values.dtype(), flat)};
    return values_out[radix_sort(keys, &values, {&keys_out[0], &keys_out[1]}, {&values_out[0], &values_out[1]})];
}

// Runs `operation` at every index of `out` (written), with `source` (read through `i`-derived
// indices, so flagged broadcast where given) and the line length.
void run_indexing(const Context& context, const std::string& name, const ArrayData& out, const ArrayData* source,
                  const std::string& operation, const std::int64_t& length) {
    std::vector<Argument> arguments{Argument::pointer(out.dtype(), "out")};
    std::vector<CallArgument> args{{&out, {}}};
    if (source) {
        arguments.push_back(Argument::pointer(source->dtype(), "source", codegen::AddressSpace::global, true));
        args.push_back({source, {}, true});
    }
    arguments.push_back(Argument::scalar(DType::int64(), "length"));
    args.push_back({nullptr, host_scalar(length)});
    const ElementwiseKernel kernel(context, std::move(arguments), operation, {.name = name});
    UntypedCalls::launch(kernel, current_queue(context), args);
}

void check_output(const ArrayData& keys, const ArrayData* out, const DType& dtype, const std::string& where) {
    if (out && (out->dtype() != dtype || out->shape() != keys.shape() || out->context() != keys.context() ||
                !out->is_contiguous()))
        throw InvalidArgument("the output must be a new contiguous " + std::string(dtype.name()) +
                                  " array of the keys' shape and context",
                              where);
}

} // namespace

void sort_along(const ArrayData& keys, std::int64_t axis, const ArrayData* out, const ArrayData* positions,
                std::string_view function) {
    const std::string where(function);
    const std::size_t k = checked_axis(where, axis, keys.shape().size());
    if (!out == !positions) throw InvalidArgument("exactly one of the sorted keys and the positions is asked for", where);
    check_output(keys, out, keys.dtype(), where);
    check_output(keys, positions, DType::int64(), where);
    if (keys.size() == 0) return;
    std::vector<std::int64_t> order;
    for (std::size_t other = 0; other < keys.shape().size(); ++other)
        if (other != k) order.push_back(static_cast<std::int64_t>(other));
    order.push_back(static_cast<std::int64_t>(k));

    const Context& context = keys.context();
    const ArrayData moved = contiguous(keys.transpose(order));
    const std::int64_t flat_shape[] = {-1};
    const ArrayData flat = *moved.reshape_view(flat_shape);
    const std::size_t n = keys.size();
    const std::int64_t length = static_cast<std::int64_t>(keys.shape()[k]);
    // Flat positions, and lines, as 32-bit words where they fit: the sorts move fewer bytes, and
    // every key type shares the sort of lines carrying positions.
    const DType index_type = n <= 0xffffffffu ? DType::uint32() : DType::uint64();
    const std::string index_c_type = index_type.c_name(codegen::dialect_of(context.device()));
    // Where the axis is the last one, the result's lines are the moved array's, and the last
    // kernel writes the result itself; otherwise it writes a flat array that is copied back in
    // the input's axis order.
    const bool last_axis = k + 1 == keys.shape().size();
    const auto flat_target = [&](const ArrayData& target) {
        return last_axis ? *target.reshape_view(flat_shape) : ArrayData(context, target.dtype(), {n});
    };
    const auto copy_back = [&](const ArrayData& target, const ArrayData& written) {
        if (last_axis) return;
        copy_elements(target.transpose(order), *written.reshape_view(std::vector<std::int64_t>(
                                                    moved.shape().begin(), moved.shape().end())));
    };

    const ArrayData indices(context, index_type, {n});
    run_indexing(context, "sort_flat_index", indices, nullptr, "out[i] = (" + index_c_type + ")i", length);
    ArrayData positions_found = values_by_key(flat, indices);
    if (static_cast<std::size_t>(length) != n) {
        const ArrayData lines(context, index_type, {n});
        run_indexing(context, "sort_line_of_position", lines, &positions_found,
                     "out[i] = (" + index_c_type + ")(source[i] / length)", length);
        positions_found = values_by_key(lines, positions_found);
    }
    if (out) {
        const ArrayData sorted = flat_target(*out);
        const CallArgument args[] = {{&sorted, {}}, {&flat, {}, true}, {&positions_found, {}}};
        const ElementwiseKernel take(context,
                                     {Argument::pointer(keys.dtype(), "out"),
                                      Argument::pointer(keys.dtype(), "source", codegen::AddressSpace::global, true),
                                      Argument::pointer(index_type, "at", codegen::AddressSpace::global, true)},
                                     "out[i] = source[at[i]]", {.name = "sort_take"});
        UntypedCalls::launch(take, current_queue(context), args);
        return copy_back(*out, sorted);
    }
    const ArrayData places = flat_target(*positions);
    run_indexing(context, "sort_position_in_line", places, &positions_found,
                 "out[i] = (rtcg_index_t)(source[i] % (" + index_c_type + ")length)", length);
    copy_back(*positions, places);
}

} // namespace rtcg::detail
