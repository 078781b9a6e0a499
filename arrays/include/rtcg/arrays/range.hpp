#pragma once
/// \file
/// The index set an ElementwiseKernel call covers when it should not cover whole arrays: Python's
/// range(start, stop, step), so negative steps walk backwards:
///
/// \code
///   Range{0, n, 2}        -> 0, 2, 4, ... below n
///   Range{n - 1, -1, -1}  -> n - 1, n - 2, ..., 0
/// \endcode
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>

namespace rtcg {

/// Indices start, start + step, ... up to stop (excluded), as Python's range: what an
/// ElementwiseKernel or ReductionKernel call runs over instead of whole arrays.
struct Range {
    std::int64_t start = 0; ///< the first index
    std::int64_t stop = 0; ///< the end, excluded
    std::int64_t step = 1; ///< the step, negative to count down; not 0

    /// How many indices: max(0, ceil((stop - start) / step)), computed without overflow.
    /// InvalidArgument when step is 0, or for more than 2^63 - 1 indices, which a kernel's index
    /// (rtcg_index_t, 64-bit signed) cannot count.
    RTCG_API std::size_t size() const;
    /// The k-th index, start + k * step.
    std::int64_t at(std::size_t k) const noexcept {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) + k * static_cast<std::uint64_t>(step));
    }
};

} // namespace rtcg
