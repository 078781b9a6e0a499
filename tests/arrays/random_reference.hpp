#pragma once
// The Philox generator of rtcg/arrays/random.hpp on the host, written from the mapping that the
// header documents, in plain C++ (compiled with -ffp-contract=off, so each operation rounds once,
// as on the device). Device results must equal these bit for bit on every backend.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rtcg::test::philox {

using Block = std::array<std::uint32_t, 4>;

Block philox4x32_10(Block counter, std::array<std::uint32_t, 2> key);

// The documented log(u) for u in (0, 1), and (cos, sin) of 2 pi t for t in (0, 1).
double log(double u);
std::pair<double, double> cos_sin_turns(double t);

// A generator's stream: each call returns what the device call of the same name gives from the
// same position, and moves the position past the blocks it used.
class HostPhilox {
public:
    HostPhilox(std::uint64_t seed, std::uint64_t subsequence = 0) : seed_(seed), subsequence_(subsequence) {}

    std::uint64_t position() const { return position_; }
    void seek(std::uint64_t block) { position_ = block; }

    std::vector<std::uint32_t> bits(std::size_t n);
    template <class T>
    std::vector<T> uniform(std::size_t n);
    template <class T>
    std::vector<T> normal(std::size_t n, double mean = 0.0, double stddev = 1.0);

private:
    Block block(std::uint64_t index) const;
    // A call of n results: `fill` turns the words of each group's blocks into its 4 results.
    template <class Result, class Fill>
    std::vector<Result> groups(std::size_t n, int blocks_per_group, Fill fill);

    std::uint64_t seed_;
    std::uint64_t subsequence_;
    std::uint64_t position_ = 0;
};

template <>
std::vector<float> HostPhilox::uniform<float>(std::size_t n);
template <>
std::vector<double> HostPhilox::uniform<double>(std::size_t n);
template <>
std::vector<float> HostPhilox::normal<float>(std::size_t n, double mean, double stddev);
template <>
std::vector<double> HostPhilox::normal<double>(std::size_t n, double mean, double stddev);

} // namespace rtcg::test::philox
