// Philox and Threefry on the device against the host reference, bit for bit: every distribution
// and element type at sizes around the 4-element groups (and past 2^20 for Philox, whose kernel
// Threefry shares), several seeds, continued streams, views, the counter's wrap-around and the
// Random123 known answers. Then the numbers' mean and variance, and the errors. Every kernel's
// CUDA source is compiled by NVRTC too.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "random_reference.hpp"

#include <rtcg/arrays/random.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using rtcg::Array;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::random::Distribution;
using rtcg::random::Philox;
using rtcg::random::Threefry;
using rtcg::test::context;
using rtcg::test::random_reference::HostPhilox;
using rtcg::test::random_reference::HostThreefry;

namespace {

// Each generator with its host reference, the largest size it is checked at and how many numbers
// its statistical checks draw: Philox's go through the grid-stride loop past 2^20; Threefry
// shares that kernel and stays small.
struct PhiloxStreams {
    using Device = Philox;
    using Host = HostPhilox;
    static constexpr const char* name = "Philox";
    static constexpr std::size_t largest = (1u << 20) + 7;
    static constexpr std::size_t sample_size = 1u << 20;
};
struct ThreefryStreams {
    using Device = Threefry;
    using Host = HostThreefry;
    static constexpr const char* name = "Threefry";
    static constexpr std::size_t largest = 4099;
    static constexpr std::size_t sample_size = 1u << 16;
};

// Runs `check.template operator()<Streams>()` for both generators.
template <class Check>
void for_each_generator(Check check) {
    check.template operator()<PhiloxStreams>();
    check.template operator()<ThreefryStreams>();
}

template <class Streams>
std::vector<std::size_t> sizes() {
    return {0, 1, 3, 4, 5, 1023, 1025, Streams::largest};
}
constexpr std::uint64_t seeds[] = {0, 42, 0xdeadbeefcafef00dull};

// Element-wise equality of the bits, so that -0.0 and 0.0 differ and NaNs would be caught.
template <class T>
bool same_bits(const std::vector<T>& device, const std::vector<T>& host) {
    return device.size() == host.size() && std::equal(device.begin(), device.end(), host.begin(),
                                                      [](T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; });
}

struct Moments {
    double mean = 0;
    double variance = 0;
};

template <class T>
Moments moments(const std::vector<T>& values) {
    const auto count = static_cast<double>(values.size());
    double sum = 0;
    for (T v : values) sum += v;
    const double mean = sum / count;
    double squares = 0;
    for (T v : values) squares += (v - mean) * (v - mean);
    return {mean, squares / (count - 1)};
}

} // namespace

TEST_CASE("every Philox and Threefry kernel compiles for CUDA") {
    using rtcg::random::BlockFunction;
    for (BlockFunction block_function : {BlockFunction::philox4x32_10, BlockFunction::threefry4x32_20}) {
        for (Distribution distribution : {Distribution::uniform, Distribution::normal})
            for (const DType& element : {DType::float32(), DType::float64()})
                rtcg::test::compile_for_cuda(rtcg::random::random_source(block_function, Dialect::cuda, distribution, element));
        rtcg::test::compile_for_cuda(
            rtcg::random::random_source(block_function, Dialect::cuda, Distribution::bits, DType::uint32()));
        for (const DType& element : {DType::int8(), DType::uint16(), DType::int32(), DType::uint64()})
            rtcg::test::compile_for_cuda(
                rtcg::random::random_source(block_function, Dialect::cuda, Distribution::integers, element));
    }
    CHECK(rtcg::random::philox_source(Dialect::cuda, Distribution::bits, DType::uint32()) ==
          rtcg::random::random_source(BlockFunction::philox4x32_10, Dialect::cuda, Distribution::bits, DType::uint32()));
    CHECK(rtcg::random::threefry_source(Dialect::opencl, Distribution::normal, DType::float32()) ==
          rtcg::random::random_source(BlockFunction::threefry4x32_20, Dialect::opencl, Distribution::normal,
                                      DType::float32()));
}

