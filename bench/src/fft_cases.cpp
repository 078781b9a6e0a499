// FFTs through rtcg::fft, complex64 (float32 parts): batched 1-D complex-to-complex transforms of
// one length each (powers of two 2^8 .. 2^24, two 3-5-7-smooth lengths and those --fft-lengths
// names), as many as n elements hold, and the 3-D transform of a cube of n elements (256^3 at
// n = 2^24); rfft of float32 rows of powers of two 2^8 .. 2^24. Each is a Plan made once (tuned on
// the device where the tuning database has no choice yet, Tuning::tune; with --fft-built-in, the
// built-in rules' plan, which a user who never tunes gets), then executed out of place. Bytes
// counted: the array read and written once, 16 n (an FFT of several passes moves more).
#include "cases.hpp"
#include "nd_shapes.hpp"

#include <rtcg/arrays/expression.hpp>
#include <rtcg/fft.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <numbers>
#include <vector>

namespace rtcg::bench {
namespace {

using Complex = std::complex<float>;

// Random complex points, their real and imaginary parts uniform in [0, 1).
Array<Complex> random_points(const Context& context, std::size_t n, std::uint64_t seed) {
    Array<Complex> points = Array<Complex>::empty(context, n);
    Array<float> part = points.real();
    part.assign(random_array<float>(context, n, 2 * seed));
    part = points.imag();
    part.assign(random_array<float>(context, n, 2 * seed + 1));
    return points;
}

// The first transform of the batch against a double-precision DFT on the host, at a few
// frequencies up to `last`: an Error when the relative error is beyond float32's rounding.
void verify_first_line(const std::string& what, const std::vector<Complex>& in, const std::vector<Complex>& out,
                       std::size_t length, std::size_t last) {
    for (const std::size_t k : {std::size_t{0}, std::size_t{1}, length / 3, last}) {
        std::complex<double> sum = 0;
        for (std::size_t j = 0; j < length; ++j) {
            const double angle = -2 * std::numbers::pi * static_cast<double>(j * k % length) / static_cast<double>(length);
            sum += std::complex<double>(in[j]) * std::complex<double>(std::cos(angle), std::sin(angle));
        }
        expect_close(what + " X[" + std::to_string(k) + "].real", out[k].real(), sum.real(), 1e-3 * std::sqrt(length));
        expect_close(what + " X[" + std::to_string(k) + "].imag", out[k].imag(), sum.imag(), 1e-3 * std::sqrt(length));
    }
}

fft::Tuning plan_tuning(const Workload& workload) {
    return workload.options.fft_built_in ? fft::Tuning::built_in : fft::Tuning::tune;
}

// A case transforming arrays of `shape_of(n)` over `axes`.
void run_fft_case(Workload& workload, const std::string& name, std::size_t min_elements,
                  std::vector<std::size_t> (*shape_of)(std::size_t, std::size_t), std::size_t length,
                  std::vector<std::int64_t> axes) {
    SizedCase c{name, "complex64", 2 * sizeof(Complex), 2 * sizeof(Complex), 2.0 * sizeof(Complex), {}};
    c.min_elements = min_elements;
    c.prepare = [&workload, name, shape_of, length, axes](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape = shape_of(n, length);
        auto data = std::make_shared<std::vector<std::pair<Array<Complex>, Array<Complex>>>>();
        std::size_t elements = 1;
        for (const std::size_t extent : shape) elements *= extent;
        for (std::size_t s = 0; s < sets; ++s)
            data->emplace_back(random_points(workload.context, elements, s + 1).reshape(shape),
                               Array<Complex>::empty(workload.context, shape));
        auto plan = std::make_shared<fft::Plan>(workload.context, shape, axes, codegen::DType::complex64(),
                                                fft::Direction::forward, fft::Norm::backward, plan_tuning(workload));
        return Prepared{[data, plan](std::size_t index) {
                            const auto& [x, y] = (*data)[index % data->size()];
                            plan->execute(x, y);
                        },
                        [data, name, shape, axes] {
                            // A 1-D case's first line; a 3-D case's first line along its last axis
                            // after the other two axes' transforms is not one DFT, so it checks
                            // the sum of all points, X[0, 0, 0], instead.
                            const auto& [x, y] = data->front();
                            const std::vector<Complex> in = x.get(), out = y.get();
                            if (axes.size() == 1) return verify_first_line(name, in, out, shape.back(), shape.back() - 1);
                            std::complex<double> sum = 0;
                            for (const Complex& z : in) sum += std::complex<double>(z);
                            expect_close(name + " X[0].real", out[0].real(), sum.real(), 1e-3);
                            expect_close(name + " X[0].imag", out[0].imag(), sum.imag(), 1e-3);
                        }};
    };
    run_sized_case(workload, c);
}

// rfft of float32 rows of `length` points, as many as n elements hold, through a RealPlan made
// once (tuned, as the complex plans are): n floats read, about as many bytes of half spectrum written.
void run_rfft_case(Workload& workload, std::size_t length) {
    const std::string name = "fft_r2c_" + std::to_string(length);
    SizedCase c{name, "float32", 3 * sizeof(float), 0, 2.0 * sizeof(float), {}};
    c.min_elements = length;
    c.prepare = [&workload, name, length](std::size_t n, std::size_t sets) {
        const std::vector<std::size_t> shape{n / length, length};
        auto plan = std::make_shared<fft::RealPlan>(workload.context, shape, codegen::DType::float32(),
                                                    fft::Direction::forward, fft::Norm::backward,
                                                    plan_tuning(workload));
        auto data = std::make_shared<std::vector<std::pair<Array<float>, Array<Complex>>>>();
        for (std::size_t s = 0; s < sets; ++s)
            data->emplace_back(random_array<float>(workload.context, shape[0] * length, s + 1).reshape(shape),
                               Array<Complex>::empty(workload.context, plan->spectrum_shape()));
        return Prepared{[data, plan](std::size_t index) {
                            const auto& [x, y] = (*data)[index % data->size()];
                            plan->execute_data(x.data(), y.data());
                        },
                        [data, name, length] {
                            const auto& [x, y] = data->front();
                            const std::vector<float> real = x.get();
                            verify_first_line(name, std::vector<Complex>(real.begin(), real.end()), y.get(), length,
                                              length / 2);
                        }};
    };
    run_sized_case(workload, c);
}

std::vector<std::size_t> batch_shape(std::size_t n, std::size_t length) { return {n / length, length}; }
std::vector<std::size_t> cube(std::size_t n, std::size_t) { return cube_shape(n); }

} // namespace

void run_fft(Workload& workload) {
    std::vector<std::size_t> lengths;
    for (int k = 8; k <= 24; k += 2) lengths.push_back(std::size_t{1} << k);
    // 3-5-7-smooth lengths: 3^4 5^2 7 and 2^3 3^3 5 7^2.
    lengths.insert(lengths.end(), {14175, 52920});
    for (const std::size_t length : workload.options.fft_lengths)
        if (std::find(lengths.begin(), lengths.end(), length) == lengths.end()) lengths.push_back(length);
    for (const std::size_t length : lengths)
        run_fft_case(workload, "fft_c2c_" + std::to_string(length), length, batch_shape, length, {-1});
    run_fft_case(workload, "fftn_cube", 8, cube, 0, {0, 1, 2});
}

void run_rfft(Workload& workload) {
    for (int k = 8; k <= 24; k += 4) run_rfft_case(workload, std::size_t{1} << k);
}

} // namespace rtcg::bench
