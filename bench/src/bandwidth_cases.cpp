// Streaming cases: a copy, the papers' lin_comb and a fused transcendental expression, each
// reading two arrays (one for the copy) and writing one, in float32 and float64.
#include "cases.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <cmath>
#include <memory>
#include <vector>

namespace rtcg::bench {
namespace {

constexpr std::string_view lin_comb_operation = "z[i] = a * x[i] + b * y[i]";
constexpr std::string_view fused_operation = "z[i] = sin(x[i]) * exp(-y[i]) + a * sqrt(x[i] * x[i] + y[i] * y[i])";

template <class T>
struct Triples {
    std::vector<Array<T>> x, y, z;
};

template <class T>
std::shared_ptr<const Triples<T>> make_triples(const Context& context, std::size_t n, std::size_t sets) {
    auto triples = std::make_shared<Triples<T>>();
    for (std::size_t s = 0; s < sets; ++s) {
        triples->x.push_back(random_array<T>(context, n, 2 * s + 1));
        triples->y.push_back(random_array<T>(context, n, 2 * s + 2));
        triples->z.push_back(Array<T>::empty(context, n));
    }
    return triples;
}

// Compares every element of set 0's z with `reference(x, y)` computed in double on the host.
template <class T, class Reference>
std::function<void()> verifier(std::string what, std::shared_ptr<const Triples<T>> triples, Reference reference) {
    return [what = std::move(what), triples, reference] {
        const std::vector<T> x = triples->x[0].get(), y = triples->y[0].get(), z = triples->z[0].get();
        // A few ulps of T, for contractions into FMAs and the device's math library.
        const double tolerance = sizeof(T) == 4 ? 1e-5 : 1e-12;
        for (std::size_t k = 0; k < z.size(); ++k)
            expect_close(what + ", element " + std::to_string(k), z[k], reference(double(x[k]), double(y[k])),
                         tolerance);
    };
}

double lin_comb_reference(double x, double y) { return 2 * x + 3 * y; }
double fused_reference(double x, double y) { return std::sin(x) * std::exp(-y) + 2 * std::sqrt(x * x + y * y); }

std::vector<codegen::Argument> streaming_arguments(const codegen::DType& type, bool with_b) {
    std::vector<codegen::Argument> arguments{codegen::Argument::scalar(type, "a"),
                                             codegen::Argument::pointer(type, "x", codegen::AddressSpace::global, true)};
    if (with_b) arguments.push_back(codegen::Argument::scalar(type, "b"));
    arguments.push_back(codegen::Argument::pointer(type, "y", codegen::AddressSpace::global, true));
    arguments.push_back(codegen::Argument::pointer(type, "z"));
    return arguments;
}

// Two arrays read and one written per repetition: the same footprint for every streaming case.
template <class T>
SizedCase streaming_case(std::string name, std::function<Prepared(std::size_t, std::size_t)> prepare) {
    return {std::move(name), dtype_name<T>(), 3 * sizeof(T), 0, 3.0 * sizeof(T), std::move(prepare)};
}

template <class T>
void copy_case(Workload& workload) {
    if (!device_supports<T>(workload, "copy")) return;
    SizedCase c{"copy", dtype_name<T>(), 2 * sizeof(T), 0, 2.0 * sizeof(T), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto pairs = std::make_shared<Triples<T>>(); // x copied to z; y unused
        for (std::size_t s = 0; s < sets; ++s) {
            pairs->x.push_back(random_array<T>(workload.context, n, s + 1));
            pairs->z.push_back(Array<T>::empty(workload.context, n));
        }
        Queue& queue = workload.context.queue();
        const std::size_t bytes = n * sizeof(T);
        return Prepared{[pairs, &queue, bytes](std::size_t index) {
                            const std::size_t s = index % pairs->x.size();
                            queue.copy(pairs->x[s].data().buffer(), pairs->z[s].data().buffer(), bytes);
                        },
                        [pairs] {
                            if (pairs->x[0].get() != pairs->z[0].get())
                                throw Error("copy: the destination differs from the source", "rtcg-bench verification");
                        }};
    };
    run_sized_case(workload, c);
}

template <class T>
void lin_comb_case(Workload& workload) {
    if (!device_supports<T>(workload, "lin_comb")) return;
    const ElementwiseKernel kernel(workload.context, streaming_arguments(codegen::dtype_of<T>(), true),
                                   lin_comb_operation, {.name = "bench_lin_comb"});
    run_sized_case(workload, streaming_case<T>("lin_comb", [&](std::size_t n, std::size_t sets) {
        const auto t = make_triples<T>(workload.context, n, sets);
        return Prepared{[t, kernel](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            const T a = 2, b = 3;
                            kernel(a, t->x[s], b, t->y[s], t->z[s]);
                        },
                        verifier<T>("lin_comb " + dtype_name<T>(), t, lin_comb_reference)};
    }));
}

template <class T>
void lin_comb_expr_case(Workload& workload) {
    if (!device_supports<T>(workload, "lin_comb_expr")) return;
    run_sized_case(workload, streaming_case<T>("lin_comb_expr", [&](std::size_t n, std::size_t sets) {
        const auto t = make_triples<T>(workload.context, n, sets);
        return Prepared{[t](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            const T a = 2, b = 3;
                            Array<T> z = t->z[s]; // a handle sharing z's storage: assign writes it
                            z.assign(a * t->x[s] + b * t->y[s]);
                        },
                        verifier<T>("lin_comb_expr " + dtype_name<T>(), t, lin_comb_reference)};
    }));
}

template <class T>
void fused_case(Workload& workload) {
    if (!device_supports<T>(workload, "fused")) return;
    const ElementwiseKernel kernel(workload.context, streaming_arguments(codegen::dtype_of<T>(), false),
                                   fused_operation, {.name = "bench_fused"});
    run_sized_case(workload, streaming_case<T>("fused", [&](std::size_t n, std::size_t sets) {
        const auto t = make_triples<T>(workload.context, n, sets);
        return Prepared{[t, kernel](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            const T a = 2;
                            kernel(a, t->x[s], t->y[s], t->z[s]);
                        },
                        verifier<T>("fused " + dtype_name<T>(), t, fused_reference)};
    }));
}

template <class T>
void fused_expr_case(Workload& workload) {
    if (!device_supports<T>(workload, "fused_expr")) return;
    run_sized_case(workload, streaming_case<T>("fused_expr", [&](std::size_t n, std::size_t sets) {
        const auto t = make_triples<T>(workload.context, n, sets);
        return Prepared{[t](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            const T a = 2;
                            const Array<T>& x = t->x[s];
                            const Array<T>& y = t->y[s];
                            Array<T> z = t->z[s];
                            z.assign(sin(x) * exp(-y) + a * sqrt(x * x + y * y));
                        },
                        verifier<T>("fused_expr " + dtype_name<T>(), t, fused_reference)};
    }));
}

} // namespace

void run_copy(Workload& workload) {
    copy_case<float>(workload);
    copy_case<double>(workload);
}
void run_lin_comb(Workload& workload) {
    lin_comb_case<float>(workload);
    lin_comb_case<double>(workload);
}
void run_lin_comb_expr(Workload& workload) {
    lin_comb_expr_case<float>(workload);
    lin_comb_expr_case<double>(workload);
}
void run_fused(Workload& workload) {
    fused_case<float>(workload);
    fused_case<double>(workload);
}
void run_fused_expr(Workload& workload) {
    fused_expr_case<float>(workload);
    fused_expr_case<double>(workload);
}

} // namespace rtcg::bench
