// The tuner on the test backend with cheap fake problems: pruning, broken variants reported and
// skipped, each strategy's walk, and the CSV report.
#include "../support/expect_error.hpp"
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"
#include "fake_problems.hpp"

#include <rtcg/tuning/tuner.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <set>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::copy_problem;
using rtcg::test::LaunchCounter;
using rtcg::test::quiet_options;
using namespace rtcg::tuning;

namespace {

std::size_t count(const TuningReport& report, VariantStatus status) {
    return static_cast<std::size_t>(std::count_if(report.variants.begin(), report.variants.end(),
                                                  [&](const VariantRecord& v) { return v.status == status; }));
}

std::set<std::string> configurations_of(const TuningReport& report) {
    std::set<std::string> texts;
    for (const auto& variant : report.variants) texts.insert(variant.configuration.to_string());
    return texts;
}

} // namespace

TEST_CASE("exhaustive tuning evaluates every configuration the constraints allow, and nothing else") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = copy_problem({"right"}, counter);
    const auto tuned = tune(context(), problem, quiet_options(Exhaustive{}));

    CHECK_FALSE(tuned.from_database);
    CHECK(tuned.report.pruned == 1); // block=32, items=4
    CHECK(tuned.report.variants.size() == 5);
    CHECK(configurations_of(tuned.report).size() == 5);
    for (const auto& variant : tuned.report.variants) {
        CHECK(variant.status == VariantStatus::timed);
        CHECK(variant.time_ms > 0);
        CHECK(variant.configuration.integer("block") * variant.configuration.integer("items") <= 64);
    }
    const auto fastest = std::min_element(tuned.report.variants.begin(), tuned.report.variants.end(),
                                          [](const auto& a, const auto& b) { return a.time_ms < b.time_ms; });
    CHECK(tuned.configuration == fastest->configuration);
    CHECK(tuned.time_ms == fastest->time_ms);
    CHECK(counter->launches > tuned.report.variants.size()); // a check launch, then the timed ones

    // The returned kernel is the winner, ready to launch.
    CHECK(tuned.kernel.name() == "rtcg_tuning_copy");
    CHECK(tuned.code.threads_per_block == static_cast<std::size_t>(tuned.configuration.integer("block")));
    rtcg::test::compile_for_cuda(rtcg::test::copy_source(rtcg::codegen::Dialect::cuda, tuned.configuration));
}

TEST_CASE("variants that fail to compile, do not fit, or compute wrongly are reported and skipped") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = copy_problem({"right", "wrong", "broken", "oversized"}, counter);
    const auto tuned = tune(context(), problem, quiet_options(Exhaustive{}));

    const auto& report = tuned.report;
    CHECK(report.variants.size() == 4 * 5);
    CHECK(report.pruned == 4);
    CHECK(count(report, VariantStatus::timed) == 5);
    CHECK(count(report, VariantStatus::wrong_result) == 5);
    CHECK(count(report, VariantStatus::compile_failed) == 5);
    CHECK(count(report, VariantStatus::too_large) == 5);
    CHECK(tuned.configuration.choice("flavour") == "right");
    for (const auto& variant : report.variants) {
        const auto& flavour = variant.configuration.choice("flavour");
        if (flavour == "wrong") CHECK(contains(variant.message, "out[0] is "));
        if (flavour == "broken") CHECK(contains(variant.message, "rtcg:"));
        if (flavour == "oversized") CHECK(contains(variant.message, "threads per block"));
        if (flavour != "right") CHECK(std::isnan(variant.time_ms));
    }
}

TEST_CASE("no passing variant is a TuningFailed carrying the report") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = copy_problem({"wrong", "broken"}, counter, "tests/copy-failing");
    try {
        tune(context(), problem, quiet_options(Exhaustive{}));
        FAIL("tuning should have failed");
    } catch (const TuningFailed& e) {
        CHECK(contains(e.what(), "no variant of 10 passed"));
        CHECK(contains(e.what(), "5 compile_failed"));
        CHECK(contains(e.what(), "5 wrong_result"));
        CHECK(e.report().variants.size() == 10);
    }
}

TEST_CASE("random sampling evaluates its budget of distinct configurations, the same for the same seed") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = rtcg::test::landscape_problem(counter);
    const auto first = tune(context(), problem, quiet_options(RandomSampling{10, 7}));
    const auto again = tune(context(), problem, quiet_options(RandomSampling{10, 7}));
    const auto other = tune(context(), problem, quiet_options(RandomSampling{10, 8}));
    CHECK(first.report.variants.size() == 10);
    CHECK(configurations_of(first.report).size() == 10);
    CHECK(configurations_of(first.report) == configurations_of(again.report));
    CHECK(configurations_of(first.report) != configurations_of(other.report));
    // A budget larger than the space is the whole space.
    CHECK(tune(context(), copy_problem({"right"}, counter), quiet_options(RandomSampling{100, 1})).report.variants.size() == 5);
}

