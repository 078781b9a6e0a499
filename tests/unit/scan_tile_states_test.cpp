// The per-queue tile states of single-pass scans (arrays/src/scan_tile_states.hpp) on the best
// available device: epochs in order, zeroed states when a scan needs more tiles or every epoch
// is used, and the same buffer otherwise. That stale states of other epochs read as unpublished
// is the scan tests' part (tests/arrays/scan_test.cpp), on devices that run the single pass.
#include "scan_tile_states.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

using rtcg::detail::ScanTileStates;

std::vector<std::uint32_t> words_of(rtcg::Queue& queue, const rtcg::Buffer& states) {
    std::vector<std::uint32_t> words(states.size() / sizeof(std::uint32_t));
    queue.read(states, std::span<std::uint32_t>(words));
    return words;
}

bool all_zero(const std::vector<std::uint32_t>& words) {
    return std::all_of(words.begin(), words.end(), [](std::uint32_t w) { return w == 0; });
}

// What a scan leaves behind: a nonzero word everywhere. (The grant's buffer is const for the
// scans that only pass it on; the object itself is not.)
void scribble(rtcg::Queue& queue, const ScanTileStates::Grant& grant) {
    queue.fill(const_cast<rtcg::Buffer&>(*grant.states), std::uint32_t{0xdeadbeef});
}

} // namespace

TEST_CASE("scans of no more tiles than the buffer holds get the next epoch and the same states") {
    const rtcg::Context context = rtcg::Context::from_environment();
    rtcg::Queue queue = context.create_queue();
    ScanTileStates states;
    const ScanTileStates::Grant first = states.next(context, queue, 10);
    CHECK(first.epoch == 1);
    CHECK(first.states->size() >= ScanTileStates::bytes_for(10));
    CHECK(all_zero(words_of(queue, *first.states)));
    scribble(queue, first);
    for (std::uint32_t epoch = 2; epoch <= 5; ++epoch) {
        const ScanTileStates::Grant next = states.next(context, queue, epoch % 2 == 0 ? 10 : 1);
        CHECK(next.epoch == epoch);
        CHECK(next.states == first.states);
    }
    // No zeroing in between: the scribbles are still there.
    CHECK(words_of(queue, *first.states)[0] == 0xdeadbeef);
}

TEST_CASE("a scan of more tiles gets new zeroed states, at least twice as many, and epoch 1") {
    const rtcg::Context context = rtcg::Context::from_environment();
    rtcg::Queue queue = context.create_queue();
    ScanTileStates states;
    const ScanTileStates::Grant small = states.next(context, queue, 10);
    scribble(queue, small);
    const ScanTileStates::Grant grown = states.next(context, queue, 11);
    CHECK(grown.epoch == 1);
    CHECK(grown.states != small.states);
    CHECK(grown.states->size() >= ScanTileStates::bytes_for(20));
    CHECK(all_zero(words_of(queue, *grown.states)));
    const ScanTileStates::Grant large = states.next(context, queue, 1000);
    CHECK(large.epoch == 1);
    CHECK(large.states->size() >= ScanTileStates::bytes_for(1000));
    CHECK(all_zero(words_of(queue, *large.states)));
}

TEST_CASE("after the last epoch the states are zeroed again and epochs restart at 1") {
    const rtcg::Context context = rtcg::Context::from_environment();
    rtcg::Queue queue = context.create_queue();
    ScanTileStates states(3);
    ScanTileStates::Grant grant = states.next(context, queue, 4);
    const auto buffer = grant.states;
    for (std::uint32_t epoch = 2; epoch <= 3; ++epoch) CHECK(states.next(context, queue, 4).epoch == epoch);
    scribble(queue, grant);
    grant = states.next(context, queue, 4);
    CHECK(grant.epoch == 1);
    CHECK(grant.states == buffer);
    CHECK(all_zero(words_of(queue, *grant.states)));
    CHECK(states.next(context, queue, 4).epoch == 2);
}
