// Plans whose one-pass kernels the tuner chose (rtcg::fft::Tuning): a tuned plan transforms
// correctly and leaves its choice in the tuning database, a later plan takes a stored choice, and
// one that no longer parses is passed over; a real plan's one-pass kernel is tuned with its real
// step; likewise the layout of a long transform's passes, a real plan's half transform's included;
// and the shapes the built-in rules give passes (work-items, local radices, stepped edges, groups).
#include "../support/scoped_cache_directory.hpp"
#include "../support/test_context.hpp"
#include "local_memory.hpp"
#include "reference_dft.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/fft.hpp>
#include <rtcg/tuning/database.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <filesystem>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace rtcg::test::fft;
using rtcg::fft::Direction;
using rtcg::fft::Norm;
using rtcg::fft::Plan;
using rtcg::fft::Tuning;

constexpr std::size_t points = 16;
constexpr std::size_t batch = 8;

Plan plan_of(Tuning tuning) {
    return Plan(rtcg::test::context(), {batch, points}, {-1}, rtcg::codegen::DType::complex64(), Direction::forward,
                Norm::backward, tuning);
}

// The database key of the plan's one-pass kernel (fft/src/pass_tuning.cpp names it) in the built-in
// layout: groups of at most 256 work-items, odd radices up to 15.
rtcg::tuning::TuningKey one_pass_key() {
    return rtcg::tuning::TuningKey::of(rtcg::test::context().device(), "rtcg.fft.one_pass/v7",
                                       std::to_string(points) + "_float32_contiguous_threads256");
}

// Each of the `rows` rows of `y` (`length` points each) against the long-double DFT of that row of `x`.
void check_rows(const std::vector<std::complex<float>>& x, const std::vector<std::complex<float>>& y,
                std::size_t rows = batch, std::size_t length = points) {
    for (std::size_t b = 0; b < rows; ++b) {
        const auto first = static_cast<std::ptrdiff_t>(b * length), last = first + static_cast<std::ptrdiff_t>(length);
        const std::vector<std::complex<float>> line(x.begin() + first, x.begin() + last);
        const std::vector<std::complex<float>> result(y.begin() + first, y.begin() + last);
        CHECK(relative_error(result, dft(exact(line), -1)) <= error_bound<float>(length));
    }
}

// Each of the `rows` rows of the half spectrum `y` (n / 2 + 1 points each) at the frequencies `at`
// against the long-double DFT of that row of the real points `x` (n each).
void check_half_spectra(const std::vector<float>& x, const std::vector<std::complex<float>>& y, std::size_t n,
                        std::size_t rows, const std::vector<std::size_t>& at) {
    for (std::size_t b = 0; b < rows; ++b) {
        const std::vector<std::complex<float>> line(x.begin() + static_cast<std::ptrdiff_t>(b * n),
                                                    x.begin() + static_cast<std::ptrdiff_t>((b + 1) * n));
        const auto first = static_cast<std::ptrdiff_t>(b * (n / 2 + 1));
        const std::vector<std::complex<float>> result(y.begin() + first, y.begin() + first + n / 2 + 1);
        CHECK(relative_error(result, dft_at(exact(line), at, -1), at) <= error_bound<float>(n));
    }
}

// The first of `sources` that has the line `definition` (REQUIRE: one has).
std::string source_defining(const std::vector<std::string>& sources, const std::string& definition) {
    const auto source = std::find_if(sources.begin(), sources.end(), [&](const std::string& text) {
        return text.find(definition + "\n") != std::string::npos;
    });
    REQUIRE(source != sources.end());
    return *source;
}

bool defines(const Plan& plan, const std::string& definition) {
    const std::vector<std::string> sources = plan.sources();
    return std::any_of(sources.begin(), sources.end(),
                       [&](const std::string& source) { return source.find(definition + "\n") != std::string::npos; });
}

// The value of `name` in the first of the plan's sources that defines it; nullopt where none does.
std::optional<long> defined_value(const Plan& plan, const std::string& name) {
    const std::string definition = "#define " + name + " ";
    for (const std::string& source : plan.sources())
        if (const std::size_t at = source.find(definition); at != std::string::npos)
            return std::stol(source.substr(at + definition.size()));
    return std::nullopt;
}

} // namespace

TEST_CASE("a tuned plan transforms correctly and stores its choice") {
    const rtcg::test::ScopedCacheDirectory cache;
    const Plan tuned = plan_of(Tuning::tune);
    const auto x = random_points<float>(batch * points, 7);
    check_rows(x, tuned(rtcg::Array<std::complex<float>>::to_device(rtcg::test::context(), x, {batch, points})).get());
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    CHECK(database->find(one_pass_key()));
    // A later plan takes the stored choice without tuning: the same kernel.
    CHECK(plan_of(Tuning::stored).sources() == tuned.sources());
}

