// ScanKernel and cumsum on the device against host references: every size of the issue, int32,
// int64, float, double and a struct whose operation does not commute, inclusive and exclusive
// forms and last_item, segmented scans (segments of one element, of the whole array, of random
// lengths), argument errors, scans queued back to back on two queues, and one scan over 2^31
// elements where a GPU has the memory; the single pass on devices with warp primitives,
// reduce-then-scan elsewhere and with last_item. Every generated program is also compiled for
// CUDA by NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "scan_test_support.hpp"

#include <rtcg/arrays/scan.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::ScanKernel;
using rtcg::codegen::Dialect;
using rtcg::codegen::dtype_of;
using rtcg::test::Affine;
using rtcg::test::compiles_for_cuda;
using rtcg::test::context;
using rtcg::test::scan_sizes;

namespace {


// Small values whose running sums stay exact in every type and every grouping.
template <class T>
std::vector<T> small_values(std::size_t n) {
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<T>(static_cast<int>(k % 7) - 3 + (k % 3 == 0 ? 1 : 0));
    return out;
}

template <class T>
void check_cumsum() {
    for (std::size_t n : scan_sizes()) {
        CAPTURE(n);
        const std::vector<T> x = small_values<T>(n);
        const auto x_gpu = Array<T>::to_device(context(), x);
        std::vector<T> inclusive(n), exclusive(n);
        T sum = 0;
        for (std::size_t k = 0; k < n; ++k) {
            exclusive[k] = sum;
            sum += x[k];
            inclusive[k] = sum;
        }
        CHECK(rtcg::cumsum(x_gpu).get() == inclusive);
        CHECK(rtcg::exclusive_cumsum(x_gpu).get() == exclusive);
    }
}

// Whether a test scan's output statement writes last_item too. Without it, a CUDA scan runs as a
// single pass; with it, as reduce-then-scan (scan_source.hpp): the tests run both.
enum class LastItem { written, not_written };

std::string all_forms_output(LastItem last) {
    return last == LastItem::written ? "inclusive[i] = item; exclusive[i] = prev_item; last[i] = last_item"
                                     : "inclusive[i] = item; exclusive[i] = prev_item";
}

// item, prev_item and (unless not_written) last_item of one scan at once.
template <class T>
ScanKernel all_forms(const char* operation, const char* neutral, std::string name, LastItem last) {
    return ScanKernel(context(), dtype_of<T>(),
                      {rtcg::codegen::Argument::pointer(dtype_of<T>(), "x"),
                       rtcg::codegen::Argument::pointer(dtype_of<T>(), "inclusive"),
                       rtcg::codegen::Argument::pointer(dtype_of<T>(), "exclusive"),
                       rtcg::codegen::Argument::pointer(dtype_of<T>(), "last")},
                      {.input_expr = "x[i]",
                       .scan_expr = operation,
                       .neutral = neutral,
                       .output_statement = all_forms_output(last)}, {.name = std::move(name)});
}

template <class T, class Op>
void check_all_forms(const ScanKernel& scan, LastItem written, const std::vector<T>& x, const T& neutral, Op op,
                     const std::vector<bool>* starts = nullptr) {
    const std::size_t n = x.size();
    std::vector<T> inclusive(n), exclusive(n), last(n);
    T running = neutral;
    for (std::size_t k = 0; k < n; ++k) {
        if (starts && (*starts)[k]) running = neutral;
        exclusive[k] = running;
        running = op(running, x[k]);
        inclusive[k] = running;
    }
    for (std::size_t k = 0; k < n; ++k) last[k] = inclusive[n - 1];
    const auto x_gpu = Array<T>::to_device(context(), x);
    auto inclusive_gpu = Array<T>::empty(context(), n);
    auto exclusive_gpu = Array<T>::empty(context(), n);
    auto last_gpu = Array<T>::empty(context(), n);
    if (!starts) {
        scan(x_gpu, inclusive_gpu, exclusive_gpu, last_gpu);
    } else {
        const std::vector<std::uint8_t> flags(starts->begin(), starts->end());
        scan(x_gpu, inclusive_gpu, exclusive_gpu, last_gpu, Array<std::uint8_t>::to_device(context(), flags));
    }
    CHECK(inclusive_gpu.get() == inclusive);
    CHECK(exclusive_gpu.get() == exclusive);
    if (written == LastItem::written) CHECK(last_gpu.get() == last);
}

std::vector<Affine> affine_values(std::size_t n) {
    std::vector<Affine> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = rtcg::test::affine_at(k);
    return out;
}

ScanKernel affine_scan(LastItem last, std::string segment_start = {}) {
    const rtcg::codegen::DType affine = rtcg::test::affine_type();
    std::string arguments = "scan_affine *x, scan_affine *inclusive, scan_affine *exclusive, scan_affine *last";
    if (!segment_start.empty()) arguments += ", unsigned char *starts";
    return ScanKernel(
        context(), affine, arguments,
        {.input_expr = "x[i]",
         .scan_expr = "scan_affine_then(a, b)",
         .neutral = "{1u, 0u}",
         .output_statement = all_forms_output(last)},
        {.name = "affine", .preamble = rtcg::test::affine_preamble, .is_segment_start_expr = std::move(segment_start)});
}

// Segments of one element, of the whole array, and of random lengths.
std::vector<std::vector<bool>> segment_patterns(std::size_t n) {
    std::vector<bool> ones(n, true), whole(n, false), random(n, false);
    if (n) whole[0] = true;
    std::mt19937 generator(static_cast<unsigned>(n));
    for (std::size_t k = 0; k < n; ++k) random[k] = generator() % 100 == 0;
    return {ones, whole, random};
}

} // namespace

