// LSD radix sort with 8-bit digits. Up to one tile of keys, one work-group sorts them in one
// launch. Beyond, one kernel reads the keys once for the counts of every digit at every position,
// and one more turns them into the digits' starts on the device. From the policy's read_back_from
// keys (2^24), one read-back of those counts (256 per position) finds the passes to skip: those
// where every key has the same digit; below, such a pass copies the keys as they are. Each other
// pass is one launch that reads the keys once and writes them stably into the other scratch array,
// its tiles chained by a look-back through a state buffer that one fill zeroes per sort, with the
// histogram's totals. The tuned constants are in SortPolicy (policies/sort.hpp).
#include "context_kernels.hpp"
#include "policies/chosen_policy.hpp"
#include "radix_sort_ranking.hpp"
#include "radix_sort_source.hpp"
#include "tile_shape.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::DType;

// The most keys per work-item and tile the policy gives for the ranking that work-groups of
// `block` use, the key's width and the sort's size (policies/sort.hpp says why).
std::size_t max_items(const SortPolicy& policy, const codegen::Target& target, std::size_t block, const DType& key,
                      std::size_t n) {
    if (!ranks_by_warp_votes(target, block)) return policy.counting_items_per_work_item;
    if (key.size() > sizeof(std::uint32_t)) return policy.wide_vote_items_per_work_item;
    return n < policy.large_sort_from ? policy.vote_items_per_work_item : policy.large_vote_items_per_work_item;
}

struct SortProgram {
    SortPolicy policy;
    WorkShape shape;
    Kernel histogram;
    Kernel starts;
    Kernel pass;
    Kernel one_tile;
};

// 32-bit counts where the look-back's statuses hold any count in a word's 30 bits.
DType count_type(std::size_t n) { return n < (std::size_t{1} << 30) ? DType::uint32() : DType::uint64(); }

// The largest local memory of the kernels (radix_sort_source.hpp): the pass's tile, the ranking's
// scratch, and per digit its run's first place and where it goes; or the counts of every digit at
// every position, with a scan across the work-group per position.
std::size_t local_bytes(const WorkShape& shape, const DType& key, const std::optional<DType>& value,
                        const DType& counter) {
    const std::size_t tile = shape.tile() * (key.size() + (value ? sizeof(std::uint16_t) : 0));
    const std::size_t counters =
        (max_rank_scratch_words_per_item * shape.block + 1 + radix_digits) * sizeof(std::uint32_t);
    const std::size_t pass = tile + counters + radix_digits * counter.size();
    // The histogram's counts are 32-bit; the starts kernel's counts and scan are counter-sized.
    const std::size_t counts = digit_positions(key) * (radix_digits + shape.block) * counter.size();
    return std::max(pass, counts);
}

// Work-groups of up to `max_block` (and the device's limit), with as many keys per work-item as
// the policy's local memory budget allows; smaller work-groups where even one key each does not fit.
WorkShape choose_sort_shape(const DeviceInfo& device, const SortPolicy& policy, const DType& key,
                            const std::optional<DType>& value, const DType& counter, std::size_t n,
                            std::size_t max_block) {
    std::size_t budget = policy.local_memory_bytes;
    if (device.local_memory_bytes) budget = std::min<std::size_t>(budget, device.local_memory_bytes);
    WorkShape shape{max_block, 1};
    if (device.max_work_group_size) shape.block = std::min(shape.block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) shape.block = std::min(shape.block, device.max_work_item_sizes[0]);
    for (;;) {
        const std::size_t most = max_items(policy, codegen::target_of(device), shape.block, key, n);
        for (std::size_t fewer = 0; fewer <= most / 2; ++fewer) {
            shape.items = most - 2 * fewer;
            if (local_bytes(shape, key, value, counter) <= budget) return shape;
        }
        if (shape.block <= 1)
            throw InvalidArgument("sort: the device's " + std::to_string(device.local_memory_bytes) +
                                  " bytes of local memory cannot hold the radix sort's counters for keys of " +
                                  std::string(key.name()));
        shape.block /= 2;
    }
}