TEST_CASE("a real plan of one pass is tuned with its real step, its choices stored apart") {
    // rfft of 2 * points real points: one kernel transforms the points pairs and untangles the
    // spectrum; irfft's tangles it first. Each is tuned and stored under its own key, apart from
    // the complex transform of `points` points.
    const rtcg::test::ScopedCacheDirectory cache;
    constexpr std::size_t n = 2 * points;
    const auto& ctx = rtcg::test::context();
    const rtcg::fft::RealPlan forward(ctx, {batch, n}, rtcg::codegen::DType::float32(), Direction::forward,
                                      Norm::backward, Tuning::tune);
    const rtcg::fft::RealPlan inverse(ctx, {batch, n}, rtcg::codegen::DType::float32(), Direction::inverse,
                                      Norm::backward, Tuning::tune);
    std::vector<float> x(batch * n);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<float>(std::sin(0.7 * static_cast<double>(i * i % 97)));
    const auto spectrum = forward(rtcg::Array<float>::to_device(ctx, x, {batch, n}));
    std::vector<std::size_t> every(points + 1);
    std::iota(every.begin(), every.end(), std::size_t{0});
    check_half_spectra(x, spectrum.get(), n, batch, every);
    const std::vector<float> back = inverse(spectrum).get();
    CHECK(relative_error(std::vector<std::complex<float>>(back.begin(), back.end()),
                         exact(std::vector<std::complex<float>>(x.begin(), x.end()))) <= 2 * error_bound<float>(n));
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    for (const char* step : {"_untangle", "_tangle"}) {
        INFO("step ", step);
        const auto key = rtcg::tuning::TuningKey::of(ctx.device(), one_pass_key().kernel,
                                                     one_pass_key().size_class + step);
        CHECK(database->find(key));
    }
    CHECK_FALSE(database->find(one_pass_key()));
    // Later plans take the stored choices: the same kernels.
    CHECK(rtcg::fft::RealPlan(ctx, {batch, n}, rtcg::codegen::DType::float32(), Direction::forward, Norm::backward,
                              Tuning::stored)
              .sources() == forward.sources());
}

TEST_CASE("a plan tuned along a strided axis transforms correctly") {
    const rtcg::test::ScopedCacheDirectory cache;
    // The transforms run down the columns of a [points, batch] array.
    const Plan tuned(rtcg::test::context(), {points, batch}, {0}, rtcg::codegen::DType::complex64(), Direction::forward,
                     Norm::backward, Tuning::tune);
    const auto x = random_points<float>(batch * points, 11);
    const auto y = tuned(rtcg::Array<std::complex<float>>::to_device(rtcg::test::context(), x, {points, batch})).get();
    for (std::size_t b = 0; b < batch; ++b) {
        std::vector<std::complex<float>> column, result;
        for (std::size_t k = 0; k < points; ++k) {
            column.push_back(x[k * batch + b]);
            result.push_back(y[k * batch + b]);
        }
        CHECK(relative_error(result, dft(exact(column), -1)) <= error_bound<float>(points));
    }
}

TEST_CASE("a stored choice is used, and one that no longer parses is passed over") {
    const rtcg::test::ScopedCacheDirectory cache;
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    // Groups of two transforms of 16 points, padded: no built-in rule picks that for 16 points.
    database->store(one_pass_key(), {"sixteens=0,group=2,padded=1,register_cap=0,full_grid=0", 1.0});
    const Plan stored = plan_of(Tuning::stored);
    CHECK(defines(stored, "#define FFT_G 2"));
    // Padded: the 16 points' row of 16 elements and some of a turn of the banks.
    const std::optional<long> row = defined_value(stored, "FFT_RS");
    REQUIRE(row);
    CHECK(*row > 16);
    CHECK(*row < 32);
    CHECK_FALSE(defines(plan_of(Tuning::built_in), "#define FFT_G 2"));
    // The same plan transforms correctly with the stored choice.
    const auto x = random_points<float>(batch * points, 9);
    check_rows(x, stored(rtcg::Array<std::complex<float>>::to_device(rtcg::test::context(), x, {batch, points})).get());

    database->store(one_pass_key(), {"sixteens=0,group=3,padded=1,register_cap=0,full_grid=0", 1.0});
    CHECK(plan_of(Tuning::stored).sources() == plan_of(Tuning::built_in).sources());
}

TEST_CASE("a stored choice of a full grid transforms every row") {
    const rtcg::test::ScopedCacheDirectory cache;
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    // Groups of two transforms, a group for every two rows: 32768 groups, more than the capped
    // grid's 32 a compute unit on any device of fewer than 1024 units, so no group loops where
    // with the cap each would take several rows in turn.
    database->store(one_pass_key(), {"sixteens=0,group=2,padded=1,register_cap=0,full_grid=1", 1.0});
    constexpr std::size_t rows = 65536;
    const Plan stored(rtcg::test::context(), {rows, points}, {-1}, rtcg::codegen::DType::complex64(),
                      Direction::forward, Norm::backward, Tuning::stored);
    CHECK(defines(stored, "#define FFT_G 2"));
    const auto x = random_points<float>(rows * points, 13);
    check_rows(x, stored(rtcg::Array<std::complex<float>>::to_device(rtcg::test::context(), x, {rows, points})).get(),
               rows);
}