TEST_CASE("cumsum and exclusive_cumsum of int32, int64, float and double at every size") {
    check_cumsum<std::int32_t>();
    check_cumsum<std::int64_t>();
    check_cumsum<float>();
    check_cumsum<double>();
}

TEST_CASE("a scan gives item, prev_item and last_item at every size") {
    const rtcg::codegen::Target target = rtcg::codegen::target_of(context().device());
    for (LastItem last : {LastItem::written, LastItem::not_written}) {
        const ScanKernel sum = all_forms<std::int64_t>("a + b", "0", "sum", last);
        compiles_for_cuda(sum);
        // The single pass runs where the device has warp primitives (CUDA, OpenCL on NVIDIA).
        const bool one_pass = sum.source(target).find("rtcg_scan_sum_single") != std::string::npos;
        CHECK(one_pass == (target.warp_primitives && last == LastItem::not_written));
        for (std::size_t n : scan_sizes()) {
            CAPTURE(n);
            std::vector<std::int64_t> x(n);
            for (std::size_t k = 0; k < n; ++k) x[k] = static_cast<std::int64_t>(k * 2654435761u % 1000003) << 20;
            check_all_forms<std::int64_t>(sum, last, x, 0, [](std::int64_t a, std::int64_t b) { return a + b; });
        }
    }
}

TEST_CASE("a scan may write the array its input reads, at the same index (in place)") {
    // With last_item the scan takes reduce-then-scan everywhere; without, the single pass where the
    // device has it: both read each index's input before any output statement writes it.
    for (LastItem last : {LastItem::written, LastItem::not_written}) {
        const std::string statement = last == LastItem::written ? "x[i] = item + last_item - last_item" : "x[i] = item";
        const ScanKernel in_place(context(), rtcg::codegen::dtype_of<std::int64_t>(), "long *x",
                                  {.input_expr = "x[i]", .scan_expr = "a + b", .neutral = "0", .output_statement = statement},
                                  {.name = "in_place"});
        for (std::size_t n : scan_sizes()) {
            CAPTURE(n);
            std::vector<std::int64_t> values(n);
            for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<std::int64_t>(k * 2654435761u % 1000003);
            auto x = Array<std::int64_t>::to_device(context(), values);
            in_place(x);
            std::int64_t sum = 0;
            for (auto& v : values) v = sum += v;
            CHECK(x.get() == values);
        }
    }
}

