// The tuning database: entries round-trip, a second run takes the stored variant without a
// single launch, damaged files are ignored and replaced, concurrent writers leave whole entries.
#include "../support/test_context.hpp"
#include "fake_problems.hpp"

#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <doctest/doctest.h>

#include <fstream>
#include <limits>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

using rtcg::test::context;
using rtcg::test::copy_problem;
using rtcg::test::LaunchCounter;
using rtcg::test::quiet_options;
using rtcg::test::TemporaryDirectory;
using namespace rtcg::tuning;

namespace {

TuningKey sample_key() {
    rtcg::DeviceInfo device;
    device.backend = "opencl";
    device.platform = "Portable Computing Language";
    device.name = "cpu\nwith a line break";
    device.architecture = "OpenCL C 1.2";
    device.driver_version = "5.0";
    return TuningKey::of(device, "tests/sample", "1024x1024");
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
}

void write_text(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A database in a temporary directory holding one entry, {"block=16,items=2", 0.125 ms}, for
// sample_key().
struct StoredSample {
    TemporaryDirectory directory;
    TuningDatabase database{directory.path()};
    TuningKey key = sample_key();
    StoredSample() { database.store(key, TuningEntry{"block=16,items=2", 0.125}); }
};

} // namespace

TEST_CASE("entries round-trip through the database, one file per key") {
    TemporaryDirectory directory;
    const TuningDatabase database(directory.path() / "nested" / "tuning");
    const TuningKey key = sample_key();
    CHECK_FALSE(database.find(key));
    database.store(key, TuningEntry{"block=16,items=2", 0.125});
    const auto found = database.find(key);
    REQUIRE(found);
    CHECK(found->configuration == "block=16,items=2");
    CHECK(found->time_ms == 0.125);

    TuningKey other = key;
    other.size_class = "2048x2048";
    CHECK(database.path_of(other) != database.path_of(key));
    CHECK_FALSE(database.find(other));
    other = key;
    other.driver = "5.1"; // a driver update is another device identity
    CHECK_FALSE(database.find(other));

    database.store(key, TuningEntry{"block=32,items=1", 0.5});
    CHECK(database.find(key)->configuration == "block=32,items=1");
    CHECK(std::distance(std::filesystem::directory_iterator(database.directory()), {}) == 1); // no temporaries left
}

TEST_CASE("damaged entries are ignored, never trusted") {
    const StoredSample sample;
    const TuningDatabase& database = sample.database;
    const TuningKey& key = sample.key;
    const auto path = database.path_of(key);
    const std::string whole = read_text(path);

    write_text(path, whole.substr(0, whole.size() / 2)); // truncated
    CHECK_FALSE(database.find(key));
    write_text(path, whole.substr(0, whole.size() - 4)); // the end marker cut off
    CHECK_FALSE(database.find(key));
    write_text(path, whole + "extra\n");
    CHECK_FALSE(database.find(key));
    write_text(path, std::string(100000, 'x'));
    CHECK_FALSE(database.find(key));
    std::string bad_time = whole;
    bad_time.replace(bad_time.find("0.125"), 5, "\"zebra\"");
    write_text(path, bad_time);
    CHECK_FALSE(database.find(key));
    std::string other_version = whole;
    other_version.replace(other_version.find("\"rtcg_tuning_entry\": 1"), 22, "\"rtcg_tuning_entry\": 2");
    write_text(path, other_version);
    CHECK_FALSE(database.find(key));
    // The same file name reached from another key (a hash collision) does not answer for it.
    write_text(path, whole);
    REQUIRE(database.find(key));
    TuningKey other = key;
    other.kernel = "tests/other";
    std::filesystem::copy_file(path, database.path_of(other));
    CHECK_FALSE(database.find(other));
}

TEST_CASE("an entry is JSON that a person can read and edit") {
    const StoredSample sample;
    const TuningDatabase& database = sample.database;
    const TuningKey& key = sample.key;
    const auto path = database.path_of(key);
    CHECK(path.extension() == ".json");
    const std::string text = read_text(path);
    CHECK(text.find("\"device\": \"cpu\\nwith a line break\"") != std::string::npos);
    CHECK(text.find("\"configuration\": \"block=16,items=2\"") != std::string::npos);
    CHECK(text.find("\"time_ms\": 0.125") != std::string::npos);

    // Rewritten by hand: other spacing and order, a note of the person's own, another configuration.
    std::string edited = "{ \"note\": \"set by hand\", \"configuration\": \"block=64,items=4\",\n";
    for (const auto& [name, value] : {std::pair{"backend", key.backend}, {"platform", key.platform},
                                      {"architecture", key.architecture}, {"driver", key.driver},
                                      {"kernel", key.kernel}, {"size_class", key.size_class}})
        edited += std::string("\"") + name + "\" :\"" + value + "\",";
    edited += "\"device\": \"cpu\\u000awith a line break\", \"time_ms\": 2.5e-1, \"rtcg_tuning_entry\": 1 }";
    write_text(path, edited);
    const auto found = database.find(key);
    REQUIRE(found);
    CHECK(found->configuration == "block=64,items=4");
    CHECK(found->time_ms == 0.25);

    CHECK_THROWS_AS(database.store(key, TuningEntry{"block=16", std::numeric_limits<double>::infinity()}),
                    rtcg::InvalidArgument);
}

TEST_CASE("a second run takes the tuned variant from the database with no launch at all") {
    TemporaryDirectory directory;
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = copy_problem({"right", "wrong"}, counter);
    const auto first = tune(context(), problem, quiet_options(Exhaustive{}, &directory.path()));
    CHECK_FALSE(first.from_database);
    CHECK(counter->launches > 0);

    counter->launches = 0;
    const auto second = tune(context(), problem, quiet_options(Exhaustive{}, &directory.path()));
    CHECK(second.from_database);
    CHECK(counter->launches == 0);
    CHECK(second.configuration == first.configuration);
    CHECK(second.time_ms == first.time_ms);
    CHECK(second.report.variants.empty());
    CHECK(second.kernel.name() == "rtcg_tuning_copy");

    // The stored kernel works: launch it and check it as the tuner would.
    problem.reset(context().queue());
    problem.launch(second.kernel, second.configuration, context().queue());
    CHECK_FALSE(problem.check(context().queue()));

    // retune ignores the entry and replaces it.
    counter->launches = 0;
    auto options = quiet_options(RandomSampling{2, 5}, &directory.path());
    options.retune = true;
    const auto retuned = tune(context(), problem, options);
    CHECK_FALSE(retuned.from_database);
    CHECK(counter->launches > 0);
    const auto stored = TuningDatabase(directory.path()).find(TuningKey::of(context().device(), problem.kernel, problem.size_class));
    REQUIRE(stored);
    CHECK(stored->configuration == retuned.configuration.to_string());
}

TEST_CASE("an unusable stored configuration makes the tuner tune again") {
    TemporaryDirectory directory;
    auto counter = std::make_shared<LaunchCounter>();
    const auto problem = copy_problem({"right"}, counter);
    const TuningDatabase database(directory.path());
    const auto key = TuningKey::of(context().device(), problem.kernel, problem.size_class);
    for (const std::string stale : {"block=16,items=3,flavour=right",   // not a value any more
                                    "block=32,items=4,flavour=right",   // breaks a constraint
                                    "garbage"}) {
        CAPTURE(stale);
        database.store(key, TuningEntry{stale, 1.0});
        counter->launches = 0;
        const auto tuned = tune(context(), problem, quiet_options(RandomSampling{1, 3}, &directory.path()));
        CHECK_FALSE(tuned.from_database);
        CHECK(counter->launches > 0);
        CHECK(database.find(key)->configuration == tuned.configuration.to_string());
    }
    // A damaged file is the same as none: tuned and replaced.
    write_text(database.path_of(key), "{\"rtcg_tuning_entry\": 1, \"backend\": ");
    const auto tuned = tune(context(), problem, quiet_options(RandomSampling{1, 3}, &directory.path()));
    CHECK_FALSE(tuned.from_database);
    CHECK(database.find(key));
}

TEST_CASE("concurrent writers leave one whole entry") {
    TemporaryDirectory directory;
    const TuningDatabase database(directory.path());
    const TuningKey key = sample_key();
    std::vector<std::jthread> writers;
    for (int w = 0; w < 4; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; i < 50; ++i) {
                database.store(key, TuningEntry{"block=" + std::to_string(w) + ",items=" + std::to_string(i), double(i)});
                const auto seen = database.find(key);
                CHECK(seen); // rename replaces atomically: a reader never finds a partial file
            }
        });
    writers.clear();
    const auto last = database.find(key);
    REQUIRE(last);
    CHECK(last->configuration.rfind("block=", 0) == 0);
    CHECK(std::distance(std::filesystem::directory_iterator(directory.path()), {}) == 1);
}