namespace {

// 3 * 2^14 points: more than a pass's usual local memory holds on every device, so several
// passes of different lengths.
constexpr std::size_t long_points = 3 * 16384;
// 2^14 points: a power of two that the whole local memory of a GPU such as an H100 holds, one wide
// pass there (its built-in layout), several passes elsewhere.
constexpr std::size_t wide_points = 16384;

Plan long_plan_of(Tuning tuning, std::size_t length = long_points) {
    return Plan(rtcg::test::context(), {2, length}, {-1}, rtcg::codegen::DType::complex64(), Direction::forward,
                Norm::backward, tuning);
}

// The key of the layout of the passes of `length` points; `step`: the real step they fuse
// ("_untangle", "_tangle"), whose layouts are tuned apart from the complex transform's.
rtcg::tuning::TuningKey layout_key(const std::string& step = "", std::size_t length = long_points) {
    return rtcg::tuning::TuningKey::of(rtcg::test::context().device(), "rtcg.fft.passes/v4",
                                       std::to_string(length) + "_float32_contiguous" + step);
}

// The value of `name` (a #define of each pass kernel) in each pass of `plan`, in the order they run.
std::vector<std::size_t> defined_values(const Plan& plan, const std::string& name) {
    std::vector<std::size_t> values;
    const std::string definition = "#define " + name + " ";
    for (const std::string& source : plan.sources()) {
        const std::size_t at = source.find(definition);
        REQUIRE(at != std::string::npos);
        values.push_back(std::stoul(source.substr(at + definition.size())));
    }
    return values;
}

// The points of each pass of `plan`, in the order they run.
std::vector<std::size_t> pass_lengths(const Plan& plan) { return defined_values(plan, "FFT_R"); }

// The work-items of each pass's groups.
std::vector<std::size_t> group_sizes(const Plan& plan) {
    const std::vector<std::size_t> groups = defined_values(plan, "FFT_G"), threads = defined_values(plan, "FFT_T");
    std::vector<std::size_t> sizes;
    for (std::size_t k = 0; k < groups.size(); ++k) sizes.push_back(groups[k] * threads[k]);
    return sizes;
}

// Whether a pass of `plan` has a local pass of radix 16.
bool uses_radix_16(const Plan& plan) {
    for (const char* name : {"FFT_P_FIRST", "FFT_P_LAST"})
        for (const std::size_t radix : defined_values(plan, name))
            if (radix == 16) return true;
    for (const std::string& source : plan.sources())
        if (source.find("fft_local_pass_16(") != std::string::npos) return true;
    return false;
}

void check_long_plan(const Plan& plan, std::size_t length = long_points) {
    const auto x = random_points<float>(2 * length, 5);
    const auto y = plan(rtcg::Array<std::complex<float>>::to_device(rtcg::test::context(), x, {2, length})).get();
    const std::vector<std::size_t> at{0, 1, 4099, length / 2, length - 1};
    for (std::size_t b = 0; b < 2; ++b) {
        const auto first = static_cast<std::ptrdiff_t>(b * length);
        const std::vector<std::complex<float>> line(x.begin() + first, x.begin() + first + length);
        const std::vector<std::complex<float>> result(y.begin() + first, y.begin() + first + length);
        CHECK(relative_error(result, dft_at(exact(line), at, -1), at) <= error_bound<float>(length));
    }
}

} // namespace