TEST_CASE("a scan of a 10,000-character name runs") {
    const ScanKernel running_sum(context(), dtype_of<std::int32_t>(), "const int *x, int *y",
                                 {.input_expr = "x[i]",
                                  .scan_expr = "a+b",
                                  .neutral = "0",
                                  .output_statement = "y[i] = item"},
                                 {.name = "long_" + std::string(10'000, 's')});
    compiles_for_cuda(running_sum);
    const std::vector<std::int32_t> x = small_values<std::int32_t>(5000);
    auto y = Array<std::int32_t>::empty(context(), x.size());
    running_sum(Array<std::int32_t>::to_device(context(), x), y);
    std::vector<std::int32_t> expected(x.size());
    std::int32_t sum = 0;
    for (std::size_t k = 0; k < x.size(); ++k) expected[k] = sum += x[k];
    CHECK(y.get() == expected);
}

TEST_CASE("arguments may take the names of the kernels' own variables") {
    // The snippets run in device functions of their own: the kernels' variables (tile, carry,
    // status, values, epoch, chunk, t ...) are not in their scope, nor the arguments in the kernels'.
    const ScanKernel scan(context(), dtype_of<std::int32_t>(),
                          "const int *tile, int *carry, int *status, int *values, int epoch, unsigned char *starts",
                          {.input_expr = "tile[i] * epoch",
                           .scan_expr = "a + b",
                           .neutral = "0",
                           .output_statement = "carry[i] = item; values[i] = prev_item"},
                          {.name = "shadowing", .is_segment_start_expr = "starts[i]"});
    compiles_for_cuda(scan);
    const std::size_t n = 5000;
    const std::vector<std::int32_t> x = small_values<std::int32_t>(n);
    std::vector<std::uint8_t> starts(n, 0);
    for (std::size_t k = 0; k < n; k += 777) starts[k] = 1;
    std::vector<std::int32_t> inclusive(n), exclusive(n);
    std::int32_t running = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (starts[k]) running = 0;
        exclusive[k] = running;
        inclusive[k] = running += 3 * x[k];
    }
    auto inclusive_gpu = Array<std::int32_t>::empty(context(), n);
    auto exclusive_gpu = Array<std::int32_t>::empty(context(), n);
    auto unused = Array<std::int32_t>::empty(context(), n);
    scan(Array<std::int32_t>::to_device(context(), x), inclusive_gpu, unused, exclusive_gpu, 3,
         Array<std::uint8_t>::to_device(context(), starts));
    CHECK(inclusive_gpu.get() == inclusive);
    CHECK(exclusive_gpu.get() == exclusive);
}

TEST_CASE("a max scan of floats starts from the lowest float") {
    // OpenCL's INFINITY macro does not exist in NVRTC; the lowest finite float is spelled alike.
    const ScanKernel running_max =
        all_forms<float>("max(a, b)", "-3.40282347e+38f", "running_max", LastItem::not_written);
    compiles_for_cuda(running_max);
    for (std::size_t n : {std::size_t{1}, std::size_t{1029}, std::size_t{(1u << 20) + 1}}) {
        CAPTURE(n);
        std::vector<float> x(n);
        std::mt19937 generator(7);
        for (float& v : x) v = static_cast<float>(generator() % 2000001) - 1e6f;
        check_all_forms<float>(running_max, LastItem::not_written, x, std::numeric_limits<float>::lowest(),
                               [](float a, float b) { return a < b ? b : a; });
    }
}

TEST_CASE("a struct-valued scan keeps the order of a non-commutative operation") {
    for (LastItem last : {LastItem::written, LastItem::not_written}) {
        const ScanKernel scan = affine_scan(last);
        compiles_for_cuda(scan);
        for (std::size_t n : scan_sizes()) {
            CAPTURE(n);
            check_all_forms<Affine>(scan, last, affine_values(n), Affine{1, 0}, rtcg::test::then);
        }
    }
}

TEST_CASE("segmented scans restart at every segment start") {
    const ScanKernel segmented_sum(
        context(), dtype_of<std::int32_t>(), "int *x, int *inclusive, int *exclusive, int *last, unsigned char *starts",
        {.input_expr = "x[i]",
         .scan_expr = "a + b",
         .neutral = "0",
         .output_statement = "inclusive[i] = item; exclusive[i] = prev_item; last[i] = last_item"},
        {.name = "segmented_sum", .is_segment_start_expr = "starts[i]"});
    const ScanKernel segmented_affine = affine_scan(LastItem::not_written, "starts[i]");
    compiles_for_cuda(segmented_sum);
    compiles_for_cuda(segmented_affine);
    for (std::size_t n : scan_sizes()) {
        CAPTURE(n);
        for (const std::vector<bool>& starts : segment_patterns(n)) {
            check_all_forms<std::int32_t>(segmented_sum, LastItem::written, small_values<std::int32_t>(n), 0,
                                          [](std::int32_t a, std::int32_t b) { return a + b; }, &starts);
            check_all_forms<Affine>(segmented_affine, LastItem::not_written, affine_values(n), Affine{1, 0},
                                    rtcg::test::then, &starts);
        }
    }
}

TEST_CASE("scan arguments and descriptions are checked") {
    using rtcg::test::contains;
    using rtcg::test::message_of;
    const auto int32 = dtype_of<std::int32_t>();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       ScanKernel(context(), int32, "int *x, int *item",
                                  {.input_expr = "x[i]",
                                   .scan_expr = "a+b",
                                   .neutral = "0",
                                   .output_statement = "item[i] = 1"});
                   }),
                   "may not be named 'item'"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       ScanKernel(
                           context(), int32, "int *x",
                           {.input_expr = "x[i]", .scan_expr = " ", .neutral = "0", .output_statement = "x[i] = item"});
                   }),
                   "ScanSnippets::scan_expr is empty"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       ScanKernel(context(), int32, "int *x",
                                  {.input_expr = "x[i]",
                                   .scan_expr = "a+b",
                                   .neutral = "0",
                                   .output_statement = "x[i] = item"}, {.name = "no name"});
                   }),
                   "not a C identifier"));
    CHECK_THROWS_AS(ScanKernel(context(), int32, "int *x",
                               {.input_expr = "x[i] +",
                                .scan_expr = "a+b",
                                .neutral = "0",
                                .output_statement = "x[i] = item"}, {.name = "broken"}),
                    rtcg::CompileError);

    const ScanKernel scale(context(), int32, "int *x, int *y, int factor",
                           {.input_expr = "x[i] * factor",
                            .scan_expr = "a+b",
                            .neutral = "0",
                            .output_statement = "y[i] = item"},
                           {.name = "scaled"});
    const auto x = Array<std::int32_t>::zeros(context(), 4);
    const auto y = Array<std::int32_t>::zeros(context(), 4);
    const auto wrong = Array<float>::zeros(context(), 4);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { scale(x, y); }), "ScanKernel 'scaled': expected 3 arguments"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { scale(x, wrong, 2); }),
                   "pointer argument 'y' (int32) was given an array of float32"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { scale(x, y, 2.5); }), "scalar argument 'factor'"));
    const ScanKernel no_arrays(context(), int32, "int factor",
                               {.input_expr = "factor",
                                .scan_expr = "a+b",
                                .neutral = "0",
                                .output_statement = "(void)item"}, {.name = "no_arrays"});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { no_arrays(2); }), "needs an array argument"));

    // A valid call on another queue of the context.
    rtcg::Queue queue = context().create_queue();
    const auto ones = Array<std::int32_t>::full(context(), 1000, 1);
    auto sums = Array<std::int32_t>::zeros(context(), 1000);
    context().queue().finish();
    scale(queue, ones, sums, 3);
    queue.finish();
    const std::vector<std::int32_t> got = sums.get();
    CHECK(got.front() == 3);
    CHECK(got.back() == 3000);
}