TEST_CASE("local search walks downhill to the optimum within its budget") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = rtcg::test::landscape_problem(counter);
    // From the farthest corner, steepest descent needs at most 1 + 3 * 6 evaluations; random
    // sampling of 20 of the 36 would miss the optimum almost every other time.
    for (const std::uint64_t seed : {1, 2, 3}) {
        const auto tuned = tune(context(), problem, quiet_options(LocalSearch{20, seed}));
        CHECK(tuned.report.variants.size() == 20);
        CHECK(configurations_of(tuned.report).size() == 20);
        CHECK(tuned.configuration.to_string() == "x=2,y=3");
    }
    // With a budget for everything, it evaluates everything once.
    const auto all = tune(context(), problem, quiet_options(LocalSearch{1000, 4}));
    CHECK(configurations_of(all.report).size() == 36);
    CHECK(all.report.variants.size() == 36);
}

TEST_CASE("local search begins at its given starts, skipping those that break a constraint") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = rtcg::test::landscape_problem(counter);
    LocalSearch from_near{6, 1};
    from_near.starts = {problem.space.parse("x=1,y=3")};
    // The start, then its four neighbours, one of which is the optimum: 5 evaluations of 36.
    const auto tuned = tune(context(), problem, quiet_options(from_near));
    REQUIRE(!tuned.report.variants.empty());
    CHECK(tuned.report.variants.front().configuration.to_string() == "x=1,y=3");
    CHECK(tuned.configuration.to_string() == "x=2,y=3");

    // copy_problem prunes block=32 with items=4: that start is skipped for the next one.
    const auto copy = copy_problem({"right"}, counter);
    LocalSearch pruned_first{1, 1};
    pruned_first.starts = {copy.space.parse("block=32,items=4,flavour=right"), copy.space.parse("block=16,items=2,flavour=right")};
    const auto from_second = tune(context(), copy, quiet_options(pruned_first));
    REQUIRE(from_second.report.variants.size() == 1);
    CHECK(from_second.report.variants.front().configuration.to_string() == "block=16,items=2,flavour=right");

    // A start that is no point of the space is the caller's mistake.
    LocalSearch foreign{4, 1};
    foreign.starts = {Configuration({{"x", std::int64_t{9}}, {"y", std::int64_t{3}}})};
    CHECK_THROWS_AS(tune(context(), problem, quiet_options(foreign)), rtcg::InvalidArgument);
}

TEST_CASE("the CSV report lists every variant with its parameters, status and time") {
    auto counter = std::make_shared<LaunchCounter>();
    const auto tuned = tune(context(), copy_problem({"right", "broken"}, counter), quiet_options(Exhaustive{}));
    const std::string csv = tuned.report.to_csv();
    std::vector<std::string> lines;
    for (std::size_t start = 0, end; start < csv.size(); start = end + 1) {
        end = csv.find('\n', start);
        lines.push_back(csv.substr(start, end - start));
    }
    REQUIRE(lines.size() == 1 + 10);
    CHECK(lines[0] == "block,items,flavour,status,time_ms,message");
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto& variant = tuned.report.variants[i - 1];
        const std::string prefix = std::to_string(variant.configuration.integer("block")) + "," +
                                   std::to_string(variant.configuration.integer("items")) + "," +
                                   variant.configuration.choice("flavour") + "," + to_string(variant.status) + ",";
        CHECK(lines[i].rfind(prefix, 0) == 0);
        if (variant.status == VariantStatus::timed) CHECK(std::stod(lines[i].substr(prefix.size())) == doctest::Approx(variant.time_ms).epsilon(1e-5));
        else CHECK(contains(lines[i], "compile_failed,,"));
    }
    rtcg::test::TemporaryDirectory directory;
    tuned.report.write_csv(directory.path() / "report.csv");
    std::ifstream file(directory.path() / "report.csv");
    CHECK(std::string(std::istreambuf_iterator<char>(file), {}) == csv);
}

TEST_CASE("incomplete problems are refused before anything runs") {
    auto counter = std::make_shared<LaunchCounter>();
    auto problem = copy_problem({"right"}, counter);
    problem.check = nullptr;
    CHECK(contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { tune(context(), problem, quiet_options(Exhaustive{})); }),
                   "no check function"));
    problem = copy_problem({"right"}, counter);
    CHECK(contains(rtcg::test::message_of<rtcg::InvalidArgument>(
                       [&] { tune(context(), problem, quiet_options(RandomSampling{0, 1})); }),
                   "budget is 0"));
    problem.space.constraint("never", [](const Configuration&) { return false; });
    CHECK(contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { tune(context(), problem, quiet_options(Exhaustive{})); }),
                   "meets the constraints"));
    CHECK(counter->launches == 0);
}