TEST_CASE("a transform over several passes runs its longest pass first, or the layout the database holds") {
    const rtcg::test::ScopedCacheDirectory cache;
    const Plan built_in_plan = long_plan_of(Tuning::built_in);
    const std::vector<std::size_t> built_in = pass_lengths(built_in_plan);
    REQUIRE(built_in.size() > 1);
    CHECK(built_in.front() == *std::max_element(built_in.begin(), built_in.end()));
    const std::vector<std::size_t> built_in_groups = group_sizes(built_in_plan);
    CHECK(*std::max_element(built_in_groups.begin(), built_in_groups.end()) <= 256);
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);

    SUBCASE("the same groups, from the shortest pass") {
        database->store(
            layout_key(),
            {"local_kib=32,threads=256,shortest_first=1,sixteens=1,int_indices=1,wide_odd=0,pieces=1", 1.0});
        const Plan stored = long_plan_of(Tuning::stored);
        const std::vector<std::size_t> ascending = pass_lengths(stored);
        CHECK(std::is_sorted(ascending.begin(), ascending.end()));
        CHECK(std::is_permutation(ascending.begin(), ascending.end(), built_in.begin(), built_in.end()));
        check_long_plan(stored);
    }
    SUBCASE("the same passes through local passes of radix 8 at most") {
        CHECK(uses_radix_16(built_in_plan));
        database->store(
            layout_key(),
            {"local_kib=32,threads=256,shortest_first=0,sixteens=0,int_indices=1,wide_odd=0,pieces=1", 1.0});
        const Plan stored = long_plan_of(Tuning::stored);
        CHECK(pass_lengths(stored) == built_in);
        CHECK_FALSE(uses_radix_16(stored));
        check_long_plan(stored);
    }
    SUBCASE("groups of twice the local memory and up to 1024 work-items") {
        database->store(
            layout_key(),
            {"local_kib=64,threads=1024,shortest_first=0,sixteens=1,int_indices=1,wide_odd=0,pieces=1", 1.0});
        const Plan stored = long_plan_of(Tuning::stored);
        const std::vector<std::size_t> sizes = group_sizes(stored);
        CHECK(*std::max_element(sizes.begin(), sizes.end()) > 256);
        CHECK(*std::max_element(sizes.begin(), sizes.end()) <= 1024);
        check_long_plan(stored);
    }
    SUBCASE("an entry that no longer parses or keeps the constraints is passed over") {
        database->store(
            layout_key(),
            {"local_kib=32,threads=256,shortest_first=2,sixteens=1,int_indices=1,wide_odd=0,pieces=1", 1.0});
        CHECK(long_plan_of(Tuning::stored).sources() == built_in_plan.sources());
        database->store(
            layout_key(),
            {"local_kib=32,threads=1024,shortest_first=0,sixteens=1,int_indices=1,wide_odd=0,pieces=1", 1.0});
        CHECK(long_plan_of(Tuning::stored).sources() == built_in_plan.sources());
        // Entries of the layouts' earlier versions, without the radix choices.
        database->store(layout_key(), {"local_kib=32,threads=256,shortest_first=0", 1.0});
        CHECK(long_plan_of(Tuning::stored).sources() == built_in_plan.sources());
        database->store(layout_key(), {"local_kib=32,threads=256,shortest_first=0,sixteens=1,int_indices=1", 1.0});
        CHECK(long_plan_of(Tuning::stored).sources() == built_in_plan.sources());
        database->store(layout_key(),
                        {"local_kib=32,threads=256,shortest_first=0,sixteens=1,int_indices=1,wide_odd=0", 1.0});
        CHECK(long_plan_of(Tuning::stored).sources() == built_in_plan.sources());
    }
}

TEST_CASE("a pass's local radices are chosen for the work-items each of its sub-transforms has") {
    // 3 * 2^14 points in the built-in layout: passes of 256 and 192 points, groups of 16
    // sub-transforms of 16 work-items each. Modelled at those 16 work-items, the pass of 192 takes
    // radices 16, 4 and 3: three local passes, where the whole group's 256 work-items, as if each
    // sub-transform had them, made four of 4, 4, 4 and 3.
    const Plan plan = long_plan_of(Tuning::built_in);
    const std::vector<std::size_t> lengths = pass_lengths(plan);
    const auto pass = std::find(lengths.begin(), lengths.end(), std::size_t{192});
    REQUIRE(pass != lengths.end());
    const auto k = static_cast<std::size_t>(pass - lengths.begin());
    CHECK(defined_values(plan, "FFT_T")[k] == 16);
    CHECK(defined_values(plan, "FFT_P_FIRST")[k] == 16);
    CHECK(defined_values(plan, "FFT_P_LAST")[k] == 3);
    const std::string source = plan.sources()[k];
    const std::size_t middle = source.find("#define FFT_MIDDLE_PASSES");
    REQUIRE(middle != std::string::npos);
    const std::string line = source.substr(middle, source.find('\n', middle) - middle);
    CHECK(line.find("fft_local_pass_4(") != std::string::npos);
    CHECK(line.find("fft_local_pass_", line.find("fft_local_pass_4(") + 1) == std::string::npos);
    check_long_plan(plan);
}

TEST_CASE("an untangling pass of short rows has a work-item per butterfly of its widest radix") {
    // rfft of 2^16 real points: a complex transform of 2^15 pairs in passes of 256 and 128 points,
    // groups of 16 sub-transforms of at most 16 work-items each. The last pass untangles the pairs'
    // spectrum, its rows of 128 points in local passes of radices 16 and 8: 8 work-items, one per
    // radix-16 butterfly, each taking two of the radix-8 pass's, where one per radix-8 butterfly
    // would leave half of 16 idle in the radix-16 pass.
    const std::size_t n = std::size_t{1} << 16, half = n / 2;
    const rtcg::fft::RealPlan plan(rtcg::test::context(), {2, n}, rtcg::codegen::DType::float32(), Direction::forward,
                                   Norm::backward, Tuning::built_in);
    const std::string untangling = source_defining(plan.sources(), "#define FFT_MIRRORED 1");
    CHECK(untangling.find("#define FFT_R 128\n") != std::string::npos);
    CHECK(untangling.find("#define FFT_T 8\n") != std::string::npos);
    std::vector<float> x(2 * n);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<float>(std::cos(0.029 * static_cast<double>(i * i % 6007)));
    const auto y = plan(rtcg::Array<float>::to_device(rtcg::test::context(), x, {2, n})).get();
    check_half_spectra(x, y, n, 2, {0, 1, 127, 4099, half - 1, half});
}

