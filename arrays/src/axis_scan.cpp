// cumsum, cumprod and exclusive_cumsum along an axis. A contiguous array is a block of
// (outer, length, inner) elements: `length` along the axis, `inner` the product of the later
// extents, which is also the distance between neighbours along the axis. How its lines are best
// scanned depends on that distance:
// - inner == 1: each line is a row of consecutive elements, and one segmented ScanKernel scans
//   them all (running_scan.hpp).
// - inner large: neighbouring lines are neighbouring elements. One work-item scans one chunk of a
//   line sequentially, and the work-items of a work-group take neighbouring lines, so that each
//   step reads a run of consecutive elements (coalesced) without moving the array. Lines are cut
//   into chunks where they are too few to occupy the device: a first pass finds the total of every
//   chunk but the last, a second turns each line's totals into the carries into its chunks, a
//   third scans each chunk from its carry. The three are one ElementwiseKernel, the pass an argument.
// - inner small and lines long: neighbouring lines are few, and a work-item's reads would be
//   scattered; the axis is moved innermost by a (tiled) copy, scanned by rows, and moved back.
#include "running_scan.hpp"

#include "untyped_calls.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// The neighbouring lines a warp of 32 work-items reads at each step: from that many on, every
// step of the column scan reads whole runs of consecutive elements.
constexpr std::size_t coalesced_lines = 32;
// Below this length, a line's elements lie close enough together that the column scan's reads
// of neighbouring lines share cache lines even where few lines are neighbours.
constexpr std::size_t short_line = 64;
// Work-items per compute unit the column scan aims at, enough to hide the latency of its reads.
constexpr std::size_t column_work_items_per_compute_unit = 2048;
// The fewest elements a chunk of a line holds: the carries' two extra passes then touch at most
// one value per this many elements.
constexpr std::size_t min_chunk_length = 64;
// Elements a work-item reads before it writes any of them: the reads of one step are issued
// together instead of each waiting for the write before it.
constexpr int column_unroll = 4;

enum class ColumnPass : std::int32_t { totals = 0, carries = 1, scan = 2 };

// The statements that fold elements [first, end) of the line at `at` into `acc` (the scan pass
// writing each prefix: RTCG_RUNNING_STEP), `column_unroll` elements per step.
std::string fold_statements(const std::string& type) {
    std::string loads, steps;
    for (int u = 0; u < column_unroll; ++u) {
        const std::string k = std::to_string(u);
        loads += "    const " + type + " v" + k + " = x[at + (l + " + k + ") * inner];\n";
        steps += "    RTCG_RUNNING_STEP(v" + k + ", l + " + k + ");\n";
    }
    return "rtcg_index_t l = first;\n"
           "for (; end - l >= " + std::to_string(column_unroll) + "; l += " + std::to_string(column_unroll) + ") {\n" +
           loads + steps + "}\n"
           "for (; l < end; ++l) {\n"
           "    const " + type + " v = x[at + l * inner];\n"
           "    RTCG_RUNNING_STEP(v, l);\n"
           "}\n";
}

// The column scan's kernel for the element type and operation: index i is a line (line = i %
// lines) and, but in the carries pass, one of its chunks (i / lines).
ElementwiseKernel column_kernel(const Context& context, const DType& dtype, RunningOperation operation) {
    const std::string type = dtype.c_name(codegen::dialect_of(context.device()));
    const std::string neutral = running_neutral(operation);
    const std::string operation_name = operation == RunningOperation::sum ? "sum" : "product";
    const std::string preamble =
        "#define RTCG_RUNNING_OP(a, b) (" + running_combine(operation) + ")\n"
        // One element v at position l of the line: the prefix grows by it, and the scan pass
        // writes the inclusive or exclusive prefix.
        "#define RTCG_RUNNING_STEP(v, l) do { const " + type + " next = RTCG_RUNNING_OP(acc, (v)); "
        "if (pass == 2) y[at + (l) * inner] = exclusive ? acc : next; acc = next; } while (0)\n";
    const std::string body =
        "const rtcg_index_t line = i % lines;\n"
        "if (pass == 1) {\n"
        // The totals of chunks 0 .. chunks - 2 become the carries into chunks 1 .. chunks - 1.
        "    " + type + " carry = " + neutral + ";\n"
        "    for (rtcg_index_t c = 0; c < chunks - 1; ++c) {\n"
        "        carry = RTCG_RUNNING_OP(carry, carries[c * lines + line]);\n"
        "        carries[c * lines + line] = carry;\n"
        "    }\n"
        "} else {\n"
        "    const rtcg_index_t chunk_index = i / lines;\n"
        "    const rtcg_index_t first = chunk_index * chunk;\n"
        "    const rtcg_index_t end = length - first < chunk ? length : first + chunk;\n"
        "    const rtcg_index_t at = line / inner * length * inner + line % inner;\n"
        "    " + type + " acc = " + neutral + ";\n"
        "    if (pass == 2 && chunk_index > 0) acc = carries[i - lines];\n" +
        fold_statements(type) +
        "    if (pass == 0) carries[i] = acc;\n"
        "}";
    return ElementwiseKernel(context,
                             {Argument::pointer(dtype, "x", codegen::AddressSpace::global, true),
                              Argument::pointer(dtype, "y"), Argument::pointer(dtype, "carries"),
                              Argument::scalar(DType::int32(), "pass"), Argument::scalar(DType::boolean(), "exclusive"),
                              Argument::scalar(DType::int64(), "lines"), Argument::scalar(DType::int64(), "inner"),
                              Argument::scalar(DType::int64(), "length"), Argument::scalar(DType::int64(), "chunk"),
                              Argument::scalar(DType::int64(), "chunks")},
                             body, {.name = "running_" + operation_name + "_columns", .preamble = preamble});
}

