// n-dimensional cases in float32, each of n elements written, at shapes that follow n (n a power
// of two, as the sizes are): a broadcast sum that reads a strided view beside the same sum of
// contiguous arrays, a matrix transpose and a 3-D axis permutation into contiguous arrays, running
// sums of a matrix down its columns and along its rows, and a sort of each row.
#include "cases.hpp"
#include "nd_shapes.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/scan.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rtcg::bench {
namespace {

// `values`, laid out in C order as `shape`, with its axes in the order `axes` lists (the reverse
// where empty), laid out in C order again: the host reference of the permuted copies.
std::vector<float> permuted(const std::vector<float>& values, const std::vector<std::size_t>& shape,
                            std::vector<std::int64_t> axes) {
    const std::size_t ndim = shape.size();
    if (axes.empty())
        for (std::size_t k = ndim; k-- > 0;) axes.push_back(static_cast<std::int64_t>(k));
    std::vector<std::size_t> strides(ndim, 1);
    for (std::size_t k = ndim - 1; k-- > 0;) strides[k] = strides[k + 1] * shape[k + 1];
    std::vector<float> out(values.size());
    for (std::size_t flat = 0; flat < out.size(); ++flat) {
        std::size_t rest = flat, at = 0;
        for (std::size_t k = ndim; k-- > 0;) {
            const auto axis = static_cast<std::size_t>(axes[k]);
            at += rest % shape[axis] * strides[axis];
            rest /= shape[axis];
        }
        out[flat] = values[at];
    }
    return out;
}

struct Operands {
    std::vector<Array<float>> x, y, z;
};

// z = x + y of n elements each: the bandwidth strided_add is a fraction of.
void contiguous_add_case(Workload& workload) {
    SizedCase c{"contiguous_add", "float32", 3 * sizeof(float), 0, 3.0 * sizeof(float), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        auto t = std::make_shared<Operands>();
        for (std::size_t s = 0; s < sets; ++s) {
            t->x.push_back(random_array<float>(workload.context, n, 2 * s + 1));
            t->y.push_back(random_array<float>(workload.context, n, 2 * s + 2));
            t->z.push_back(Array<float>::empty(workload.context, n));
        }
        return Prepared{[t](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            Array<float> z = t->z[s];
                            z.assign(t->x[s] + t->y[s]);
                        },
                        [t] {
                            const std::vector<float> x = t->x[0].get(), y = t->y[0].get();
                            std::vector<float> expected(x.size());
                            for (std::size_t k = 0; k < x.size(); ++k) expected[k] = x[k] + y[k];
                            check_equal("contiguous_add", t->z[0].get(), expected);
                        }};
    };
    run_sized_case(workload, c);
}

// z = x[:, ::2] + y[newaxis, :], z of rows x columns, x of rows x 2 columns: a strided read and a
// broadcast one. Bytes counted: z written and the elements of x read (y's one row is left out).
void strided_add_case(Workload& workload) {
    SizedCase c{"strided_add", "float32", 3 * sizeof(float), 0, 2.0 * sizeof(float), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = matrix_shape(n);
        const std::size_t rows = shape[0], columns = shape[1];
        auto t = std::make_shared<Operands>();
        for (std::size_t s = 0; s < sets; ++s) {
            t->x.push_back(random_array<float>(workload.context, 2 * n, 2 * s + 1)
                               .reshape(std::vector<std::size_t>{rows, 2 * columns}));
            t->y.push_back(random_array<float>(workload.context, columns, 2 * s + 2));
            t->z.push_back(Array<float>::empty(workload.context, shape));
        }
        return Prepared{[t](std::size_t index) {
                            const std::size_t s = index % t->x.size();
                            Array<float> z = t->z[s];
                            z.assign(t->x[s](slice(none, none), slice(none, none, 2)) +
                                     t->y[s](newaxis, slice(none, none)));
                        },
                        [t, rows, columns] {
                            const std::vector<float> x = t->x[0].get(), y = t->y[0].get();
                            std::vector<float> expected(rows * columns);
                            for (std::size_t r = 0; r < rows; ++r)
                                for (std::size_t k = 0; k < columns; ++k)
                                    expected[r * columns + k] = x[r * 2 * columns + 2 * k] + y[k];
                            check_equal("strided_add", t->z[0].get(), expected);
                        }};
    };
    run_sized_case(workload, c);
}

// ascontiguousarray of x transposed by `axes` (the reverse where empty), x of `shape_of(n)`.
void permuted_copy_case(Workload& workload, std::string name, std::vector<std::size_t> (*shape_of)(std::size_t),
                        std::vector<std::int64_t> axes) {
    // The result comes from the memory pool, as CuPy's and PyTorch's do from theirs.
    SizedCase c{std::move(name), "float32", sizeof(float), sizeof(float), 2.0 * sizeof(float), {}};
    c.prepare = [&workload, shape_of, axes, what = c.name](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = shape_of(n);
        auto t = std::make_shared<Operands>();
        for (std::size_t s = 0; s < sets; ++s)
            t->x.push_back(random_array<float>(workload.context, n, s + 1).reshape(shape));
        return Prepared{[t, axes](std::size_t index) {
                            const Array<float>& x = t->x[index % t->x.size()];
                            ascontiguousarray(x.transpose(axes));
                        },
                        [t, axes, shape, what] {
                            const Array<float> copied = ascontiguousarray(t->x[0].transpose(axes));
                            check_equal(what, copied.get(), permuted(t->x[0].get(), shape, axes));
                        }};
    };
    run_sized_case(workload, c);
}

// rtcg::cumsum(x, axis) of a rows x columns matrix, the result from the memory pool. Bytes
// counted: x read and the result written.
void cumsum_axis_case(Workload& workload, std::string name, std::int64_t axis) {
    SizedCase c{std::move(name), "float32", sizeof(float), sizeof(float), 2.0 * sizeof(float), {}};
    c.prepare = [&workload, axis, what = c.name](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = matrix_shape(n);
        auto t = std::make_shared<Operands>();
        for (std::size_t s = 0; s < sets; ++s)
            t->x.push_back(random_array<float>(workload.context, n, s + 1).reshape(shape));
        return Prepared{[t, axis](std::size_t index) { rtcg::cumsum(t->x[index % t->x.size()], axis); },
                        [t, axis, shape, what] {
                            const std::vector<float> x = t->x[0].get();
                            const std::size_t rows = shape[0], columns = shape[1];
                            std::vector<double> expected(x.size());
                            for (std::size_t r = 0; r < rows; ++r)
                                for (std::size_t k = 0; k < columns; ++k) {
                                    const std::size_t at = r * columns + k;
                                    const std::size_t before = axis == 0 ? at - columns : at - 1;
                                    const bool first = axis == 0 ? r == 0 : k == 0;
                                    expected[at] = x[at] + (first ? 0.0 : expected[before]);
                                }
                            const std::vector<float> sums = rtcg::cumsum(t->x[0], axis).get();
                            check_close(what, std::vector<double>(sums.begin(), sums.end()), expected);
                        }};
    };
    run_sized_case(workload, c);
}

// rtcg::sort(x, 1) of a rows x columns matrix: every row sorted. Bytes counted as the flat sort's,
// the keys read and written once; scratch from the pool: the positions, the lines, the two sorts'
// pairs of key and value arrays and the result, 11 words per element.
void sort_axis1_case(Workload& workload) {
    SizedCase c{"sort_axis1", "float32", sizeof(float), 11 * sizeof(float), 2.0 * sizeof(float), {}};
    c.prepare = [&workload](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = matrix_shape(n);
        auto t = std::make_shared<Operands>();
        for (std::size_t s = 0; s < sets; ++s)
            t->x.push_back(random_array<float>(workload.context, n, s + 1).reshape(shape));
        return Prepared{[t](std::size_t index) { rtcg::sort(t->x[index % t->x.size()], 1); },
                        [t, shape] {
                            std::vector<float> expected = t->x[0].get();
                            for (std::size_t r = 0; r < shape[0]; ++r)
                                std::sort(expected.begin() + static_cast<std::ptrdiff_t>(r * shape[1]),
                                          expected.begin() + static_cast<std::ptrdiff_t>((r + 1) * shape[1]));
                            check_equal("sort_axis1", rtcg::sort(t->x[0], 1).get(), expected);
                        }};
    };
    run_sized_case(workload, c);
}

} // namespace

void run_contiguous_add(Workload& workload) { contiguous_add_case(workload); }
void run_strided_add(Workload& workload) { strided_add_case(workload); }
void run_transpose(Workload& workload) { permuted_copy_case(workload, "transpose", matrix_shape, {}); }
void run_permute3d(Workload& workload) { permuted_copy_case(workload, "permute3d", cube_shape, {2, 0, 1}); }
void run_cumsum_axis0(Workload& workload) { cumsum_axis_case(workload, "cumsum_axis0", 0); }
void run_cumsum_axis1(Workload& workload) { cumsum_axis_case(workload, "cumsum_axis1", 1); }
void run_sort_axis1(Workload& workload) { sort_axis1_case(workload); }

} // namespace rtcg::bench