TEST_CASE("a pass's first and last local passes step their slots as its dialect and real step say") {
    // rfft of 2^16 real points: a complex pass of 256 points, then one that untangles rows of 128.
    // Through CUDA every edge steps; through OpenCL only the first edge of a pass without a real step.
    const std::size_t n = std::size_t{1} << 16;
    const rtcg::fft::RealPlan plan(rtcg::test::context(), {2, n}, rtcg::codegen::DType::float32(), Direction::forward,
                                   Norm::backward, Tuning::built_in);
    const bool cuda = rtcg::codegen::dialect_of(rtcg::test::context().device()) == rtcg::codegen::Dialect::cuda;
    const auto flag = [](bool on) { return std::string(on ? " 1\n" : " 0\n"); };
    std::size_t complex_passes = 0, untangling_passes = 0;
    for (const std::string& source : plan.sources()) {
        if (source.find("#define FFT_R ") == std::string::npos) continue; // the real step's own program
        const bool untangles = source.find("#define FFT_UNTANGLE 1\n") != std::string::npos;
        (untangles ? untangling_passes : complex_passes) += 1;
        CHECK(source.find("#define FFT_STEPPED_FIRST" + flag(cuda || !untangles)) != std::string::npos);
        CHECK(source.find("#define FFT_STEPPED_LAST" + flag(cuda)) != std::string::npos);
    }
    CHECK(complex_passes == 1);
    CHECK(untangling_passes == 1);
}

TEST_CASE("a whole contiguous transform of 2048 points gives each work-item 16 points") {
    // Built in: groups of two transforms of 128 work-items each and local radices 16, 16 and 8,
    // where one transform's 256 work-items of 8 points took four local passes (8, 8, 8 and 4). Three
    // rows: the second group's second transform is idle. A real transform of 4096 points untangles
    // its 2048 pairs in such a pass.
    constexpr std::size_t n = 2048, rows = 3;
    const rtcg::Context& ctx = rtcg::test::context();
    const Plan plan(ctx, {rows, n}, {-1}, rtcg::codegen::DType::complex64(), Direction::forward, Norm::backward,
                    Tuning::built_in);
    CHECK(defined_values(plan, "FFT_G") == std::vector<std::size_t>{2});
    CHECK(defined_values(plan, "FFT_T") == std::vector<std::size_t>{128});
    CHECK(defined_values(plan, "FFT_P_FIRST") == std::vector<std::size_t>{16});
    CHECK(defined_values(plan, "FFT_P_LAST") == std::vector<std::size_t>{8});
    const auto x = random_points<float>(rows * n, 17);
    check_rows(x, plan(rtcg::Array<std::complex<float>>::to_device(ctx, x, {rows, n})).get(), rows, n);

    const rtcg::fft::RealPlan real(ctx, {rows, 2 * n}, rtcg::codegen::DType::float32(), Direction::forward,
                                   Norm::backward, Tuning::built_in);
    const std::string untangling = source_defining(real.sources(), "#define FFT_UNTANGLE 1");
    CHECK(untangling.find("#define FFT_R 2048\n") != std::string::npos);
    CHECK(untangling.find("#define FFT_G 2\n") != std::string::npos);
    CHECK(untangling.find("#define FFT_T 128\n") != std::string::npos);
    std::vector<float> points_in(rows * 2 * n);
    for (std::size_t i = 0; i < points_in.size(); ++i)
        points_in[i] = static_cast<float>(std::sin(0.013 * static_cast<double>(i * i % 7919)));
    const auto spectrum = real(rtcg::Array<float>::to_device(ctx, points_in, {rows, 2 * n})).get();
    check_half_spectra(points_in, spectrum, 2 * n, rows, {0, 1, 2, 1023, 1024, 1365, 2047, 2048});
}

TEST_CASE("the built-in layout takes groups of 128 KiB where they save a pass, on a GPU that holds them") {
    // 2^22 points: three passes in groups of 32 KiB, two of 2048 points in groups of 8 sub-transforms
    // of 128 KiB (512 work-items).
    const std::size_t saving = std::size_t{1} << 22;
    const Plan saving_plan = long_plan_of(Tuning::built_in, saving);
    check_long_plan(saving_plan, saving);
    const rtcg::DeviceInfo& device = rtcg::test::context().device();
    if (rtcg::test::local_memory_holds(device, 128 * 1024 / sizeof(std::complex<float>), sizeof(std::complex<float>))) {
        CHECK(pass_lengths(saving_plan) == std::vector<std::size_t>{2048, 2048});
        for (const std::size_t size : group_sizes(saving_plan)) CHECK(size == 512);
    } else {
        CHECK(pass_lengths(saving_plan).size() == 3);
    }
}

