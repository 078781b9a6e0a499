// LSD radix sort: per pass, a digit histogram per work-group, its exclusive scan (a ScanKernel,
// in place), and a stable scatter into the other scratch array. Passes whose digit every key
// shares are skipped, found from the 16 digit starts the scan also writes.
#include "context_kernels.hpp"
#include "radix_sort_source.hpp"
#include "tile_shape.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/codegen/layout_check.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

struct SortProgram {
    TileShape shape;
    Kernel histogram;
    Kernel scatter;
};

DType count_type(std::size_t n) {
    return n <= std::numeric_limits<std::uint32_t>::max() ? DType::uint32() : DType::uint64();
}

// Compiled once per context and (key, value, counter) types; rebuilt with smaller work-groups
// where a kernel cannot run 256 work-items.
std::shared_ptr<const SortProgram> sort_program(const Context& context, const DType& key,
                                                const std::optional<DType>& value, const DType& counter) {
    const std::shared_ptr<ContextKernels> kernels = ContextKernels::of(context);
    const std::string key_text = "sort\x1f" + std::string(key.name()) + "\x1f" +
                                 std::string(value ? value->name() : "") + "\x1f" + std::string(counter.name());
    if (auto found = kernels->find<SortProgram>(key_text)) return found;

    if (value) codegen::verify_layout(context, *value);
    // The scatter holds each tile twice in local memory: as loaded and ranked by digit.
    const std::size_t bytes_per_item = 2 * (key.size() + (value ? value->size() : 0));
    std::size_t max_block = preferred_tile_block;
    for (;;) {
        const TileShape shape = choose_tile_shape(context.device(), bytes_per_item, max_block);
        const Module module = context.compile(
            radix_sort_source(codegen::dialect_of(context.device()), key, value, counter, shape.block, shape.items));
        Kernel histogram = module.kernel("rtcg_sort_histogram");
        Kernel scatter = module.kernel("rtcg_sort_scatter");
        std::size_t allowed = shape.block;
        for (const Kernel* kernel : {&histogram, &scatter})
            if (kernel->attributes().max_threads_per_block)
                allowed = std::min(allowed, kernel->attributes().max_threads_per_block);
        // The kernels need a work-item per digit.
        if (allowed < radix_digits)
            throw InvalidArgument("sort: work-groups of " + std::to_string(allowed) + " work-items for keys of " +
                                  std::string(key.name()) + (value ? " and values of " + std::string(value->name()) : "") +
                                  " on this device; the radix sort needs at least " + std::to_string(radix_digits));
        if (allowed == shape.block)
            return kernels->insert(key_text,
                                   std::make_shared<const SortProgram>(
                                       SortProgram{shape, std::move(histogram), std::move(scatter)}));
        max_block = allowed;
    }
}

plugin::KernelArgument buffer_argument(const Buffer& buffer) { return plugin::KernelArgument{buffer.impl(), nullptr, 0}; }
template <class T>
plugin::KernelArgument value_argument(const T& value) {
    return plugin::KernelArgument{nullptr, &value, sizeof value};
}

void check_sort_arguments(const ArrayData& keys, const ArrayData* values, const std::array<const ArrayData*, 2>& keys_out,
                          const std::array<const ArrayData*, 2>& values_out) {
    for (const ArrayData* out : keys_out)
        if (!out || out->dtype() != keys.dtype() || out->size() != keys.size() || out->context() != keys.context() ||
            out->offset() != 0)
            throw InvalidArgument("sort: the scratch key arrays must be new arrays of the keys' dtype, size and context");
    if (!values) return;
    if (values->size() != keys.size())
        throw InvalidArgument("sort_by_key: " + std::to_string(keys.size()) + " keys but " +
                              std::to_string(values->size()) + " values");
    if (values->context() != keys.context())
        throw InvalidArgument("sort_by_key: the keys and the values belong to different contexts");
    for (const ArrayData* out : values_out)
        if (!out || out->dtype() != values->dtype() || out->size() != values->size() ||
            out->context() != values->context() || out->offset() != 0)
            throw InvalidArgument("sort_by_key: the scratch value arrays must be new arrays of the values' dtype, size "
                                  "and context");
}

// Where each digit's keys start in the pass's output, read back from the device.
std::vector<std::uint64_t> read_digit_starts(const ArrayData& starts) {
    std::vector<std::uint64_t> result(radix_digits);
    if (starts.dtype().size() == sizeof(std::uint64_t)) {
        starts.read(result.data(), result.size() * sizeof(std::uint64_t));
    } else {
        std::vector<std::uint32_t> narrow(radix_digits);
        starts.read(narrow.data(), narrow.size() * sizeof(std::uint32_t));
        std::copy(narrow.begin(), narrow.end(), result.begin());
    }
    return result;
}

