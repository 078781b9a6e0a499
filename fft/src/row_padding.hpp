#pragma once
// The length of a pass's rows in local memory (PassShape::row), padded where its choice says so
// (PassChoice::padded): a model of the bank conflicts of the group's accesses picks the padding.
#include "pass_source.hpp"

#include <cstddef>

namespace rtcg::detail::fft {

// The elements a row of `points` points takes in local memory: one more after every 16 points
// (FFT_SLOT in block/local_pass.rtcg), which spreads the local passes' accesses over the banks.
std::size_t skewed_row(std::size_t points);

// The elements of each row of a pass of `shape` (its points, radices, work-items and group set)
// whose local memory holds `element_bytes` a point: skewed_row(points), and where `padded` and the
// group has several rows, that rounded up to a multiple of 16 plus the padding, from 1 to less
// than a turn of the banks, whose accesses to the rows the model finds fewest wavefronts for (the
// least padding of those). `contiguous` as for make_pass_shape: a pass that moves its points
// along the rows, not across them.
std::size_t row_length(const PassShape& shape, std::size_t element_bytes, bool padded, bool contiguous);

} // namespace rtcg::detail::fft
