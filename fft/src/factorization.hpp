#pragma once
// How a transform of n points is split: into passes over global memory, each a sub-transform that
// fits a work-group's local memory, and each sub-transform into the radix passes it runs there;
// or, for sizes with a large prime factor, into Bluestein's convolution.
#include <cstddef>
#include <vector>

namespace rtcg::detail::fft {

// The largest prime a radix pass takes directly (by its generated odd DFT); a size with a larger
// prime factor goes through Bluestein's algorithm.
inline constexpr std::size_t largest_direct_prime = 31;

// The prime factors of n > 0, smallest first, with repeats.
std::vector<std::size_t> prime_factors(std::size_t n);

// Whether a transform of n points needs Bluestein's algorithm (a prime factor beyond
// largest_direct_prime).
bool needs_bluestein(std::size_t n);

// The convolution size Bluestein's algorithm takes for n points: the smallest power of two of at
// least 2n - 1. InvalidArgument where that does not fit.
std::size_t bluestein_size(std::size_t n);

// The sub-transform sizes of the global passes of a transform of n points (n without Bluestein's
// primes), each at most `largest`, their product n: few passes, large ones first. InvalidArgument
// when a prime factor exceeds `largest`.
std::vector<std::size_t> global_passes(std::size_t n, std::size_t largest);

// The largest odd radix a local pass takes by one generated DFT (pass_source.cpp's odd_dft) where
// its prime factors are smaller: 9 and 15 take one local pass, and its barriers, instead of two.
inline constexpr std::size_t largest_odd_radix = 15;

// The largest odd radix of "wide" odd radices, a layout's choice (PassLayout::wide_odd): fewer
// local passes still (3^4 5^2 7: 27, 25, 21 against 15, 15, 9, 7), each butterfly holding more
// points in registers, which pays where a work-item has registers to spare, as in a group that
// fills its multiprocessor alone.
inline constexpr std::size_t largest_wide_odd_radix = 27;

// The odd radices of the local passes for the odd prime factors `primes` (smallest first): those
// of at most `largest` combined into as few radices within it as first fit, largest primes first,
// finds (3^4 5^2 7 within 15: 15, 15, 9, 7), the larger primes alone; largest first.
std::vector<std::size_t> odd_radices(const std::vector<std::size_t>& primes, std::size_t largest);

// The radices of the local passes of a sub-transform of r points: its twos split into radices of up
// to 16 (`sixteens`) or 8, large ones first, as a cost model of the passes (factorization.cpp)
// finds cheapest for sub-transforms of at most `max_threads` work-items (2^7: 16, 8; 2^11: 8, 8, 8,
// 4; 2^14 with 1024 work-items: 16, 16, 8, 8); then the odd radices (odd_radices), of up to
// largest_wide_odd_radix where `wide_odd`, else largest_odd_radix.
std::vector<std::size_t> local_radices(std::size_t r, bool sixteens, std::size_t max_threads, bool wide_odd);

// Whether wide odd radices split a sub-transform of r points otherwise than the others do.
bool wide_odd_radices_differ(std::size_t r);

} // namespace rtcg::detail::fft