TEST_CASE("the device gives Random123's known answers") {
    struct Case {
        std::uint64_t seed, subsequence, block;
        std::vector<std::uint32_t> expected;
    };
    const Case cases[] = {
        {0, 0, 0, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
        {~0ull, ~0ull, ~0ull, {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
        {0x299f31d0a4093822ull,
         0x0370734413198a2eull,
         0x85a308d3243f6a88ull,
         {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
    };
    for (const Case& c : cases) {
        Philox gen(context(), c.seed, c.subsequence);
        gen.seek(c.block);
        CHECK(gen.bits(4).get() == c.expected);
        CHECK(gen.position() == c.block + 1);
    }
    // Threefry's key is the seed and two zero words: of its vectors, the one of zeros is reachable.
    Threefry threefry(context(), 0);
    CHECK(threefry.bits(4).get() == std::vector<std::uint32_t>{0x9c6ca96a, 0xe17eae66, 0xfc10ecd4, 0x5256a7d8});
}

TEST_CASE_TEMPLATE("uniform and normal numbers equal the host reference bit for bit", T, float, double) {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        for (std::uint64_t seed : seeds) {
            CAPTURE(seed);
            // One generator per distribution through every size: each call continues the stream.
            typename Streams::Device uniforms(context(), seed);
            typename Streams::Device normals(context(), seed, 7);
            typename Streams::Host uniforms_host(seed);
            typename Streams::Host normals_host(seed, 7);
            for (std::size_t n : sizes<Streams>()) {
                CAPTURE(n);
                CHECK(same_bits(uniforms.template uniform<T>(n).get(), uniforms_host.template uniform<T>(n)));
                CHECK(same_bits(normals.template normal<T>(n, 1.5, 0.75).get(),
                                normals_host.template normal<T>(n, 1.5, 0.75)));
                CHECK(uniforms.position() == uniforms_host.position());
                CHECK(normals.position() == normals_host.position());
            }
        }
    });
}

TEST_CASE("raw bits equal the host reference") {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        for (std::uint64_t seed : seeds) {
            typename Streams::Device gen(context(), seed);
            typename Streams::Host host(seed);
            for (std::size_t n : sizes<Streams>()) {
                CAPTURE(n);
                CHECK(gen.bits(n).get() == host.bits(n));
            }
        }
    });
}

TEST_CASE("Philox and Threefry give different streams of the same seed") {
    CHECK(Philox(context(), 42).bits(8).get() != Threefry(context(), 42).bits(8).get());
}

TEST_CASE("calls continue the stream, whole blocks at a time, and seek replays it") {
    for_each_generator([]<class Streams>() {
        using Generator = typename Streams::Device;
        CAPTURE(Streams::name);
        Generator gen(context(), 2024);
        const auto first = gen.template uniform<float>(6).get();
        CHECK(gen.position() == 2); // 6 floats: 2 groups of 4, 1 block each; words 6 and 7 are skipped
        const auto second = gen.template uniform<float>(6).get();
        CHECK(first != second);
        CHECK(gen.template uniform<double>(5).get().size() == 5);
        CHECK(gen.position() == 8); // 5 doubles: 2 groups of 2 blocks
        gen.seek(2);
        CHECK(gen.template uniform<float>(6).get() == second);

        Generator again(context(), 2024);
        CHECK(again.template uniform<float>(6).get() == first);
        CHECK(Generator(context(), 2025).template uniform<float>(6).get() != first);
        CHECK(Generator(context(), 2024, 1).template uniform<float>(6).get() != first);
    });
}

TEST_CASE("the block counter wraps around modulo 2^64") {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        const std::uint64_t near_end = std::numeric_limits<std::uint64_t>::max() - 2;
        typename Streams::Device gen(context(), 5);
        typename Streams::Host host(5);
        gen.seek(near_end);
        host.seek(near_end);
        CHECK(same_bits(gen.template normal<double>(25).get(), host.template normal<double>(25)));
        CHECK(gen.position() == 11); // 7 groups of 2 blocks past near_end
    });
}

TEST_CASE_TEMPLATE("fills write into views only, at their offset", T, float, double) {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        auto whole = Array<T>::full(context(), 1030, T(-7));
        const auto view = whole(rtcg::slice(3, 1028));
        typename Streams::Device gen(context(), 99);
        typename Streams::Host host(99);
        gen.fill_uniform(view);
        gen.fill_normal(view(rtcg::slice(1, 6)), -2.0, 3.0);
        // A negative step: the numbers go to the elements in the view's order.
        gen.fill_uniform(whole(rtcg::slice(1029, 1027, -1)));
        std::vector<T> expected(1030, T(-7));
        const auto uniforms = host.template uniform<T>(1025);
        std::copy(uniforms.begin(), uniforms.end(), expected.begin() + 3);
        const auto normals = host.template normal<T>(5, -2.0, 3.0);
        std::copy(normals.begin(), normals.end(), expected.begin() + 4);
        const auto reversed = host.template uniform<T>(2);
        expected[1029] = reversed[0];
        expected[1028] = reversed[1];
        CHECK(same_bits(whole.get(), expected));
    });
}