TEST_CASE("a power of two whose usual groups move runs of 32 bytes takes groups of 64 KiB, two resident") {
    // 2^20 points: two passes of 1024 either way, in usual groups of 4 sub-transforms (32 bytes of
    // neighbours at a time) or, on a GPU that holds 64 KiB, of 8 with 64 work-items each and
    // registers for two such groups a multiprocessor. 3 * 2^18 keeps its usual groups.
    const std::size_t power = std::size_t{1} << 20, smooth = 3 * (std::size_t{1} << 18);
    const Plan power_plan = long_plan_of(Tuning::built_in, power);
    check_long_plan(power_plan, power);
    CHECK(pass_lengths(power_plan) == std::vector<std::size_t>{1024, 1024});
    const Plan smooth_plan = long_plan_of(Tuning::built_in, smooth);
    check_long_plan(smooth_plan, smooth);
    const rtcg::DeviceInfo& device = rtcg::test::context().device();
    const bool holds = rtcg::test::local_memory_holds(device, 64 * 1024 / sizeof(std::complex<float>),
                                                      sizeof(std::complex<float>));
    CAPTURE(holds);
    CHECK(defined_values(power_plan, "FFT_G") == std::vector<std::size_t>(2, holds ? 8 : 4));
    CHECK(defined_values(smooth_plan, "FFT_G") == std::vector<std::size_t>(2, 4));
    if (holds) {
        CHECK(group_sizes(power_plan) == std::vector<std::size_t>(2, 512));
        CHECK(defined_values(power_plan, "FFT_MIN_GROUPS") == std::vector<std::size_t>(2, 2));
    }
}

TEST_CASE("through CUDA a float32 pass unrolls its first local pass's rounds where they are several and whole") {
    // 2^18 points: on an H200 two passes of 512 points, each sub-transform's 32 work-items taking
    // its 64 first butterflies in two whole rounds. Each pass is checked against the rule on its
    // own numbers, whatever layout the device takes; through OpenCL, and in float64, none unrolls.
    const std::size_t n = std::size_t{1} << 18;
    const rtcg::Context& ctx = rtcg::test::context();
    const bool cuda = rtcg::codegen::dialect_of(ctx.device()) == rtcg::codegen::Dialect::cuda;
    for (const rtcg::codegen::DType& complex :
         {rtcg::codegen::DType::complex64(), rtcg::codegen::DType::complex128()}) {
        const std::string dtype(complex.name());
        CAPTURE(dtype);
        const Plan plan(ctx, {2, n}, {-1}, complex, Direction::forward, Norm::backward, Tuning::built_in);
        const std::vector<std::size_t> lengths = pass_lengths(plan), radices = defined_values(plan, "FFT_P_FIRST"),
                                       threads = defined_values(plan, "FFT_T"),
                                       unrolled = defined_values(plan, "FFT_UNROLLED_FIRST_ROUNDS");
        REQUIRE(lengths.size() > 1);
        for (std::size_t k = 0; k < lengths.size(); ++k) {
            CAPTURE(k);
            const std::size_t butterflies = lengths[k] / radices[k];
            const bool several_whole = butterflies > threads[k] && butterflies % threads[k] == 0;
            CHECK(unrolled[k] == (cuda && complex == rtcg::codegen::DType::complex64() && several_whole ? 1u : 0u));
        }
    }
    check_long_plan(long_plan_of(Tuning::built_in, n), n);
}

// The direction's sign each pass kernel of `plan` is compiled for (FFT_SIGN), in order.
std::vector<long> pass_signs(const Plan& plan) {
    std::vector<long> signs;
    const std::string definition = "#define FFT_SIGN ";
    for (const std::string& source : plan.sources())
        if (const std::size_t at = source.find(definition); at != std::string::npos)
            signs.push_back(std::stol(source.substr(at + definition.size())));
    return signs;
}

