#include "call_layout.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::detail {
namespace {

using codegen::Argument;

// Arrays that set the call's shape: not scalars, and not those a fused expression reads at index 0.
bool shapes_call(const CallArgument& argument) { return argument.array && !argument.broadcast; }

bool is_flat_call(std::span<const CallArgument> args, const Range* range) {
    const CallArgument* first = nullptr;
    for (const CallArgument& argument : args) {
        if (!shapes_call(argument)) continue;
        if (!argument.array->is_contiguous()) return false;
        if (!range && first && argument.array->size() != first->array->size()) return false;
        if (!first) first = &argument;
    }
    return true;
}

// `array`'s strides along `shape` (which its own shape broadcasts to): 0 along the axes it is
// broadcast over.
std::vector<std::ptrdiff_t> broadcast_strides(const ArrayData& array, const std::vector<std::size_t>& shape) {
    std::vector<std::ptrdiff_t> strides(shape.size(), 0);
    const std::size_t added = shape.size() - array.shape().size();
    for (std::size_t k = 0; k < array.shape().size(); ++k)
        if (array.shape()[k] != 1) strides[added + k] = array.strides()[k];
    return strides;
}

ArrayAccess classify(const std::vector<std::ptrdiff_t>& strides, const std::vector<std::size_t>& shape) {
    if (std::all_of(strides.begin(), strides.end(), [](std::ptrdiff_t s) { return s == 0; })) return ArrayAccess::uniform;
    std::ptrdiff_t packed = 1;
    for (std::size_t k = shape.size(); k-- > 0;) {
        if (strides[k] != packed) return ArrayAccess::strided;
        packed *= static_cast<std::ptrdiff_t>(shape[k]);
    }
    return ArrayAccess::flat;
}

} // namespace

std::string CallLayout::signature() const {
    std::string text = std::to_string(shape.size()) + (narrow() ? "n:" : "w:");
    for (const ArrayAccess a : access)
        text += a == ArrayAccess::flat ? 'f' : a == ArrayAccess::uniform ? 'u' : 's';
    return text;
}

CallLayout call_layout(const std::string& kernel, std::span<const Argument> declared, std::span<const CallArgument> args,
                       const Range* range) {
    CallLayout layout;
    layout.access.assign(args.size(), ArrayAccess::flat);
    if (is_flat_call(args, range)) return layout;
    layout.flat = false;

    std::vector<std::vector<std::size_t>> shapes;
    std::string listed;
    for (std::size_t k = 0; k < args.size(); ++k)
        if (shapes_call(args[k])) {
            shapes.push_back(args[k].array->shape());
            listed += std::string(listed.empty() ? "" : ", ") + "'" + declared[k].name + "' " +
                      shape_text(args[k].array->shape());
        }
    try {
        layout.broadcast_shape = broadcast_shapes(kernel, shapes);
    } catch (const InvalidArgument&) {
        throw InvalidArgument(kernel + ": the arrays' shapes do not broadcast together: " + listed +
                              " (arrays that are all contiguous may differ in shape if they are of one size, or "
                              "cover a Range)");
    }
    const std::vector<std::size_t>& shape = layout.broadcast_shape;
    layout.indices = 1;
    for (std::size_t extent : shape) layout.indices *= extent;

    // Broadcasting only ever stretches an array, so one of fewer elements than the call is broadcast.
    for (std::size_t k = 0; k < args.size(); ++k)
        if (shapes_call(args[k]) && !declared[k].is_const && args[k].array->size() < layout.indices)
            throw InvalidArgument(kernel + ": pointer argument '" + declared[k].name + "' of shape " +
                                  shape_text(args[k].array->shape()) + " would be broadcast to the call's shape " +
                                  shape_text(shape) +
                                  ", where several indices write each of its elements; declare it const to read it "
                                  "broadcast");
    if (range && range->size() != 0) {
        const std::size_t count = range->size();
        const std::int64_t lowest = std::min(range->start, range->at(count - 1));
        const std::int64_t highest = std::max(range->start, range->at(count - 1));
        if (lowest < 0 || static_cast<std::uint64_t>(highest) >= layout.indices)
            throw InvalidArgument(kernel + ": the range reaches indices " + std::to_string(lowest) + " to " +
                                  std::to_string(highest) + ", outside the call's shape " + shape_text(shape) + " of " +
                                  std::to_string(layout.indices) + " indices");
    }
    if (layout.indices == 0) return layout;

    // Each array's strides along the axes of extent above 1; then neighbours merged where every
    // array steps over the outer one as over `extent` of the inner.
    std::vector<std::vector<std::ptrdiff_t>> strides(args.size());
    for (std::size_t k = 0; k < args.size(); ++k)
        if (shapes_call(args[k])) strides[k] = broadcast_strides(*args[k].array, shape);
    std::vector<std::size_t> merged;
    std::vector<std::vector<std::ptrdiff_t>> merged_strides(args.size());
    for (std::size_t axis = 0; axis < shape.size(); ++axis) {
        if (shape[axis] == 1) continue;
        const bool joins = !merged.empty() && std::all_of(args.begin(), args.end(), [&](const CallArgument& a) {
            const std::size_t k = static_cast<std::size_t>(&a - args.data());
            return !shapes_call(a) ||
                   merged_strides[k].back() == strides[k][axis] * static_cast<std::ptrdiff_t>(shape[axis]);
        });
        if (joins) merged.back() *= shape[axis];
        else merged.push_back(shape[axis]);
        for (std::size_t k = 0; k < args.size(); ++k) {
            if (!shapes_call(args[k])) continue;
            if (joins) merged_strides[k].back() = strides[k][axis];
            else merged_strides[k].push_back(strides[k][axis]);
        }
    }
    if (merged.empty()) { // a single index
        merged.push_back(1);
        for (std::size_t k = 0; k < args.size(); ++k)
            if (shapes_call(args[k])) merged_strides[k].push_back(0);
    }

    layout.strides.resize(args.size());
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (!shapes_call(args[k])) continue;
        layout.access[k] = classify(merged_strides[k], merged);
        if (layout.access[k] == ArrayAccess::strided) layout.strides[k] = std::move(merged_strides[k]);
    }
    layout.shape = std::move(merged);
    return layout;
}

} // namespace rtcg::detail
