#pragma once
// Cheap tuning problems for the tuner's tests, on the test context:
// - a copy-and-double kernel whose `flavour` may be right, wrong (a wrong result), broken (does
//   not compile) or oversized (asks for a block no device allows), with a constraint that prunes;
// - a busy loop whose run time is a known landscape over two parameters, for search tests.
// Both count their launches, so tests can tell whether anything was run or timed.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace rtcg::test {

struct LaunchCounter {
    std::size_t launches = 0;
};

// The copy kernel's source for a configuration of copy_problem's space.
std::string copy_source(codegen::Dialect dialect, const tuning::Configuration& configuration);

// block ∈ {16, 32}, items ∈ {1, 2, 4} with block * items <= 64 (one combination per flavour
// pruned), flavour ∈ `flavours`.
tuning::TuningProblem copy_problem(std::vector<std::string> flavours, std::shared_ptr<LaunchCounter> counter,
                                   std::string kernel = "tests/copy");

// x ∈ {0..5}, y ∈ {0..5}; a variant runs 256 * 2^(|x - 2| + |y - 3|) busy iterations per
// element, so (2, 3) is the unique fastest and every step towards it halves the time. One
// compiled kernel.
tuning::TuningProblem landscape_problem(std::shared_ptr<LaunchCounter> counter);

// A fresh directory, removed with everything in it when this goes away.
class TemporaryDirectory {
public:
    TemporaryDirectory();
    ~TemporaryDirectory();
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    const std::filesystem::path& path() const noexcept { return path_; }

private:
    std::filesystem::path path_;
};

// Options for tests: the database in `directory` (or none), no progress output, short timing.
tuning::TunerOptions quiet_options(tuning::Strategy strategy, const std::filesystem::path* directory = nullptr);

} // namespace rtcg::test