TEST_CASE("each pass is compiled for the points the passes before it combine and for its direction") {
    const rtcg::Context& ctx = rtcg::test::context();
    for (const Direction direction : {Direction::forward, Direction::inverse}) {
        CAPTURE(to_string(direction));
        const long sign = direction == Direction::forward ? -1 : +1;
        const Plan plan(ctx, {2, long_points}, {-1}, rtcg::codegen::DType::complex64(), direction, Norm::backward,
                        Tuning::built_in);
        const std::vector<std::size_t> lengths = pass_lengths(plan), combined = defined_values(plan, "FFT_NS");
        REQUIRE(lengths.size() > 1);
        std::size_t before = 1;
        for (std::size_t k = 0; k < lengths.size(); ++k) {
            CHECK(combined[k] == before);
            before *= lengths[k];
        }
        CHECK(pass_signs(plan) == std::vector<long>(lengths.size(), sign));
        // Bluestein's convolution of a prime length takes forward transforms in either direction:
        // its inverse one is the conjugate of the forward one of the conjugate points.
        const Plan prime(ctx, {2, 4099}, {-1}, rtcg::codegen::DType::complex64(), direction, Norm::backward,
                         Tuning::built_in);
        REQUIRE(prime.uses_bluestein(0));
        const std::vector<long> convolution = pass_signs(prime);
        REQUIRE_FALSE(convolution.empty());
        CHECK(convolution == std::vector<long>(convolution.size(), -1));
    }
}

// Whether a pass of `plan` takes a DFT of `radix` points (a generated odd one).
bool uses_odd_radix(const Plan& plan, std::size_t radix) {
    const std::string function = "fft_dft_" + std::to_string(radix) + "(";
    const std::vector<std::string> sources = plan.sources();
    return std::any_of(sources.begin(), sources.end(),
                       [&](const std::string& source) { return source.find(function) != std::string::npos; });
}

TEST_CASE("a layout of wide odd radices splits a pass of odd factors into fewer local passes") {
    // 2^6 3^3 5^2 points, more than any GPU's local memory holds: passes of 225 and 192 points,
    // the first's local passes 15 x 15, or 25 x 9 with odd radices up to 27.
    constexpr std::size_t odd_points = 43200;
    const rtcg::test::ScopedCacheDirectory cache;
    const Plan built_in = long_plan_of(Tuning::built_in, odd_points);
    const std::vector<std::size_t> lengths = pass_lengths(built_in);
    REQUIRE(std::find(lengths.begin(), lengths.end(), std::size_t{225}) != lengths.end());
    CHECK(uses_odd_radix(built_in, 15));
    CHECK_FALSE(uses_odd_radix(built_in, 25));
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    database->store(layout_key("", odd_points),
                    {"local_kib=32,threads=256,shortest_first=0,sixteens=1,int_indices=1,wide_odd=1,pieces=1", 1.0});
    const Plan wide = long_plan_of(Tuning::stored, odd_points);
    CHECK(pass_lengths(wide) == lengths);
    CHECK(uses_odd_radix(wide, 25));
    CHECK_FALSE(uses_odd_radix(wide, 15));
    check_long_plan(wide, odd_points);
}

// A transform exchanged in `pieces`: one pass of `length` points along `axis` of a [2, length] or
// [length, 3] array (axis 0, the transforms strided), from the database's layout of groups of 32
// KiB, which every device holds, whose rows hold `pieces` times the points they hold whole.
template <class Real>
void check_pieced(std::size_t length, std::size_t pieces, bool strided) {
    using Complex = std::complex<Real>;
    CAPTURE(length);
    CAPTURE(pieces);
    CAPTURE(strided);
    const rtcg::test::ScopedCacheDirectory cache;
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    const bool single = std::is_same_v<Real, float>;
    database->store(rtcg::tuning::TuningKey::of(rtcg::test::context().device(), "rtcg.fft.passes/v4",
                                                std::to_string(length) + (single ? "_float32" : "_float64") +
                                                    (strided ? "_strided" : "_contiguous")),
                    {"local_kib=32,threads=256,shortest_first=0,sixteens=1,int_indices=1,wide_odd=" +
                         std::string(single ? "1" : "0") + ",pieces=" + std::to_string(pieces),
                     1.0});
    const std::size_t batch = strided ? 3 : 2;
    const std::vector<std::size_t> shape = strided ? std::vector<std::size_t>{length, batch}
                                                   : std::vector<std::size_t>{batch, length};
    const Plan plan(rtcg::test::context(), shape, {strided ? 0 : -1},
                    single ? rtcg::codegen::DType::complex64() : rtcg::codegen::DType::complex128(), Direction::forward,
                    Norm::backward, Tuning::stored);
    CHECK(pass_lengths(plan) == std::vector<std::size_t>{length});
    CHECK(defined_values(plan, "FFT_PIECES") == std::vector<std::size_t>{pieces});
    const std::vector<Complex> x = random_points<Real>(batch * length, static_cast<unsigned>(length + pieces));
    const std::vector<Complex> y = plan(rtcg::Array<Complex>::to_device(rtcg::test::context(), x, shape)).get();
    const std::vector<std::size_t> at{0, 1, 7, 4099 % length, length / 2 + 3, length - 1};
    // Transform b's point i: [b, i] of a contiguous batch, [i, b] of a strided one.
    const auto element = [&](std::size_t b, std::size_t i) { return strided ? i * batch + b : b * length + i; };
    for (std::size_t b = 0; b < batch; ++b) {
        std::vector<Complex> line(length), result(length);
        for (std::size_t i = 0; i < length; ++i) {
            line[i] = x[element(b, i)];
            result[i] = y[element(b, i)];
        }
        CHECK(relative_error(result, dft_at(exact(line), at, -1), at) <= error_bound<Real>(length));
    }
}