// The column scan of the contiguous `x` into `out` (contiguous, of x's shape), seen as (outer,
// length, inner).
void scan_columns(const ArrayData& x, const ArrayData& out, std::size_t length, std::size_t inner,
                  RunningOperation operation, bool exclusive) {
    const Context& context = x.context();
    const std::size_t lines = x.size() / length;
    const std::size_t wanted =
        std::max<std::size_t>(context.device().compute_units, 1) * column_work_items_per_compute_unit;
    const std::size_t most_chunks = std::max<std::size_t>(length / min_chunk_length, 1);
    const std::size_t chunk_count = std::clamp<std::size_t>((wanted + lines - 1) / lines, 1, most_chunks);
    const std::size_t chunk_length = (length + chunk_count - 1) / chunk_count;
    const std::size_t chunks = (length + chunk_length - 1) / chunk_length;

    const ElementwiseKernel kernel = column_kernel(context, x.dtype(), operation);
    // With one chunk per line there are no carries: `out` stands in for the unused array.
    std::optional<ArrayData> totals;
    if (chunks > 1) totals.emplace(context, x.dtype(), std::vector<std::size_t>{lines * (chunks - 1)});
    const ArrayData& carries = totals ? *totals : out;
    // Host scalars are read at the launch, not copied: they live here until then.
    const std::int64_t scalars[] = {static_cast<std::int64_t>(lines), static_cast<std::int64_t>(inner),
                                    static_cast<std::int64_t>(length), static_cast<std::int64_t>(chunk_length),
                                    static_cast<std::int64_t>(chunks)};
    const auto run = [&](ColumnPass pass, std::size_t indices) {
        const auto pass_number = static_cast<std::int32_t>(pass);
        // The arrays are indexed by line and chunk, not by the call's index: flagged broadcast,
        // they take no part in the size checks; the range gives the indices.
        const CallArgument args[] = {{&x, {}, true},
                                     {&out, {}, true},
                                     {&carries, {}, true},
                                     {nullptr, host_scalar(pass_number)},
                                     {nullptr, host_scalar(exclusive)},
                                     {nullptr, host_scalar(scalars[0])},
                                     {nullptr, host_scalar(scalars[1])},
                                     {nullptr, host_scalar(scalars[2])},
                                     {nullptr, host_scalar(scalars[3])},
                                     {nullptr, host_scalar(scalars[4])}};
        UntypedCalls::launch(kernel, current_queue(context), Range{0, static_cast<std::int64_t>(indices)}, args);
    };
    if (chunks > 1) {
        // The last chunk's total carries into nothing.
        run(ColumnPass::totals, lines * (chunks - 1));
        run(ColumnPass::carries, lines);
    }
    run(ColumnPass::scan, lines * chunks);
}

// The scan along `axis` through a copy that moves the axis innermost, and a copy back into `out`.
void scan_transposed(const ArrayData& in, const ArrayData& out, std::size_t axis, RunningOperation operation,
                     bool exclusive) {
    std::vector<std::int64_t> order;
    for (std::size_t k = 0; k < in.shape().size(); ++k)
        if (k != axis) order.push_back(static_cast<std::int64_t>(k));
    order.push_back(static_cast<std::int64_t>(axis));
    const ArrayData moved = contiguous(in.transpose(order));
    const ArrayData scanned(in.context(), in.dtype(), moved.shape());
    scan_rows(moved, scanned, in.shape()[axis], operation, exclusive);
    copy_elements(out.transpose(order), scanned);
}

} // namespace

void running_scan_along(const ArrayData& in, const ArrayData& out, std::int64_t axis, RunningOperation operation,
                        bool exclusive, std::string_view function) {
    const std::string where(function);
    const std::size_t k = checked_axis(where, axis, in.shape().size());
    if (in.dtype() != out.dtype() || in.shape() != out.shape() || in.context() != out.context())
        throw InvalidArgument("the output must be an array of the input's dtype, shape and context", where);
    check_distinct_elements(out, where);
    if (in.size() == 0) return;
    const std::size_t length = in.shape()[k];
    std::size_t inner = 1;
    for (std::size_t later = k + 1; later < in.shape().size(); ++later) inner *= in.shape()[later];

    scan_into(in, out, true, [&](const ArrayData& target) {
        if (inner == 1 || length == 1) return scan_rows(contiguous(in), target, length, operation, exclusive);
        if (inner >= coalesced_lines || length < short_line)
            return scan_columns(contiguous(in), target, length, inner, operation, exclusive);
        scan_transposed(in, target, k, operation, exclusive);
    });
}

} // namespace rtcg::detail
