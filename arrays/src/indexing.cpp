// take and put as elementwise kernels whose tables (the source, the values) are read where the
// indices point, and extract and flatnonzero as one scan each over a mask.
#include "device_sources.hpp"
#include "index_division.hpp"
#include "selection_scan.hpp"
#include "storage_overlap.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <array>
#include <cstdint>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// Statements that turn `k` (an index read from the index array) into a position in [0, n), or,
// with mode raise, record it in `error` (its flag, then the index) and leave the element alone.
std::string normalized_index(IndexMode mode) {
    switch (mode) {
    case IndexMode::raise:
        return "if (k < -n_axis || k >= n_axis) { error[0] = 1; error[1] = k; continue; }\n"
               "if (k < 0) k += n_axis;\n";
    case IndexMode::wrap: return "k = rtcg_wrap_index(k, n_axis, wrap_multiplier, wrap_log2);\n";
    case IndexMode::clip: return "k = k < 0 ? 0 : (k >= n_axis ? n_axis - 1 : k);\n";
    }
    throw InvalidArgument("unknown index mode");
}

// With mode wrap, what normalized_index's statements need besides n_axis: `wrap` (the axis's
// divisor, which the values point to until the call is launched) as two arguments, and
// rtcg_wrap_index itself as the kernel's preamble (returned).
std::string add_wrap_divisor(IndexMode mode, const WrapDivisor& wrap, std::vector<Argument>& arguments,
                             std::vector<CallArgument>& values) {
    if (mode != IndexMode::wrap) return {};
    arguments.push_back(Argument::scalar(DType::uint64(), "wrap_multiplier"));
    arguments.push_back(Argument::scalar(DType::int32(), "wrap_log2"));
    values.push_back({nullptr, host_scalar(wrap.multiplier)});
    values.push_back({nullptr, host_scalar(wrap.ceiling_log2)});
    return std::string(device::thread::index_division);
}

std::string mode_name(IndexMode mode) {
    return mode == IndexMode::raise ? "raise" : mode == IndexMode::wrap ? "wrap" : "clip";
}

void check_indices(const char* where, const ArrayData& indices) {
    if (!indices.dtype().is_integer())
        throw InvalidArgument("indices must be integers, not " + std::string(indices.dtype().name()), where);
}

// The error words of mode raise: zero before the kernel; afterwards, a flag and an offending index.
class IndexError {
public:
    explicit IndexError(const Context& context) : words_(context, DType::int64(), {2}) {
        const std::int64_t zero[2] = {0, 0};
        words_.write(zero, sizeof zero);
    }
    const ArrayData& words() const noexcept { return words_; }
    // InvalidArgument naming the index, when the kernel recorded one (reads back: waits).
    void check(const char* where, std::size_t extent) const {
        std::int64_t read[2];
        words_.read(read, sizeof read);
        if (read[0])
            throw InvalidArgument("index " + std::to_string(read[1]) + " is out of bounds for an axis of size " +
                                      std::to_string(extent),
                                  where);
    }

private:
    ArrayData words_;
};

// With mode raise, every index is checked before any is written, so that a bad one leaves the
// array as it was: InvalidArgument naming it (reads back: waits).
void check_every_index(const char* where, const ArrayData& indices, std::size_t extent) {
    const Context& context = indices.context();
    const ElementwiseKernel validate(
        context,
        {Argument::pointer(indices.dtype(), "indices", codegen::AddressSpace::global, true),
         Argument::scalar(DType::int64(), "n_axis"), Argument::pointer(DType::int64(), "error")},
        "rtcg_index_t k = (rtcg_index_t)indices[i];\n" + normalized_index(IndexMode::raise), {.name = "put_check"});
    const IndexError error(context);
    const auto n_axis = static_cast<std::int64_t>(extent); // host_scalar points to it
    const CallArgument args[] = {{&indices, {}}, {nullptr, host_scalar(n_axis)}, {&error.words(), {}, true}};
    UntypedCalls::launch(validate, current_queue(context), args);
    error.check(where, extent);
}

// InvalidArgument unless the indices are integers and the values of the target's dtype.
void check_put(const ArrayData& target, const ArrayData& indices, const ArrayData& values) {
    check_indices("put", indices);
    if (values.dtype() != target.dtype())
        throw InvalidArgument("the values are " + std::string(values.dtype().name()) + ", the array " +
                                  std::string(target.dtype().name()),
                              "put");
}

// `array`, or a copy of it where it shares storage with `written`.
ArrayData apart_from(const ArrayData& written, const ArrayData& array) {
    if (!storage_overlaps(written, array)) return array;
    ArrayData copy(array.context(), array.dtype(), array.shape());
    copy_elements(copy, array);
    return copy;
}

} // namespace