TEST_CASE_TEMPLATE("uniform numbers lie in [0, 1) with mean 1/2 and variance 1/12", T, float, double) {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        const auto values = typename Streams::Device(context(), 31337).template uniform<T>(Streams::sample_size).get();
        const double n = Streams::sample_size;
        CHECK(*std::min_element(values.begin(), values.end()) >= T(0));
        CHECK(*std::max_element(values.begin(), values.end()) < T(1));
        const Moments m = moments(values);
        // 6 standard errors: of the mean, sqrt(1/12 / n); of the variance, sqrt((mu4 - sigma^4) / n)
        // with the uniform distribution's mu4 = 1/80.
        CHECK(std::abs(m.mean - 0.5) < 6 * std::sqrt(1.0 / 12 / n));
        CHECK(std::abs(m.variance - 1.0 / 12) < 6 * std::sqrt((1.0 / 80 - 1.0 / 144) / n));
    });
}

TEST_CASE_TEMPLATE("normal numbers have the mean and variance asked for, and a sane range", T, float, double) {
    for_each_generator([]<class Streams>() {
        CAPTURE(Streams::name);
        const double mean = 3.0, stddev = 2.0;
        const auto values =
            typename Streams::Device(context(), 4242).template normal<T>(Streams::sample_size, mean, stddev).get();
        const double n = Streams::sample_size;
        const Moments m = moments(values);
        // 6 standard errors: sigma / sqrt(n) for the mean, sigma^2 sqrt(2 / n) for the variance.
        CHECK(std::abs(m.mean - mean) < 6 * stddev / std::sqrt(n));
        CHECK(std::abs(m.variance - stddev * stddev) < 6 * stddev * stddev * std::sqrt(2.0 / n));
        // Box-Muller's radius is at most sqrt(-2 log u) for the smallest u: 2^-33 for float results
        // (6.77) and 2^-53 for double ones (8.58); 2^16 normal numbers reach beyond 3.5 sigma.
        const double radius = std::sqrt(-2.0 * std::log(sizeof(T) == 4 ? 0x1p-33 : 0x1p-53));
        CHECK(std::all_of(values.begin(), values.end(), [](T v) { return std::isfinite(v); }));
        double widest = 0;
        for (T v : values) widest = std::max(widest, std::abs((v - mean) / stddev));
        CHECK(widest > 3.5);
        CHECK(widest <= radius * (1 + 1e-6));
    });
}

TEST_CASE("a second generator of the context compiles nothing") {
    // The context's kernels live while something of it does: here the first generator.
    Philox first(context(), 1);
    first.uniform<float>(4);
    const rtcg::CompileCacheStats before = rtcg::compile_cache_stats();
    CHECK(Philox(context(), 2).uniform<float>(4).size() == 4);
    const rtcg::CompileCacheStats after = rtcg::compile_cache_stats();
    CHECK(after.compiles == before.compiles);
    CHECK(after.memory_hits == before.memory_hits);
}

TEST_CASE("bad input is refused with a message saying why") {
    using rtcg::test::contains;
    using rtcg::test::message_of;
    Philox gen(context(), 1);
    auto out = Array<double>::empty(context(), 8);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { gen.fill_normal(out, 0.0, -1.0); }), "stddev"));
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] { gen.fill_normal(out, std::numeric_limits<double>::quiet_NaN(), 1.0); }),
        "mean must be finite"));
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] { gen.normal<float>(4, 0.0, std::numeric_limits<double>::infinity()); }),
        "stddev"));
    CHECK(gen.position() == 0); // refused calls use no blocks

    const rtcg::Context other = rtcg::Context::create(context().selector());
    auto foreign = Array<float>::empty(other, 4);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { gen.fill_uniform(foreign); }), "another context"));
    Threefry threefry(context(), 1);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { threefry.fill_normal(out, 0.0, -1.0); }),
                   "random::Threefry::fill_normal"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { threefry.integers<int>(4, 3, 3); }),
                   "random::Threefry::fill_integers"));
    CHECK(threefry.position() == 0);

    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [] { rtcg::random::philox_source(Dialect::opencl, Distribution::normal, DType::int32()); }),
                   "not int32"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [] { rtcg::random::philox_source(Dialect::cuda, Distribution::bits, DType::float32()); }),
                   "uint32"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [] { rtcg::random::threefry_source(Dialect::cuda, Distribution::uniform, DType::uint32()); }),
                   "not uint32"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [] { rtcg::random::philox_source(Dialect::opencl, Distribution::integers, DType::float64()); }),
                   "integers are of an integer type, not float64"));
}