bool one_digit_holds_all(const std::vector<std::uint64_t>& starts, std::uint64_t n) {
    for (std::size_t d = 0; d < starts.size(); ++d) {
        const std::uint64_t end = d + 1 < starts.size() ? starts[d + 1] : n;
        if (end - starts[d] == n) return true;
    }
    return false;
}

} // namespace

std::size_t radix_sort(const ArrayData& keys, const ArrayData* values, const std::array<const ArrayData*, 2>& keys_out,
                       const std::array<const ArrayData*, 2>& values_out) {
    check_sort_arguments(keys, values, keys_out, values_out);
    const Context& context = keys.context();
    Queue& queue = context.queue();
    const std::size_t n = keys.size();
    const DType counter = count_type(n);
    const std::optional<DType> value_type = values ? std::optional<DType>(values->dtype()) : std::nullopt;
    const std::shared_ptr<const SortProgram> program = sort_program(context, keys.dtype(), value_type, counter);

    const std::size_t tile = program->shape.tile();
    const std::size_t groups = std::max<std::size_t>((n + tile - 1) / tile, 1); // one tile each
    const std::int64_t count = static_cast<std::int64_t>(n);
    const std::int64_t group_count = static_cast<std::int64_t>(groups);

    // The histogram's exclusive scan in place (each scan group reads its own tile before writing
    // it), which also records where each digit starts.
    const ScanKernel offsets(context, counter,
                             {Argument::pointer(counter, "histogram"), Argument::pointer(counter, "digit_starts"),
                              Argument::scalar(DType::int64(), "groups")},
                             "histogram[i]", "a + b", "0",
                             "histogram[i] = prev_item;\nif (i % groups == 0) digit_starts[i / groups] = prev_item",
                             {.name = "radix_offsets"});
    const ArrayData histogram(context, counter, {radix_digits * groups});
    const ArrayData digit_starts(context, counter, {radix_digits});

    const ArrayData* keys_in = &keys;
    const ArrayData* values_in = values;
    std::size_t written = 0; // the scratch pair the next pass writes
    bool moved = false;
    for (unsigned shift = 0; shift < keys.dtype().size() * 8 && n > 1; shift += radix_bits) {
        const std::int64_t keys_offset = static_cast<std::int64_t>(keys_in->offset());
        const plugin::KernelArgument histogram_args[] = {
            buffer_argument(keys_in->buffer()), value_argument(keys_offset), value_argument(count),
            value_argument(shift), buffer_argument(histogram.buffer())};
        const LaunchConfig launch{Dim3{groups}, Dim3{program->shape.block}, 0};
        program->histogram.launch(queue, launch, histogram_args);
        const CallArgument offsets_args[] = {{&histogram, {}}, {&digit_starts, {}}, {nullptr, host_scalar(group_count)}};
        ArgumentSlot slots[3];
        plugin::KernelArgument packed[2 * 3 + 4];
        offsets.launch(queue, offsets_args, slots, packed);
        if (one_digit_holds_all(read_digit_starts(digit_starts), n)) continue;

        const std::int64_t values_offset = values_in ? static_cast<std::int64_t>(values_in->offset()) : 0;
        std::vector<plugin::KernelArgument> scatter_args{buffer_argument(keys_in->buffer()), value_argument(keys_offset),
                                                         buffer_argument(keys_out[written]->buffer())};
        if (values)
            scatter_args.insert(scatter_args.end(), {buffer_argument(values_in->buffer()), value_argument(values_offset),
                                                     buffer_argument(values_out[written]->buffer())});
        scatter_args.insert(scatter_args.end(),
                            {value_argument(count), value_argument(shift), buffer_argument(histogram.buffer())});
        program->scatter.launch(queue, launch, scatter_args);
        keys_in = keys_out[written];
        if (values) values_in = values_out[written];
        written = 1 - written;
        moved = true;
    }
    if (moved) return 1 - written;
    // Every pass skipped (or at most one key): the input is sorted as it is.
    if (n > 0) {
        queue.copy(keys.buffer(), keys_out[0]->buffer(), keys.nbytes(), keys.offset() * keys.dtype().size(), 0);
        if (values)
            queue.copy(values->buffer(), values_out[0]->buffer(), values->nbytes(),
                       values->offset() * values->dtype().size(), 0);
    }
    return 0;
}

} // namespace rtcg::detail