TEST_CASE("every array has the scan's size but those named in any_size_arrays") {
    using rtcg::test::contains;
    using rtcg::test::message_of;
    const auto int32 = dtype_of<std::int32_t>();
    const char* arguments = "int *x, int *y, int *total";
    const char* output = "y[i] = item; if (i == n - 1) total[0] = item";
    const ScanKernel with_total(context(), int32, arguments,
                                {.input_expr = "x[i]",
                                 .scan_expr = "a+b",
                                 .neutral = "0",
                                 .output_statement = output},
                                {.name = "with_total", .any_size_arrays = {"total"}});
    const std::size_t n = 3 * 4096 + 5;
    const auto ones = Array<std::int32_t>::full(context(), n, 1);
    auto y = Array<std::int32_t>::zeros(context(), n);
    auto total = Array<std::int32_t>::zeros(context(), 1);
    with_total(ones, y, total);
    const std::vector<std::int32_t> got = y.get();
    for (std::size_t k = 0; k < n; k += 997) CHECK(got[k] == static_cast<std::int32_t>(k + 1));
    CHECK(got.back() == static_cast<std::int32_t>(n));
    CHECK(total.get() == std::vector<std::int32_t>{static_cast<std::int32_t>(n)});

    // The same program without the exemption: the one-element total is refused, not written past.
    const ScanKernel strict(context(), int32, arguments,
                            {.input_expr = "x[i]",
                             .scan_expr = "a+b",
                             .neutral = "0",
                             .output_statement = output}, {.name = "with_total"});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { strict(ones, y, total); }),
                   "ScanKernel 'with_total': the arrays differ in size: 'x' has 12293 elements, 'total' has 1"));
    // An exempt first array leaves the scan the size of the next one.
    const ScanKernel total_first(context(), int32, "int *total, int *x, int *y",
                                 {.input_expr = "x[i]",
                                  .scan_expr = "a+b",
                                  .neutral = "0",
                                  .output_statement = output},
                                 {.name = "total_first", .any_size_arrays = {"total"}});
    auto short_total = Array<std::int32_t>::zeros(context(), 1);
    total_first(short_total, ones(rtcg::slice(0, 10)), y(rtcg::slice(0, 10)));
    CHECK(short_total.get() == std::vector<std::int32_t>{10});
}

