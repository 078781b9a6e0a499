#pragma once
// The counter-based generators of rtcg/arrays/random.hpp (Philox, Threefry) on the host, written
// from the mapping that the header documents, in plain C++ (compiled with -ffp-contract=off, so
// each operation rounds once, as on the device). Device results must equal these bit for bit on
// every backend.
#include <rtcg/arrays/random.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rtcg::test::random_reference {

using Block = std::array<std::uint32_t, 4>;

Block philox4x32_10(Block counter, std::array<std::uint32_t, 2> key);
Block threefry4x32_20(Block counter, Block key);

// The documented log(u) for u in (0, 1), and (cos, sin) of 2 pi t for t in (0, 1).
double log(double u);
std::pair<double, double> cos_sin_turns(double t);

// A generator's stream: each call returns what the device call of the same name gives from the
// same position, and moves the position past the blocks it used.
class HostStream {
public:
    HostStream(rtcg::random::BlockFunction block_function, std::uint64_t seed, std::uint64_t subsequence)
        : block_function_(block_function), seed_(seed), subsequence_(subsequence) {}

    std::uint64_t position() const { return position_; }
    void seek(std::uint64_t block) { position_ = block; }

    std::vector<std::uint32_t> bits(std::size_t n);
    template <class T>
    std::vector<T> uniform(std::size_t n);
    template <class T>
    std::vector<T> normal(std::size_t n, double mean = 0.0, double stddev = 1.0);
    // Integers uniform in [low, high) (low < high), redrawn as documented.
    template <class T>
    std::vector<T> integers(std::size_t n, T low, T high) {
        const auto span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
        const std::vector<std::uint64_t> offsets = integer_offsets(n, span);
        std::vector<T> out(n);
        for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<T>(static_cast<std::uint64_t>(low) + offsets[k]);
        return out;
    }

private:
    Block block(std::uint64_t index) const { return block(index, seed_); }
    Block block(std::uint64_t index, std::uint64_t key) const;
    // The numbers below `span` that integers adds to its low end.
    std::vector<std::uint64_t> integer_offsets(std::size_t n, std::uint64_t span);
    // A call of n results: `fill` turns the words of each group's blocks into its 4 results.
    template <class Result, class Fill>
    std::vector<Result> groups(std::size_t n, int blocks_per_group, Fill fill);

    rtcg::random::BlockFunction block_function_;
    std::uint64_t seed_;
    std::uint64_t subsequence_;
    std::uint64_t position_ = 0;
};

// The streams of the device classes of the same names.
struct HostPhilox : HostStream {
    HostPhilox(std::uint64_t seed, std::uint64_t subsequence = 0)
        : HostStream(rtcg::random::BlockFunction::philox4x32_10, seed, subsequence) {}
};
struct HostThreefry : HostStream {
    HostThreefry(std::uint64_t seed, std::uint64_t subsequence = 0)
        : HostStream(rtcg::random::BlockFunction::threefry4x32_20, seed, subsequence) {}
};

template <>
std::vector<float> HostStream::uniform<float>(std::size_t n);
template <>
std::vector<double> HostStream::uniform<double>(std::size_t n);
template <>
std::vector<float> HostStream::normal<float>(std::size_t n, double mean, double stddev);
template <>
std::vector<double> HostStream::normal<double>(std::size_t n, double mean, double stddev);

} // namespace rtcg::test::random_reference