void take(const ArrayData& source, std::size_t axis_extent, std::size_t inner, const ArrayData& indices,
          const ArrayData& out, IndexMode mode) {
    check_indices("take", indices);
    if (out.size() == 0) return;
    if (axis_extent == 0)
        throw InvalidArgument("cannot take " + std::to_string(indices.size()) + " elements from an axis of size 0",
                              "take");
    const Context& context = out.context();
    std::vector<Argument> arguments{Argument::pointer(out.dtype(), "out"),
                                    Argument::pointer(source.dtype(), "source", codegen::AddressSpace::global, true),
                                    Argument::pointer(indices.dtype(), "indices", codegen::AddressSpace::global, true),
                                    Argument::scalar(DType::int64(), "n_axis"), Argument::scalar(DType::int64(), "inner"),
                                    Argument::scalar(DType::int64(), "n_indices")};
    const auto n_axis = static_cast<std::int64_t>(axis_extent), n_inner = static_cast<std::int64_t>(inner),
               n_indices = static_cast<std::int64_t>(indices.size());
    std::vector<CallArgument> args{{&out, {}}, {&source, {}, true}, {&indices, {}, true},
                                   {nullptr, host_scalar(n_axis)}, {nullptr, host_scalar(n_inner)},
                                   {nullptr, host_scalar(n_indices)}};
    const WrapDivisor wrap = wrap_divisor(n_axis);
    std::string preamble = add_wrap_divisor(mode, wrap, arguments, args);
    if (mode == IndexMode::raise) arguments.push_back(Argument::pointer(DType::int64(), "error"));
    // Restrict where `out` has storage of its own (the error words always do), so that the compiler
    // may issue a work-item's second gather before its first index's check and store.
    const bool own_storage = &out.buffer() != &source.buffer() && &out.buffer() != &indices.buffer();
    for (Argument& argument : arguments) argument.is_restrict = argument.is_pointer && own_storage;
    // Output i is element `within` of index j's row in block `outer`. Where the axis is the whole
    // source (one block, rows of one element) i is j: the kernel splits no index, which would cost
    // two 64-bit divisions per element.
    const bool flat = inner == 1 && out.size() == indices.size();
    const std::string position = flat ? "const rtcg_index_t j = i;\n"
                                      : "const rtcg_index_t within = i % inner, rest = i / inner;\n"
                                        "const rtcg_index_t j = rest % n_indices, outer = rest / n_indices;\n";
    const std::string element = flat ? "source[k]" : "source[(outer * n_axis + k) * inner + within]";
    // The indices pass once: read cache-streaming, so that the L2 keeps more of the source, which
    // the gathers may read again (the output, written once, streams as the paired kernel stores it).
    const std::string operation = position + "rtcg_index_t k = (rtcg_index_t)RTCG_LOAD_STREAMING(&indices[j]);\n" +
                                  normalized_index(mode) + "out[i] = " + element;
    const ElementwiseKernel kernel(context, std::move(arguments), operation,
                                   {.name = std::string(flat ? "take_flat_" : "take_") + (own_storage ? "" : "aliased_") +
                                            mode_name(mode),
                                    .preamble = std::move(preamble)});
    if (mode != IndexMode::raise) return UntypedCalls::launch_gathers(kernel, current_queue(context), args);
    const IndexError error(context);
    args.push_back({&error.words(), {}, true});
    UntypedCalls::launch_gathers(kernel, current_queue(context), args);
    error.check("take", axis_extent);
}

void put(const ArrayData& target, const ArrayData& indices, const ArrayData& values, IndexMode mode) {
    check_put(target, indices, values);
    if (indices.size() == 0) return;
    if (values.size() == 0 || target.size() == 0)
        throw InvalidArgument("cannot put " + std::to_string(values.size()) + " values into " +
                                  std::to_string(target.size()) + " elements at " + std::to_string(indices.size()) +
                                  " indices",
                              "put");
    const Context& context = target.context();
    const auto n_axis = static_cast<std::int64_t>(target.size()), n_values = static_cast<std::int64_t>(values.size());
    if (mode == IndexMode::raise) check_every_index("put", indices, target.size());
    const IndexMode scatter_mode = mode == IndexMode::raise ? IndexMode::wrap : mode; // checked: wrap changes none
    // Values or indices in the target's storage are read from copies, as put_along's.
    const ArrayData values_read = apart_from(target, values), indices_read = apart_from(target, indices);
    std::vector<Argument> arguments{Argument::pointer(target.dtype(), "target"),
                                    Argument::pointer(indices.dtype(), "indices", codegen::AddressSpace::global, true),
                                    Argument::pointer(values.dtype(), "values", codegen::AddressSpace::global, true),
                                    Argument::scalar(DType::int64(), "n_axis"), Argument::scalar(DType::int64(), "n_values")};
    std::vector<CallArgument> args{{&target, {}, true}, {&indices_read, {}}, {&values_read, {}, true},
                                   {nullptr, host_scalar(n_axis)}, {nullptr, host_scalar(n_values)}};
    const WrapDivisor wrap = wrap_divisor(n_axis);
    std::string preamble = add_wrap_divisor(scatter_mode, wrap, arguments, args);
    const ElementwiseKernel scatter(context, std::move(arguments),
                                    "rtcg_index_t k = (rtcg_index_t)indices[i];\n" + normalized_index(scatter_mode) +
                                        "target[k] = values[i % n_values]",
                                    {.name = "put_" + mode_name(scatter_mode), .preamble = std::move(preamble)});
    UntypedCalls::launch(scatter, current_queue(context), args);
}

