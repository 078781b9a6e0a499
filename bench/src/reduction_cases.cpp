// Reductions over whole arrays: rtcg::sum (numpy's sum, whose int32 total is int64) and the
// papers' dot product as a ReductionKernel, in float32, float64 and int32.
#include "cases.hpp"

#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace rtcg::bench {
namespace {

template <class T>
struct Operands {
    std::vector<Array<T>> x, y;
};

// The host reference in the device's arithmetic: int32 products and sums wrap (computed in
// uint32, where wrapping is defined), floating sums in double.
template <class T>
double host_dot(const std::vector<T>& x, const std::vector<T>& y) {
    if constexpr (std::is_integral_v<T>) {
        std::uint32_t total = 0;
        for (std::size_t k = 0; k < x.size(); ++k)
            total += static_cast<std::uint32_t>(x[k]) * static_cast<std::uint32_t>(y[k]);
        return static_cast<double>(static_cast<T>(total));
    } else {
        double total = 0;
        for (std::size_t k = 0; k < x.size(); ++k) total += double(x[k]) * double(y[k]);
        return total;
    }
}

// Floating sums are rounded in the device's tree order: allow for float32's rounding over the
// smallest size; integers must match exactly.
template <class T>
double reduction_tolerance() {
    if constexpr (std::is_integral_v<T>) return 0;
    else return sizeof(T) == 4 ? 1e-5 : 1e-12;
}

template <class T>
void sum_case(Workload& workload) {
    if (!device_supports<T>(workload, "sum")) return;
    SizedCase c{"sum", dtype_name<T>(), sizeof(T), 0, double(sizeof(T)), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto x = std::make_shared<std::vector<Array<T>>>();
        for (std::size_t s = 0; s < sets; ++s) x->push_back(random_array<T>(workload.context, n, s + 1));
        return Prepared{[x](std::size_t index) { rtcg::sum((*x)[index % x->size()]); },
                        [x] {
                            const std::vector<T> host = (*x)[0].get();
                            double expected = 0;
                            for (const T value : host) expected += double(value);
                            expect_close("sum " + dtype_name<T>(), double(rtcg::sum((*x)[0]).get()), expected,
                                         reduction_tolerance<T>());
                        }};
    };
    run_sized_case(workload, c);
}

template <class T>
void dot_case(Workload& workload) {
    if (!device_supports<T>(workload, "dot")) return;
    const codegen::DType element = codegen::dtype_of<T>();
    const ReductionKernel<T> dot(
        workload.context,
        std::vector<codegen::Argument>{codegen::Argument::pointer(element, "x", codegen::AddressSpace::global, true),
                                       codegen::Argument::pointer(element, "y", codegen::AddressSpace::global, true)},
        {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"}, {.name = "bench_dot"});
    SizedCase c{"dot", dtype_name<T>(), 2 * sizeof(T), 0, 2.0 * sizeof(T), {}};
    c.prepare = [&workload, dot](std::size_t n, std::size_t sets) {
        auto operands = std::make_shared<Operands<T>>();
        for (std::size_t s = 0; s < sets; ++s) {
            operands->x.push_back(random_array<T>(workload.context, n, 2 * s + 1));
            operands->y.push_back(random_array<T>(workload.context, n, 2 * s + 2));
        }
        return Prepared{[operands, dot](std::size_t index) {
                            const std::size_t s = index % operands->x.size();
                            dot(operands->x[s], operands->y[s]);
                        },
                        [operands, dot] {
                            const double expected = host_dot(operands->x[0].get(), operands->y[0].get());
                            expect_close("dot " + dtype_name<T>(), double(dot(operands->x[0], operands->y[0]).get()),
                                         expected, reduction_tolerance<T>());
                        }};
    };
    run_sized_case(workload, c);
}

} // namespace

void run_sum(Workload& workload) {
    sum_case<float>(workload);
    sum_case<double>(workload);
    sum_case<int>(workload);
}

void run_dot(Workload& workload) {
    dot_case<float>(workload);
    dot_case<double>(workload);
    dot_case<int>(workload);
}

} // namespace rtcg::bench
