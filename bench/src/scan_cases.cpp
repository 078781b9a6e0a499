// Scans and sorting: an inclusive running sum of int32 and float32 through ScanKernel (written
// into preallocated outputs), and rtcg::sort of random uint32 keys.
#include "cases.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace rtcg::bench {
namespace {

template <class T>
struct Pairs {
    std::vector<Array<T>> in, out;
};

template <class T>
void cumsum_case(Workload& workload) {
    const codegen::DType element = codegen::dtype_of<T>();
    const ScanKernel scan(workload.context, element,
                          {codegen::Argument::pointer(element, "x", codegen::AddressSpace::global, true),
                           codegen::Argument::pointer(element, "y")},
                          {.input_expr = "x[i]",
                           .scan_expr = "a+b",
                           .neutral = "0",
                           .output_statement = "y[i] = item"}, {.name = "bench_cumsum"});
    SizedCase c{"cumsum", dtype_name<T>(), 2 * sizeof(T), 0, 2.0 * sizeof(T), {}};
    c.prepare = [&workload, scan](std::size_t n, std::size_t sets) {
        auto pairs = std::make_shared<Pairs<T>>();
        for (std::size_t s = 0; s < sets; ++s) {
            pairs->in.push_back(random_array<T>(workload.context, n, s + 1));
            pairs->out.push_back(Array<T>::empty(workload.context, n));
        }
        return Prepared{[pairs, scan](std::size_t index) {
                            const std::size_t s = index % pairs->in.size();
                            scan(pairs->in[s], pairs->out[s]);
                        },
                        [pairs] {
                            const std::vector<T> in = pairs->in[0].get(), out = pairs->out[0].get();
                            // int32 wraps as on the device (in uint32, where wrapping is defined);
                            // float32 prefixes are grouped differently from this loop.
                            std::uint32_t wrapped = 0;
                            double running = 0;
                            for (std::size_t k = 0; k < in.size(); ++k) {
                                if constexpr (std::is_integral_v<T>) {
                                    wrapped += static_cast<std::uint32_t>(in[k]);
                                    expect_close("cumsum int32, element " + std::to_string(k), double(out[k]),
                                                 double(static_cast<T>(wrapped)), 0);
                                } else {
                                    running += double(in[k]);
                                    expect_close("cumsum float32, element " + std::to_string(k), double(out[k]),
                                                 running, 1e-5);
                                }
                            }
                        }};
    };
    run_sized_case(workload, c);
}

} // namespace

void run_cumsum(Workload& workload) {
    cumsum_case<int>(workload);
    cumsum_case<float>(workload);
}

// Bytes: one read and one write of the keys, the least any sort moves; LSD radix sort makes
// several passes, so its GB/s is a rate in keys, not the memory traffic.
void run_sort(Workload& workload) {
    using Key = std::uint32_t;
    // Each sort allocates its two result arrays (from the context's pool).
    SizedCase c{"sort", dtype_name<Key>(), sizeof(Key), 2 * sizeof(Key), 2.0 * sizeof(Key), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto keys = std::make_shared<std::vector<Array<Key>>>();
        for (std::size_t s = 0; s < sets; ++s) keys->push_back(random_array<Key>(workload.context, n, s + 1));
        return Prepared{[keys](std::size_t index) { rtcg::sort((*keys)[index % keys->size()]); },
                        [keys] {
                            std::vector<Key> expected = (*keys)[0].get();
                            std::sort(expected.begin(), expected.end());
                            if (rtcg::sort((*keys)[0]).get() != expected)
                                throw Error("sort uint32: the device's order differs from std::sort's",
                                            "rtcg-bench verification");
                        }};
    };
    run_sized_case(workload, c);
}

} // namespace rtcg::bench