// Compiled once per context, policy, (key, value, counter) types and size class (below or from
// the policy's `large_sort_from` keys); rebuilt with smaller work-groups where a kernel cannot run
// as many work-items as asked.
std::shared_ptr<const SortProgram> sort_program(const Context& context, const DType& key,
                                                const std::optional<DType>& value, const DType& counter,
                                                std::size_t n) {
    const std::shared_ptr<ContextKernels> kernels = ContextKernels::of(context);
    const ChosenPolicy<SortPolicy> chosen = choose_policy<SortPolicy>(context.device());
    const SortPolicy& policy = chosen.policy;
    const std::string key_text = "sort\x1f" + std::string(key.name()) + "\x1f" +
                                 std::string(value ? value->name() : "") + "\x1f" + std::string(counter.name()) +
                                 (n < policy.large_sort_from ? "" : "\x1flarge") + chosen.cache_key;
    if (auto found = kernels->find<SortProgram>(key_text)) return found;

    if (value) verify_layout(context, *value);
    std::size_t max_block = policy.block_size;
    for (;;) {
        const WorkShape shape = choose_sort_shape(context.device(), policy, key, value, counter, n, max_block);
        const Module module = context.compile(radix_sort_source(codegen::target_of(context.device()), key, value,
                                                                counter, shape.block, shape.items,
                                                                policy.histogram_items_per_work_item));
        SortProgram program{policy,
                            shape,
                            module.kernel("rtcg_sort_histogram"),
                            module.kernel("rtcg_sort_starts"),
                            module.kernel("rtcg_sort_pass"),
                            module.kernel("rtcg_sort_one_tile")};
        const std::size_t allowed = largest_block_for(
            {&program.histogram, &program.starts, &program.pass, &program.one_tile}, shape.block);
        if (allowed == shape.block)
            return kernels->insert(key_text, std::make_shared<const SortProgram>(std::move(program)));
        max_block = allowed;
    }
}

