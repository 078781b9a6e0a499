#include "matmul_problem.hpp"

#include <rtcg/codegen/dialect.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace matmul {
namespace {

constexpr double full_check_limit = double(1 << 26);
constexpr std::size_t sampled_entries = 1024;
// Float accumulation errors grow like sqrt(k) ulps of the partial sums; this bound, relative to
// sum |a_ip * b_pj|, is far above them and far below what a missing or repeated term gives.
constexpr double relative_tolerance = 1e-5;

ReferenceEntry reference_entry(const Matrices& matrices, std::int32_t row, std::int32_t col) {
    const Shape& s = matrices.shape;
    double sum = 0, magnitude = 0;
    for (std::int32_t p = 0; p < s.k; ++p) {
        const double product = double(matrices.a[std::size_t(row) * s.k + p]) * matrices.b[std::size_t(p) * s.n + col];
        sum += product;
        magnitude += std::abs(product);
    }
    return ReferenceEntry{row, col, sum, relative_tolerance * magnitude + 1e-6};
}

} // namespace

std::shared_ptr<Matrices> random_matrices(const rtcg::Context& context, const Shape& shape, std::uint32_t seed) {
    auto matrices = std::make_shared<Matrices>();
    matrices->shape = shape;
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    matrices->a.resize(std::size_t(shape.m) * shape.k);
    matrices->b.resize(std::size_t(shape.k) * shape.n);
    for (auto& x : matrices->a) x = uniform(random);
    for (auto& x : matrices->b) x = uniform(random);
    matrices->a_gpu = context.to_device(matrices->a);
    matrices->b_gpu = context.to_device(matrices->b);
    matrices->c_gpu = context.allocate(std::size_t(shape.m) * shape.n * sizeof(float));
    return matrices;
}

std::vector<ReferenceEntry> reference_entries(const Matrices& matrices) {
    const Shape& s = matrices.shape;
    std::vector<ReferenceEntry> entries;
    if (s.flops() / 2 <= full_check_limit) {
        for (std::int32_t row = 0; row < s.m; ++row)
            for (std::int32_t col = 0; col < s.n; ++col) entries.push_back(reference_entry(matrices, row, col));
        return entries;
    }
    std::mt19937 random(99);
    for (std::size_t i = 0; i < sampled_entries; ++i)
        entries.push_back(reference_entry(matrices, std::uniform_int_distribution<std::int32_t>(0, s.m - 1)(random),
                                          std::uniform_int_distribution<std::int32_t>(0, s.n - 1)(random)));
    for (std::int32_t col = 0; col < s.n; col += std::max(1, s.n / 64)) entries.push_back(reference_entry(matrices, s.m - 1, col));
    for (std::int32_t row = 0; row < s.m; row += std::max(1, s.m / 64)) entries.push_back(reference_entry(matrices, row, s.n - 1));
    entries.push_back(reference_entry(matrices, s.m - 1, s.n - 1));
    return entries;
}

std::optional<std::string> compare(const std::vector<float>& c, const Shape& shape,
                                   const std::vector<ReferenceEntry>& reference) {
    std::size_t wrong = 0;
    const ReferenceEntry* first = nullptr;
    for (const auto& entry : reference) {
        const double value = c[std::size_t(entry.row) * shape.n + entry.col];
        // Written so that a NaN (an entry nobody wrote) is wrong too.
        if (!(std::abs(value - entry.value) <= entry.tolerance)) {
            if (!first) first = &entry;
            ++wrong;
        }
    }
    if (!first) return std::nullopt;
    return "C[" + std::to_string(first->row) + "][" + std::to_string(first->col) + "] is " +
           std::to_string(c[std::size_t(first->row) * shape.n + first->col]) + ", not " + std::to_string(first->value) +
           " (" + std::to_string(wrong) + " of " + std::to_string(reference.size()) + " checked entries wrong)";
}

rtcg::tuning::TuningProblem tuning_problem(const rtcg::Context& context, std::shared_ptr<Matrices> matrices,
                                           std::shared_ptr<const std::vector<ReferenceEntry>> reference) {
    const Shape shape = matrices->shape;
    const auto dialect = rtcg::codegen::dialect_of(context.device());
    rtcg::tuning::TuningProblem problem;
    problem.kernel = kernel_identity;
    problem.size_class = size_class(shape);
    problem.space = tiled_space(context.device(), shape);
    problem.generate = [dialect](const rtcg::tuning::Configuration& c) { return tiled_kernel(dialect, c); };
    problem.launch = [matrices](const rtcg::Kernel& kernel, const rtcg::tuning::Configuration& c, rtcg::Queue& queue) {
        const Shape& s = matrices->shape;
        kernel(queue, tiled_launch(c, s), matrices->a_gpu, matrices->b_gpu, matrices->c_gpu, s.m, s.n, s.k);
    };
    problem.reset = [matrices](rtcg::Queue& queue) {
        queue.fill(matrices->c_gpu, std::numeric_limits<float>::quiet_NaN());
    };
    problem.check = [matrices, reference](rtcg::Queue& queue) {
        std::vector<float> c(std::size_t(matrices->shape.m) * matrices->shape.n);
        queue.read(matrices->c_gpu, std::span<float>(c));
        return compare(c, matrices->shape, *reference);
    };
    return problem;
}

double median_ms(rtcg::Queue& queue, const std::function<void()>& launch) {
    launch(); // warm-up: first-launch costs (module loading, caches) are not the kernel's
    queue.finish();
    std::vector<double> times;
    double total = 0;
    while (times.size() < 3 || (total < 200 && times.size() < 50)) {
        const rtcg::Event start = queue.record();
        launch();
        const rtcg::Event end = queue.record();
        times.push_back(rtcg::elapsed_ms(start, end));
        total += times.back();
    }
    std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(times.size() / 2), times.end());
    return times[times.size() / 2];
}

} // namespace matmul