// The single pass keeps its tile states per queue from one scan to the next (scan_tile_states.hpp):
// each scan finds what earlier ones published, of other epochs and value types, and must read it
// as unpublished. Scans queued back to back with no wait between, sizes falling and rising (a
// grown buffer among them), int32 (value and state in one word) and double (values apart), on
// two queues at once where the single pass runs, so that one queue's states cannot mix with the
// other's. Elsewhere one queue takes them all: PoCL 5.0's CPU device aborted once in two runs
// on a 16-core machine (pocl_release_dlhandle_cache: "found->ref_count > 0") with two queues
// running reduce-then-scan's kernels at once, which has no states to check.
TEST_CASE("scans queued back to back ignore the tile states that earlier scans left") {
    const std::size_t sizes[] = {(1u << 20) + 1, 5000, 1u << 18, 1, 3 * 4096 + 5, (1u << 22) + 3, 257, 1u << 16};
    const auto running_sum = [](rtcg::codegen::DType type, std::string name) {
        using rtcg::codegen::Argument;
        return ScanKernel(context(), type, {Argument::pointer(type, "x"), Argument::pointer(type, "y")},
                          {.input_expr = "x[i]",
                           .scan_expr = "a + b",
                           .neutral = "0",
                           .output_statement = "y[i] = item"}, {.name = std::move(name)});
    };
    const ScanKernel int_sum = running_sum(dtype_of<std::int32_t>(), "queued_int");
    const ScanKernel double_sum = running_sum(dtype_of<double>(), "queued_double");
    std::vector<std::vector<std::int32_t>> int_inputs;
    std::vector<std::vector<double>> double_inputs;
    std::vector<Array<std::int32_t>> int_x, int_y;
    std::vector<Array<double>> double_x, double_y;
    for (std::size_t n : sizes) {
        int_inputs.push_back(small_values<std::int32_t>(n));
        double_inputs.push_back(small_values<double>(n));
        int_x.push_back(Array<std::int32_t>::to_device(context(), int_inputs.back()));
        double_x.push_back(Array<double>::to_device(context(), double_inputs.back()));
        int_y.push_back(Array<std::int32_t>::zeros(context(), n));
        double_y.push_back(Array<double>::zeros(context(), n));
    }
    context().queue().finish();
    rtcg::Queue queues[] = {context().create_queue(), context().create_queue()};
    const std::size_t queue_count = rtcg::codegen::target_of(context().device()).warp_primitives ? 2 : 1;
    for (std::size_t round = 0; round < 2; ++round)
        for (std::size_t k = 0; k < std::size(sizes); ++k) {
            rtcg::Queue& queue = queues[(k + round) % queue_count];
            int_sum(queue, int_x[k], int_y[k]);
            double_sum(queue, double_x[k], double_y[k]);
        }
    for (rtcg::Queue& queue : queues) queue.finish();
    for (std::size_t k = 0; k < std::size(sizes); ++k) {
        CAPTURE(sizes[k]);
        std::vector<std::int32_t> int_expected(sizes[k]);
        std::vector<double> double_expected(sizes[k]);
        std::int32_t int_total = 0;
        double double_total = 0;
        for (std::size_t i = 0; i < sizes[k]; ++i) {
            int_expected[i] = int_total += int_inputs[k][i];
            double_expected[i] = double_total += double_inputs[k][i];
        }
        CHECK(int_y[k].get() == int_expected);
        CHECK(double_y[k].get() == double_expected);
    }
}