KernelArgument buffer_argument(const Buffer& buffer) { return kernel_argument(buffer); }
template <class T>
KernelArgument value_argument(const T& value) {
    return KernelArgument{nullptr, &value, sizeof value};
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

// The histogram's work-groups: one tile of the policy's histogram items per work-item each, up to
// the policy's per compute unit, and enough that no group counts 2^31 keys in its 32-bit local
// counters.
std::size_t histogram_groups(const DeviceInfo& device, std::size_t n, const SortProgram& program) {
    const std::size_t tile = program.shape.block * program.policy.histogram_items_per_work_item;
    const std::size_t most =
        std::max<std::size_t>(device.compute_units, 1) * program.policy.histogram_groups_per_compute_unit;
    const std::size_t for_counters = n / (std::size_t{1} << 31) + 1;
    return std::max(std::min((n + tile - 1) / tile, most), for_counters);
}

// Counts every digit at every position on the device into the zeroed totals at the state's start,
// and writes where each digit's keys start at each position (the keys of every smaller digit) to
// `starts`, as the passes read them.
void count_digits(const SortProgram& program, const ArrayData& keys, Queue& queue, const Buffer& state,
                  const Buffer& starts) {
    const std::int64_t keys_offset = static_cast<std::int64_t>(keys.offset());
    const std::int64_t count = static_cast<std::int64_t>(keys.size());
    const KernelArgument histogram_args[] = {buffer_argument(keys.buffer()), value_argument(keys_offset),
                                                     value_argument(count), buffer_argument(state)};
    const std::size_t groups = histogram_groups(keys.context().device(), keys.size(), program);
    program.histogram.launch(queue, LaunchConfig{Dim3{groups}, Dim3{program.shape.block}, 0}, histogram_args);
    const KernelArgument starts_args[] = {buffer_argument(state), buffer_argument(starts)};
    program.starts.launch(queue, LaunchConfig{Dim3{1}, Dim3{program.shape.block}, 0}, starts_args);
}

// The counts, read back: result[position * 256 + digit].
std::vector<std::uint64_t> read_digit_counts(Queue& queue, const Buffer& state, const DType& key) {
    const std::size_t entries = digit_positions(key) * radix_digits;
    std::vector<std::uint32_t> words(2 * entries);
    queue.read(state, words.data(), words.size() * sizeof(std::uint32_t));
    std::vector<std::uint64_t> result(entries);
    for (std::size_t e = 0; e < entries; ++e) result[e] = words[2 * e] | std::uint64_t{words[2 * e + 1]} << 32;
    return result;
}

// The positions (bytes of the key, lowest first) to run passes over: all, or from the policy's
// `read_back_from` keys, those whose digit differs between keys. Below it every pass runs, such a
// pass as a copy (a read and a write of the keys, against about three times as long to rank
// them), which spares the wait for the read-back.
std::vector<unsigned> passes_needed(const SortPolicy& policy, Queue& queue, const Buffer& state, const DType& key,
                                    std::size_t n) {
    std::vector<unsigned> passes(digit_positions(key));
    std::iota(passes.begin(), passes.end(), 0u);
    if (n < policy.read_back_from) return passes;
    const std::vector<std::uint64_t> digit_counts = read_digit_counts(queue, state, key);
    std::erase_if(passes, [&](unsigned position) {
        const auto first = digit_counts.begin() + position * radix_digits;
        return std::find(first, first + radix_digits, n) != first + radix_digits;
    });
    return passes;
}

// The state buffer's 32-bit words (radix_sort_source.hpp): the histogram's totals, a tile counter
// per pass, and one status (two words with 64-bit counts) per tile and digit.
std::size_t state_words(const DType& key, const DType& counter, std::size_t tiles) {
    const std::size_t positions = digit_positions(key);
    return 2 * positions * radix_digits + positions + tiles * radix_digits * (counter.size() / sizeof(std::uint32_t));
}

// Where one pass reads and writes.
struct PassArrays {
    const ArrayData* keys_in;
    const ArrayData* values_in; // null for sort()
    const ArrayData* keys_out;
    const ArrayData* values_out;
};

// The pass over the digit at `position`, the sort's pass number `pass` (from 0).
void run_pass(const SortProgram& program, Queue& queue, const PassArrays& arrays, unsigned position, unsigned pass,
              const Buffer& starts, const Buffer& state) {
    const std::size_t n = arrays.keys_in->size();
    const std::size_t tiles = (n + program.shape.tile() - 1) / program.shape.tile();
    const std::int64_t count = static_cast<std::int64_t>(n);
    const std::int64_t keys_offset = static_cast<std::int64_t>(arrays.keys_in->offset());
    const unsigned shift = position * radix_bits;

    std::vector<KernelArgument> args{buffer_argument(arrays.keys_in->buffer()), value_argument(keys_offset),
                                             buffer_argument(arrays.keys_out->buffer())};
    const std::int64_t values_offset = arrays.values_in ? static_cast<std::int64_t>(arrays.values_in->offset()) : 0;
    if (arrays.values_in)
        args.insert(args.end(), {buffer_argument(arrays.values_in->buffer()), value_argument(values_offset),
                                 buffer_argument(arrays.values_out->buffer())});
    args.insert(args.end(), {value_argument(count), value_argument(shift), value_argument(pass),
                             buffer_argument(starts), buffer_argument(state)});
    program.pass.launch(queue, LaunchConfig{Dim3{tiles}, Dim3{program.shape.block}, 0}, args);
}

// A sort of at most one tile: one launch, no state. Returns the scratch pair that holds the result,
// as radix_sort() does.
std::size_t sort_one_tile(const SortProgram& program, Queue& queue, const ArrayData& keys, const ArrayData* values,
                          const std::array<const ArrayData*, 2>& keys_out,
                          const std::array<const ArrayData*, 2>& values_out) {
    const std::int64_t count = static_cast<std::int64_t>(keys.size());
    const std::int64_t keys_offset = static_cast<std::int64_t>(keys.offset());
    std::vector<KernelArgument> args{buffer_argument(keys.buffer()), value_argument(keys_offset),
                                             buffer_argument(keys_out[0]->buffer()),
                                             buffer_argument(keys_out[1]->buffer())};
    const std::int64_t values_offset = values ? static_cast<std::int64_t>(values->offset()) : 0;
    if (values)
        args.insert(args.end(), {buffer_argument(values->buffer()), value_argument(values_offset),
                                 buffer_argument(values_out[0]->buffer()), buffer_argument(values_out[1]->buffer())});
    args.push_back(value_argument(count));
    program.one_tile.launch(queue, LaunchConfig{Dim3{1}, Dim3{program.shape.block}, 0}, args);
    return (digit_positions(keys.dtype()) - 1) % 2;
}

// The input is sorted as it is (at most one key, or every digit shared): copied to the first
// scratch pair.
std::size_t copy_input(Queue& queue, const ArrayData& keys, const ArrayData* values,
                       const std::array<const ArrayData*, 2>& keys_out, const std::array<const ArrayData*, 2>& values_out) {
    if (keys.size() == 0) return 0;
    queue.copy(keys.buffer(), keys_out[0]->buffer(), keys.nbytes(), keys.offset() * keys.dtype().size(), 0);
    if (values)
        queue.copy(values->buffer(), values_out[0]->buffer(), values->nbytes(), values->offset() * values->dtype().size(),
                   0);
    return 0;
}

} // namespace

