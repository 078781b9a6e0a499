#pragma once
/// \file
/// Counter-based random numbers (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
/// SC'11, as in Random123, cuRAND and numpy): Philox4x32-10 and Threefry4x32-20, giving the same
/// bits on every backend and device for the same seed. The two differ only in their block
/// function, which turns a counter and a key into four words; the streams, the mapping from
/// blocks to numbers and the API are one and the same (CounterBasedGenerator).
///
/// \code
///   rtcg::random::Philox gen(ctx, 42);                      // seed 42, subsequence 0
///   rtcg::random::Threefry other(ctx, 42);                  // the same calls, other bits
///   rtcg::Array<float> u = gen.uniform<float>(n);           // [0, 1)
///   rtcg::Array<double> z = gen.normal<double>(n, 10.0, 2.0);
///   gen.fill_uniform(existing);                             // into an Array<float> or <double>
///   rtcg::Array<std::uint32_t> w = gen.bits(n);             // the raw 32-bit words
/// \endcode
///
/// Each call continues where the last one stopped, so successive calls give new numbers, and a
/// generator made with the same seed and subsequence gives the same sequence of calls the same
/// numbers, on CUDA, OpenCL on a GPU and PoCL alike. Uniform numbers are exact functions of the
/// bits; normal numbers come from rtcg's own log, sin and cos (written with explicit fused
/// multiply-adds and uncontracted operations), never from the device's math library, whose
/// results differ by an ulp between vendors.
///
/// The mapping, for reproducing the numbers elsewhere (constants in random_constants.hpp):
///
/// The block functions. Philox4x32-10 turns a 128-bit counter {c0, c1, c2, c3} and a 64-bit key
/// {k0, k1} into four 32-bit words. Each round sets (hi0, lo0) = the 64-bit product m0 * c0 and
/// (hi1, lo1) = m1 * c2, then c = {hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0}; between rounds
/// k0 += w0, k1 += w1 (mod 2^32) (m0, m1, w0, w1: philox_multiplier0, philox_multiplier1,
/// philox_weyl0, philox_weyl1).
/// The key is the seed, k0 its low and k1 its high half.
/// Threefry4x32-20 turns a 128-bit counter {x0, x1, x2, x3} and a 128-bit key {k0, k1, k2, k3}
/// into four 32-bit words, all arithmetic modulo 2^32. The key schedule is s = {k0, k1, k2, k3,
/// k4} with k4 = threefry_parity ^ k0 ^ k1 ^ k2 ^ k3; injection i adds s[i mod 5], s[(i+1) mod 5],
/// s[(i+2) mod 5] and s[(i+3) mod 5] + i to x0, x1, x2, x3. Injection 0 comes first, then rounds
/// r = 0 .. 19, with injection (r + 1) / 4 after every round r = 3 mod 4. With (a, b) =
/// threefry_rotations[r mod 8] and rotl the left rotation, an even round r sets x0 += x1,
/// x1 = rotl(x1, a) ^ x0, x2 += x3, x3 = rotl(x3, b) ^ x2; an odd one x0 += x3, x3 = rotl(x3, a)
/// ^ x0, x2 += x1, x1 = rotl(x1, b) ^ x2. The key is {low(seed), high(seed), 0, 0}.
///
/// The stream, both generators alike: block b of the stream is the block function's output for
/// the counter {low(b), high(b), low(subsequence), high(subsequence)} and the key of the seed; b
/// wraps modulo 2^64.
///
/// A call that fills n elements starting at position() = B works in groups of 4 elements: group
/// g (elements 4g .. 4g + 3, the last group cut short at n) uses block B + g for 32-bit results
/// (bits, float) and blocks B + 2g, B + 2g + 1 for double results and integers, and position() becomes B plus
/// the blocks used (ceil(n / 4) or twice that): words left over in a last, partial group are
/// skipped, so each call starts on a fresh block. Within a group, element 4g + j takes:
///   bits:            word j.
///   uniform<float>:  (word j >> 8) * 2^-24                                   in [0, 1 - 2^-24].
///   uniform<double>: (x_j >> 11) * 2^-53                                     in [0, 1 - 2^-53],
///                    x_j = v[2j] | v[2j+1] << 32, v = the 8 words of both blocks, in order.
///   normal<float>:   each pair j = 2p, 2p + 1 (p = 0, 1) takes a = word 2p (for the radius) and
///                    b = word 2p + 1 (for the angle) as open uniforms u(w) = (2w + 1) * 2^-33;
///   normal<double>:  the same with a = x_2p, b = x_2p+1 and u(x) = (2 (x >> 12) + 1) * 2^-53;
///                    then radius = sqrt(-2 * log(u(a))), z_2p = radius * cos(2 pi u(b)),
///                    z_2p+1 = radius * sin(2 pi u(b)), and element 4g + j = fma(stddev, z_j, mean)
///                    in double (rounded once to float for float results).
///   integers<T>(low, high), with s = high - low (1 <= s < 2^64): x = x_j (as for uniform<double>:
///                    two blocks per group) and element 4g + j = low + floor(x * s / 2^64), modulo 2^64,
///                    unless x * s mod 2^64 < (2^64 - s) mod s; then x is redrawn, attempt a = 1, 2, ...
///                    taking words 2(j mod 2) and 2(j mod 2) + 1 (low word first) of the block function's
///                    output for x_j's own block's counter and the key seed + a * 0x9E3779B97F4A7C15
///                    (mod 2^64; for Threefry that key's two words, then two zero words), until the
///                    test passes. Every value of [low, high) is then exactly as likely; a redraw is
///                    needed with probability below s / 2^64, and uses no position of the stream.
/// Every operation is a correctly rounded double operation, one rounding each, sqrt included:
///   log(u): e and m from u's bits (u = m 2^e, m in [1, 2)); if m > sqrt2 then m = m / 2, e += 1;
///           f = m - 1, s = f / (2 + f), z = s * s, P = Horner's rule over log_series with fma
///           (P = fma(P, z, c_k) from the highest k down), log m = (s + s) * P, and
///           log(u) = e * ln2_high + fma(e, ln2_low, log m).
///   cos, sin of 2 pi t: q = floor(4t), r = 4t - q (exact); if r > 1/2 then r = r - 1, q = q + 1.
///           S = r * (Horner's rule over sin_quarter_turn in r * r), C = Horner's rule over
///           cos_quarter_turn in r * r; by q mod 4 = 0, 1, 2, 3: (cos, sin) = (C, S), (-S, C),
///           (-C, -S), (S, -C).
/// Accuracy: a few ulp of double; normal<float> numbers are correctly rounded from that double.
///
/// A generator is one stream position on the host: use one per thread. Its calls run on the
/// context's current queue (queue_scope.hpp), like the arrays' other generated kernels. A strided
/// array receives the numbers a contiguous one of its shape would, in C order.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/random_constants.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