TEST_CASE("a scan over more than 2^31 elements (GPUs with the memory only)") {
    const std::size_t n = (std::size_t{1} << 31) + (std::size_t{1} << 20) + 3;
    if (!rtcg::test::can_test_beyond_2_31(n)) {
        MESSAGE("skipped: needs a GPU with room for " << n << " bytes and more");
        return;
    }
    // item at i is i + 1: checked every 1000003 indices and at the end, where a 32-bit index
    // would have wrapped.
    constexpr std::int64_t stride = 1000003;
    const ScanKernel count(context(), dtype_of<std::int64_t>(), "unsigned char *x, long *checks, long stride",
                           {.input_expr = "x[i]",
                            .scan_expr = "a + b",
                            .neutral = "0",
                            .output_statement = "if (i % stride == 0) checks[i / stride] = item;\n"
                                                "if (i == n - 1) checks[(n - 1) / stride + 1] = item"},
                           {.name = "beyond_2_31", .any_size_arrays = {"checks"}});
    const auto x = Array<std::uint8_t>::full(context(), n, 1);
    auto checks = Array<std::int64_t>::zeros(context(), static_cast<std::size_t>((n - 1) / stride + 2));
    count(x, checks, stride);
    const std::vector<std::int64_t> got = checks.get();
    for (std::size_t k = 0; k + 1 < got.size(); ++k) REQUIRE(got[k] == static_cast<std::int64_t>(k) * stride + 1);
    CHECK(got.back() == static_cast<std::int64_t>(n));
}