TEST_CASE("double results need a device with doubles") {
    if (context().device().supports_fp64) return; // PoCL and the GPUs have them
    using rtcg::test::contains;
    Philox gen(context(), 1);
    CHECK(contains(rtcg::test::message_of<rtcg::Error>([&] { gen.uniform<double>(4); }), "no double precision"));
    CHECK(contains(rtcg::test::message_of<rtcg::Error>([&] { gen.normal<float>(4); }), "no double precision"));
}

TEST_CASE_TEMPLATE("integers in [low, high) equal the host reference bit for bit, each value as often", T,
                   std::int32_t, std::int64_t, std::uint8_t, std::uint64_t) {
    // Small ranges, whose redraws are rare, and ranges whose redraws are likely: 2^63 + 1 values
    // redraw about half their words (and some of those again), 3 * 2^62 about a quarter.
    struct Range {
        T low, high;
    };
    std::vector<Range> ranges{{std::is_signed_v<T> ? T(-5) : T(3), std::is_signed_v<T> ? T(7) : T(15)},
                              {std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max()}};
    if constexpr (std::is_same_v<T, std::uint64_t>) {
        ranges.push_back({T(0), T((std::uint64_t{1} << 63) + 1)});
        ranges.push_back({T(5), T(5 + 3 * (std::uint64_t{1} << 62))});
    }
    for_each_generator([&]<class Streams>() {
        CAPTURE(Streams::name);
        for (const Range& range : ranges) {
            CAPTURE(range.low);
            CAPTURE(range.high);
            typename Streams::Device gen(context(), 7, 3);
            typename Streams::Host host(7, 3);
            for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{4099}}) {
                CHECK(gen.template integers<T>(n, range.low, range.high).get() == host.integers(n, range.low, range.high));
                CHECK(gen.position() == host.position());
            }
        }
    });

    const T low = std::is_signed_v<T> ? T(-5) : T(3), high = T(low + 12);
    rtcg::random::Philox gen(context(), 7);
    const std::size_t n = std::size_t{1} << 16;
    const std::vector<T> got = gen.integers<T>(n, low, high).get();
    std::vector<std::size_t> counts(12);
    for (T v : got) {
        REQUIRE((v >= low && v < high));
        ++counts[static_cast<std::size_t>(v - low)];
    }
    for (std::size_t c : counts) CHECK(static_cast<double>(c) == doctest::Approx(n / 12.0).epsilon(0.05));
    if constexpr (std::is_same_v<T, std::uint64_t>) {
        // [0, 3 * 2^62): each of the six bins of 2^61 values holds a sixth of the numbers.
        const std::vector<T> wide = gen.integers<T>(n, T(0), T(3 * (std::uint64_t{1} << 62))).get();
        std::vector<std::size_t> bins(6);
        for (T v : wide) ++bins[static_cast<std::size_t>(v >> 61)];
        for (std::size_t c : bins) CHECK(static_cast<double>(c) == doctest::Approx(n / 6.0).epsilon(0.05));
    }
    // Into a view, and refused for an empty range.
    auto m = rtcg::Array<T>::zeros(context(), {8, 8});
    gen.fill_integers(m(rtcg::slice(rtcg::none, rtcg::none, 2)), low, high);
    CHECK(m(1).get() == std::vector<T>(8, T(0)));
    CHECK(m(0).get() != std::vector<T>(8, T(0)));
    CHECK_THROWS_AS(gen.integers<T>(4, high, low), rtcg::InvalidArgument);
    CHECK_THROWS_AS(gen.integers<T>(4, low, low), rtcg::InvalidArgument);
}
