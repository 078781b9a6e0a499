// Indexing and building float32 arrays of n elements: take with random indices (numpy's x[idx]),
// wrapped or checked, boolean-mask selection (x[mask], half the elements selected at random) and
// concatenate of two halves. Bytes counted: what each must read and write (the gathered elements once).
#include "cases.hpp"

#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/arrays/shaping.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rtcg::bench {
namespace {

struct TakeSet {
    Array<float> x;
    Array<std::int64_t> indices;
};

// out = take(x, indices, mode): indices (int64) read, x gathered, out written. "take" wraps
// indices as cupy.take does (no host synchronisation); "take_raise" is numpy's default, whose
// check of the indices reads a flag back and so waits for the kernel.
void take_case(Workload& workload, const char* name, IndexMode mode) {
    SizedCase c{name, "float32", sizeof(float) + sizeof(std::int64_t), sizeof(float),
                2.0 * sizeof(float) + sizeof(std::int64_t), {}};
    c.prepare = [&workload, name, mode](std::size_t n, std::size_t sets) {
        auto t = std::make_shared<std::vector<TakeSet>>();
        for (std::size_t s = 0; s < sets; ++s) {
            random::Philox generator(workload.context, 100 + s);
            t->push_back({random_array<float>(workload.context, n, s + 1),
                          generator.integers<std::int64_t>(n, 0, static_cast<std::int64_t>(n))});
        }
        return Prepared{[t, mode](std::size_t index) {
                            const TakeSet& set = (*t)[index % t->size()];
                            take(set.x, set.indices, std::nullopt, mode);
                        },
                        [t, name, mode] {
                            const TakeSet& set = t->front();
                            const std::vector<float> x = set.x.get();
                            std::vector<float> expected;
                            for (const std::int64_t k : set.indices.get()) expected.push_back(x[static_cast<std::size_t>(k)]);
                            check_equal(name, take(set.x, set.indices, std::nullopt, mode).get(), expected);
                        }};
    };
    run_sized_case(workload, c);
}

struct MaskSet {
    Array<float> x;
    Array<bool> mask;
};

// extract(mask, x), numpy's x[mask]: x and the mask read, the half selected written (the count
// read back, as numpy's and CuPy's x[mask] do).
void mask_select_case(Workload& workload) {
    SizedCase c{"mask_select", "float32", sizeof(float) + sizeof(bool), sizeof(float),
                sizeof(float) + sizeof(bool) + 0.5 * sizeof(float), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto t = std::make_shared<std::vector<MaskSet>>();
        for (std::size_t s = 0; s < sets; ++s) {
            const Array<float> x = random_array<float>(workload.context, n, s + 1);
            const Array<float> coin = random_array<float>(workload.context, n, 1000 + s);
            t->push_back({x, Array<bool>(coin < 0.5f)});
        }
        return Prepared{[t](std::size_t index) {
                            const MaskSet& set = (*t)[index % t->size()];
                            extract(set.mask, set.x);
                        },
                        [t] {
                            const MaskSet& set = t->front();
                            const std::vector<float> x = set.x.get();
                            const std::vector<bool> mask = set.mask.get();
                            std::vector<float> expected;
                            for (std::size_t k = 0; k < x.size(); ++k)
                                if (mask[k]) expected.push_back(x[k]);
                            check_equal("mask_select", extract(set.mask, set.x).get(), expected);
                        }};
    };
    run_sized_case(workload, c);
}

struct Halves {
    Array<float> first, second;
};

// concatenate of two arrays of n / 2 elements: both read, n written.
void concatenate_case(Workload& workload) {
    SizedCase c{"concatenate", "float32", sizeof(float), sizeof(float), 2.0 * sizeof(float), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto t = std::make_shared<std::vector<Halves>>();
        for (std::size_t s = 0; s < sets; ++s)
            t->push_back({random_array<float>(workload.context, n / 2, 2 * s + 1),
                          random_array<float>(workload.context, n - n / 2, 2 * s + 2)});
        return Prepared{[t](std::size_t index) {
                            const Halves& set = (*t)[index % t->size()];
                            concatenate(std::vector<Array<float>>{set.first, set.second});
                        },
                        [t] {
                            const Halves& set = t->front();
                            std::vector<float> expected = set.first.get();
                            const std::vector<float> second = set.second.get();
                            expected.insert(expected.end(), second.begin(), second.end());
                            check_equal("concatenate", concatenate(std::vector<Array<float>>{set.first, set.second}).get(),
                                        expected);
                        }};
    };
    run_sized_case(workload, c);
}

} // namespace

void run_take(Workload& workload) { take_case(workload, "take", IndexMode::wrap); }
void run_take_raise(Workload& workload) { take_case(workload, "take_raise", IndexMode::raise); }
void run_mask_select(Workload& workload) { mask_select_case(workload); }
void run_concatenate(Workload& workload) { concatenate_case(workload); }

} // namespace rtcg::bench