namespace rtcg::detail {
class ContextKernels;
}

namespace rtcg::random {

/// What a generator's call fills an array with: raw 32-bit words, uniform or normal numbers, or
/// integers uniform in a range.
enum class Distribution { bits, uniform, normal, integers };

/// The block functions of the counter-based generators, which turn a counter and a key into four
/// 32-bit words (random.hpp describes both).
enum class BlockFunction { philox4x32_10, threefry4x32_20 };

/// The element types of uniform and normal numbers: float and double.
template <class T>
concept RealElement = std::is_same_v<T, float> || std::is_same_v<T, double>;

/// The complete kernel source (prelude included) with which the generator of `block_function`
/// fills arrays of `element` with `distribution`: uint32 for bits, float32 or float64 for uniform
/// and normal, any integer type for integers (InvalidArgument otherwise). Pure text, for inspection and for compiling with NVRTC
/// where no GPU is.
RTCG_API std::string random_source(BlockFunction block_function, codegen::Dialect dialect, Distribution distribution,
                                   const codegen::DType& element);

/// random_source for Philox4x32-10.
RTCG_API std::string philox_source(codegen::Dialect dialect, Distribution distribution, const codegen::DType& element);

/// random_source for Threefry4x32-20.
RTCG_API std::string threefry_source(codegen::Dialect dialect, Distribution distribution,
                                     const codegen::DType& element);

/// A counter-based stream on a context, of Philox or Threefry (the derived classes): each call
/// continues where the last ended; see random.hpp.
class RTCG_API CounterBasedGenerator {
public:
    /// The context arrays are made on.
    const Context& context() const noexcept;
    /// The block function that tells the generators apart.
    BlockFunction block_function() const noexcept { return block_function_; }
    /// "Philox" or "Threefry", as errors name the generator.
    const char* name() const noexcept;
    /// The seed (the block function's key, or its low half for Threefry).
    std::uint64_t seed() const noexcept { return seed_; }
    /// The subsequence (the counter's high words).
    std::uint64_t subsequence() const noexcept { return subsequence_; }
    /// The block the next call starts at (see above); seek sets it, e.g. to replay a call.
    std::uint64_t position() const noexcept { return position_; }
    /// Sets the block the next call starts at.
    void seek(std::uint64_t block) noexcept { position_ = block; }

