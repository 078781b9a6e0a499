// Reductions along axes of float32 arrays of n elements, at the shapes nd_shapes.hpp gives n:
// a matrix summed down its columns (axis 0) and along its rows (axis 1), the index of each row's
// largest element, and the mean of a 3-D array over its first and last axes. Bytes counted: the
// elements read (the outputs are a vanishing part).
#include "cases.hpp"
#include "nd_shapes.hpp"

#include <rtcg/arrays/axis_reductions.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace rtcg::bench {
namespace {

// What a case computes on the device, and the same on the host for the verification, each from
// the input's values and shape.
struct AxisCase {
    std::string name;
    std::vector<std::size_t> (*shape_of)(std::size_t);
    std::function<void(const Array<float>&)> run;
    std::function<std::vector<double>(const Array<float>&)> device;
    std::function<std::vector<double>(const std::vector<float>&, const std::vector<std::size_t>&)> host;
};

template <class T>
std::vector<double> widened(const Array<T>& a) {
    const std::vector<T> values = a.get();
    return std::vector<double>(values.begin(), values.end());
}

void run_axis_case(Workload& workload, const AxisCase& a) {
    SizedCase c{a.name, "float32", sizeof(float), 0, 1.0 * sizeof(float), {}};
    c.prepare = [&workload, a](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = a.shape_of(n);
        auto inputs = std::make_shared<std::vector<Array<float>>>();
        for (std::size_t s = 0; s < sets; ++s) inputs->push_back(random_array<float>(workload.context, n, s + 1).reshape(shape));
        return Prepared{[inputs, a](std::size_t index) { a.run((*inputs)[index % inputs->size()]); },
                        [inputs, a, shape] {
                            const Array<float>& x = inputs->front();
                            check_close(a.name, a.device(x), a.host(x.get(), shape));
                        }};
    };
    run_sized_case(workload, c);
}

// Sums of the matrix's columns (`along_rows` false) or rows, in double.
std::vector<double> host_sums(const std::vector<float>& x, const std::vector<std::size_t>& shape, bool along_rows) {
    const std::size_t rows = shape[0], columns = shape[1];
    std::vector<double> sums(along_rows ? rows : columns);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < columns; ++c) sums[along_rows ? r : c] += x[r * columns + c];
    return sums;
}

} // namespace

void run_sum_axis0(Workload& workload) {
    run_axis_case(workload, {"sum_axis0", matrix_shape, [](const Array<float>& x) { rtcg::sum(x, {.axes = 0}); },
                             [](const Array<float>& x) { return widened(rtcg::sum(x, {.axes = 0})); },
                             [](const std::vector<float>& x, const auto& shape) { return host_sums(x, shape, false); }});
}

void run_sum_axis1(Workload& workload) {
    run_axis_case(workload, {"sum_axis1", matrix_shape, [](const Array<float>& x) { rtcg::sum(x, {.axes = 1}); },
                             [](const Array<float>& x) { return widened(rtcg::sum(x, {.axes = 1})); },
                             [](const std::vector<float>& x, const auto& shape) { return host_sums(x, shape, true); }});
}

void run_argmax_axis1(Workload& workload) {
    run_axis_case(workload,
                  {"argmax_axis1", matrix_shape, [](const Array<float>& x) { rtcg::argmax(x, {.axes = 1}); },
                   [](const Array<float>& x) { return widened(rtcg::argmax(x, {.axes = 1})); },
                   [](const std::vector<float>& x, const auto& shape) {
                       std::vector<double> at(shape[0]);
                       for (std::size_t r = 0; r < shape[0]; ++r) {
                           std::size_t best = 0;
                           for (std::size_t c = 1; c < shape[1]; ++c)
                               if (x[r * shape[1] + c] > x[r * shape[1] + best]) best = c;
                           at[r] = static_cast<double>(best);
                       }
                       return at;
                   }});
}

void run_mean_axes02(Workload& workload) {
    run_axis_case(workload,
                  {"mean_axes02", cube_shape, [](const Array<float>& x) { rtcg::mean(x, {.axes = {0, 2}}); },
                   [](const Array<float>& x) { return widened(rtcg::mean(x, {.axes = {0, 2}})); },
                   [](const std::vector<float>& x, const auto& shape) {
                       std::vector<double> means(shape[1]);
                       for (std::size_t i = 0; i < shape[0]; ++i)
                           for (std::size_t j = 0; j < shape[1]; ++j)
                               for (std::size_t k = 0; k < shape[2]; ++k)
                                   means[j] += x[(i * shape[1] + j) * shape[2] + k];
                       for (double& m : means) m /= static_cast<double>(shape[0] * shape[2]);
                       return means;
                   }});
}

} // namespace rtcg::bench