TEST_CASE("a transform that a group's local memory holds only in pieces is one pass that exchanges them") {
    // complex64 in its parts (2) and in 16-bit halves of them (4), complex128 in its parts and in
    // 32-bit halves of them, radix-3 local passes in some; transforms along a strided axis, whose
    // group moves its points across them, in others.
    SUBCASE("complex64 in 2") { check_pieced<float>(8192, 2, false); }
    SUBCASE("complex64 in 4 along a strided axis") { check_pieced<float>(6144, 4, true); }
    if (rtcg::test::context().device().supports_fp64) {
        SUBCASE("complex128 in 2 along a strided axis") { check_pieced<double>(3072, 2, true); }
        SUBCASE("complex128 in 4") { check_pieced<double>(4096, 4, false); }
    }
}

// Whether every pass of `plan` after the first indexes its twiddles with ints.
bool int_twiddle_indices(const Plan& plan) {
    const std::vector<std::string> sources = plan.sources();
    REQUIRE(sources.size() > 1);
    return std::all_of(sources.begin() + 1, sources.end(), [](const std::string& source) {
        return source.find("#define FFT_TWIDDLE_INDEX int\n") != std::string::npos;
    });
}

TEST_CASE("the passes after the first index their twiddles with ints through CUDA, on OpenCL as the layout says") {
    const rtcg::test::ScopedCacheDirectory cache;
    const bool cuda = rtcg::codegen::dialect_of(rtcg::test::context().device()) == rtcg::codegen::Dialect::cuda;
    const Plan built_in = long_plan_of(Tuning::built_in);
    CHECK(int_twiddle_indices(built_in) == cuda);
    check_long_plan(built_in);
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    // The other choice: OpenCL takes it, CUDA passes it over for the built-in layout.
    database->store(layout_key(),
                    {std::string("local_kib=32,threads=256,shortest_first=0,sixteens=1,wide_odd=0,pieces=1,"
                                 "int_indices=") +
                         (cuda ? "0" : "1"),
                     1.0});
    const Plan stored = long_plan_of(Tuning::stored);
    CHECK(int_twiddle_indices(stored));
    if (cuda) CHECK(stored.sources() == built_in.sources());
    check_long_plan(stored);
}

TEST_CASE("a plan tuned over several passes, or one wide pass, transforms correctly and stores its layout") {
    for (const std::size_t length : {long_points, wide_points}) {
        CAPTURE(length);
        const rtcg::test::ScopedCacheDirectory cache;
        const Plan tuned = long_plan_of(Tuning::tune, length);
        check_long_plan(tuned, length);
        const auto database = rtcg::tuning::TuningDatabase::default_location();
        REQUIRE(database);
        const auto entry = database->find(layout_key("", length));
        REQUIRE(entry);
        CHECK(entry->configuration.starts_with("local_kib="));
        // A later plan takes the stored layout: the same kernels.
        CHECK(long_plan_of(Tuning::stored, length).sources() == tuned.sources());
    }
}

TEST_CASE("a real plan tuned over several passes transforms correctly and stores the layout of its real step") {
    // rfft of 2 * long_points real points: a complex transform of long_points pairs, several passes.
    const rtcg::test::ScopedCacheDirectory cache;
    const std::size_t n = 2 * long_points;
    const rtcg::fft::RealPlan tuned(rtcg::test::context(), {2, n}, rtcg::codegen::DType::float32(), Direction::forward,
                                    Norm::backward, Tuning::tune);
    std::vector<float> x(2 * n);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(std::sin(0.013 * static_cast<double>(i * i % 7919)));
    const auto spectrum = tuned(rtcg::Array<float>::to_device(rtcg::test::context(), x, {2, n}));
    check_half_spectra(x, spectrum.get(), n, 2, {0, 1, 4099, long_points - 1, long_points});
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    const auto entry = database->find(layout_key("_untangle"));
    REQUIRE(entry);
    CHECK(entry->configuration.starts_with("local_kib="));
    CHECK_FALSE(database->find(layout_key()));
    // The inverse, tuned with its own real step, gives the points back and stores its layout apart.
    const rtcg::fft::RealPlan inverse(rtcg::test::context(), {2, n}, rtcg::codegen::DType::float32(),
                                      Direction::inverse, Norm::backward, Tuning::tune);
    const std::vector<float> back = inverse(spectrum).get();
    const std::vector<std::complex<float>> widened(x.begin(), x.end());
    CHECK(relative_error(std::vector<std::complex<float>>(back.begin(), back.end()), exact(widened)) <=
          2 * error_bound<float>(n));
    CHECK(database->find(layout_key("_tangle")));
}