    /// `n` uniformly distributed 32-bit words.
    Array<std::uint32_t> bits(std::size_t n) {
        auto out = Array<std::uint32_t>::empty(context(), n);
        fill_bits(out);
        return out;
    }
    /// `n` numbers uniform in [0, 1).
    template <RealElement T>
    Array<T> uniform(std::size_t n) {
        auto out = Array<T>::empty(context(), n);
        fill_uniform(out);
        return out;
    }
    /// `n` numbers normally distributed with `mean` and `stddev`. InvalidArgument unless mean is finite
    /// and stddev finite and not negative.
    template <RealElement T>
    Array<T> normal(std::size_t n, double mean = 0.0, double stddev = 1.0) {
        auto out = Array<T>::empty(context(), n);
        fill_normal(out, mean, stddev);
        return out;
    }

    /// `n` integers uniform in [low, high); see fill_integers.
    template <class T>
        requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
    Array<T> integers(std::size_t n, T low, T high) {
        auto out = Array<T>::empty(context(), n);
        fill_integers(out, low, high);
        return out;
    }

    /// Fills every element of `out` with integers uniform in [low, high), each value exactly as
    /// likely as any other: the mapping above (a 64-bit word per number, scaled by Lemire's
    /// multiply-and-shift and redrawn in the rare cases that would bias it). Any range of T, its
    /// whole range but the largest value included. InvalidArgument unless low < high.
    template <class T>
        requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
    void fill_integers(const Array<T>& out, T low, T high) {
        if (!(low < high))
            throw InvalidArgument("the range [" + std::to_string(low) + ", " + std::to_string(high) +
                                      ") must not be empty",
                                  "random::" + std::string(name()) + "::fill_integers");
        // Differences of two values of T, exact in 64-bit unsigned arithmetic; low's bits as the
        // kernel adds them, modulo 2^64.
        const std::uint64_t span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
        fill(out.data(), Distribution::integers, {.low = static_cast<std::uint64_t>(low), .span = span});
    }

    /// Fill every element of `out` (any shape; a view fills only what it sees).
    void fill_bits(const Array<std::uint32_t>& out) { fill(out.data(), Distribution::bits, {}); }
    /// Fills every element of `out` with numbers uniform in [0, 1).
    template <RealElement T>
    void fill_uniform(const Array<T>& out) {
        fill(out.data(), Distribution::uniform, {});
    }
    /// InvalidArgument unless mean is finite and stddev finite and not negative.
    template <RealElement T>
    void fill_normal(const Array<T>& out, double mean = 0.0, double stddev = 1.0) {
        fill(out.data(), Distribution::normal, {.mean = mean, .stddev = stddev});
    }

protected:
    /// The stream of `seed` and `subsequence` of `block_function` on `context`, from its first block.
    CounterBasedGenerator(BlockFunction block_function, const Context& context, std::uint64_t seed,
                          std::uint64_t subsequence);

private:
    /// What a distribution takes besides the array: normal numbers' mean and deviation, integers'
    /// low end (its bits) and the number of values in their range.
    struct FillParameters {
        double mean = 0.0;
        double stddev = 1.0;
        std::uint64_t low = 0;
        std::uint64_t span = 0;
    };
    /// Double results and normal numbers need doubles on the device: rtcg::Error, before anything
    /// is compiled, where the device has none. InvalidArgument for an array of another context.
    void fill(const rtcg::detail::ArrayData& out, Distribution distribution, const FillParameters& parameters);

    BlockFunction block_function_;
    std::shared_ptr<rtcg::detail::ContextKernels> kernels_;
    std::uint64_t seed_;
    std::uint64_t subsequence_;
    std::uint64_t position_ = 0;
};

/// A Philox4x32-10 stream on a context: each call continues where the last ended; see random.hpp.
class RTCG_API Philox : public CounterBasedGenerator {
public:
    /// The stream of `seed` and `subsequence` on `context`, from its first block.
    Philox(const Context& context, std::uint64_t seed, std::uint64_t subsequence = 0)
        : CounterBasedGenerator(BlockFunction::philox4x32_10, context, seed, subsequence) {}
};

/// A Threefry4x32-20 stream on a context: each call continues where the last ended; the same calls
/// as Philox's give other bits, mapped to numbers the same way; see random.hpp.
class RTCG_API Threefry : public CounterBasedGenerator {
public:
    /// The stream of `seed` and `subsequence` on `context`, from its first block.
    Threefry(const Context& context, std::uint64_t seed, std::uint64_t subsequence = 0)
        : CounterBasedGenerator(BlockFunction::threefry4x32_20, context, seed, subsequence) {}
};

} // namespace rtcg::random