void put_along(const ArrayData& target, std::size_t axis_extent, std::size_t inner, const ArrayData& indices,
               const ArrayData& values, IndexMode mode) {
    check_put(target, indices, values);
    if (values.size() == 0) return;
    if (axis_extent == 0)
        throw InvalidArgument("cannot put at " + std::to_string(indices.size()) + " indices of an axis of size 0", "put");
    if (mode == IndexMode::raise) check_every_index("put", indices, axis_extent);
    const IndexMode scatter_mode = mode == IndexMode::raise ? IndexMode::wrap : mode; // checked: wrap changes none
    const Context& context = target.context();
    // What the scatter writes must not change what it reads: values or indices in the target's
    // storage are read from copies, as numpy's assignment does.
    const ArrayData values_read = apart_from(target, values), indices_read = apart_from(target, indices);
    const auto n_axis = static_cast<std::int64_t>(axis_extent), n_inner = static_cast<std::int64_t>(inner),
               n_indices = static_cast<std::int64_t>(indices.size());
    // The values set the call's indices (any layout: the kernel reads values[i] in C order); the
    // target and the indices are tables addressed through the indices.
    std::vector<Argument> arguments{Argument::pointer(values.dtype(), "values", codegen::AddressSpace::global, true),
                                    Argument::pointer(target.dtype(), "target"),
                                    Argument::pointer(indices.dtype(), "indices", codegen::AddressSpace::global, true),
                                    Argument::scalar(DType::int64(), "n_axis"), Argument::scalar(DType::int64(), "inner"),
                                    Argument::scalar(DType::int64(), "n_indices")};
    std::vector<CallArgument> args{{&values_read, {}}, {&target, {}, true}, {&indices_read, {}, true},
                                   {nullptr, host_scalar(n_axis)}, {nullptr, host_scalar(n_inner)},
                                   {nullptr, host_scalar(n_indices)}};
    const WrapDivisor wrap = wrap_divisor(n_axis);
    std::string preamble = add_wrap_divisor(scatter_mode, wrap, arguments, args);
    const ElementwiseKernel scatter(context, std::move(arguments),
                                    "const rtcg_index_t within = i % inner, rest = i / inner;\n"
                                    "const rtcg_index_t j = rest % n_indices, outer = rest / n_indices;\n"
                                    "rtcg_index_t k = (rtcg_index_t)indices[j];\n" +
                                        normalized_index(scatter_mode) +
                                        "target[(outer * n_axis + k) * inner + within] = values[i]",
                                    {.name = "put_along_" + mode_name(scatter_mode), .preamble = std::move(preamble)});
    UntypedCalls::launch(scatter, current_queue(context), args);
}

namespace {

// A selection of the indices where `mask` holds, writing `written` (an expression of i and the
// arguments) for each to `out`.
SelectionScan select_by_mask(const char* name, const ArrayData& mask, const ArrayData* source, const ArrayData& out,
                             std::string_view written) {
    SelectionScan scan{name,
                       {Argument::pointer(mask.dtype(), "mask", codegen::AddressSpace::global, true)},
                       {CallArgument{&mask, {}}},
                       "mask[i]",
                       "if (prev_item != item) out[prev_item] = " + std::string(written)};
    if (source) {
        scan.arguments.push_back(Argument::pointer(source->dtype(), "source", codegen::AddressSpace::global, true));
        scan.values.push_back(CallArgument{source, {}});
    }
    scan.arguments.push_back(Argument::pointer(out.dtype(), "out"));
    scan.values.push_back(CallArgument{&out, {}});
    return scan;
}

} // namespace

void extract(const ArrayData& mask, const ArrayData& source, const ArrayData& out, const ArrayData& count) {
    check_selection_outputs("extract", mask.context(), source.dtype(), mask.size(), out, count);
    select_by_scan(select_by_mask("extract", mask, &source, out, "source[i]"), count);
}

void flatnonzero(const ArrayData& mask, const ArrayData& out, const ArrayData& count) {
    check_selection_outputs("flatnonzero", mask.context(), DType::int64(), mask.size(), out, count);
    select_by_scan(select_by_mask("flatnonzero", mask, nullptr, out, "i"), count);
}

} // namespace rtcg::detail