std::size_t radix_sort(const ArrayData& keys, const ArrayData* values, const std::array<const ArrayData*, 2>& keys_out,
                       const std::array<const ArrayData*, 2>& values_out) {
    check_sort_arguments(keys, values, keys_out, values_out);
    if (!keys.is_contiguous() || (values && !values->is_contiguous())) {
        // The passes read their input as a contiguous run; a strided one is copied first.
        const ArrayData packed_keys = contiguous(keys);
        const std::optional<ArrayData> packed_values = values ? std::optional(contiguous(*values)) : std::nullopt;
        return radix_sort(packed_keys, packed_values ? &*packed_values : nullptr, keys_out, values_out);
    }
    const Context& context = keys.context();
    Queue& queue = current_queue(context);
    const std::size_t n = keys.size();
    if (n <= 1) return copy_input(queue, keys, values, keys_out, values_out);

    const DType counter = count_type(n);
    const std::optional<DType> value_type = values ? std::optional<DType>(values->dtype()) : std::nullopt;
    const std::shared_ptr<const SortProgram> program = sort_program(context, keys.dtype(), value_type, counter, n);
    if (n <= program->shape.tile()) return sort_one_tile(*program, queue, keys, values, keys_out, values_out);

    // Scratch from the pool for the queue: released on return, reused only by work queued later.
    // One fill zeroes the histogram's totals and the passes' tile counters and statuses.
    MemoryPool pool = context.memory_pool();
    const std::size_t tiles = (n + program->shape.tile() - 1) / program->shape.tile();
    const std::size_t state_bytes = state_words(keys.dtype(), counter, tiles) * sizeof(std::uint32_t);
    Buffer state = pool.allocate(state_bytes, queue);
    const std::uint32_t zero = 0;
    queue.fill(state, &zero, sizeof zero, 0, state_bytes);
    // The digits' starts at every position, then a flag per position (radix_sort_source.hpp).
    Buffer starts = pool.allocate(digit_positions(keys.dtype()) * (radix_digits + 1) * counter.size(), queue);
    count_digits(*program, keys, queue, state, starts);
    const std::vector<unsigned> passes = passes_needed(program->policy, queue, state, keys.dtype(), n);
    if (passes.empty()) return copy_input(queue, keys, values, keys_out, values_out);
    PassArrays arrays{&keys, values, nullptr, nullptr};
    std::size_t written = 0; // the scratch pair the next pass writes
    for (unsigned pass = 0; pass < passes.size(); ++pass) {
        arrays.keys_out = keys_out[written];
        arrays.values_out = values ? values_out[written] : nullptr;
        run_pass(*program, queue, arrays, passes[pass], pass, starts, state);
        arrays.keys_in = arrays.keys_out;
        arrays.values_in = arrays.values_out;
        written = 1 - written;
    }
    return 1 - written;
}

} // namespace rtcg::detail
