#pragma once
// Which elements an array over memory from elsewhere reaches, where the strides, extents and
// offset are a caller's and their products may overflow.
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace rtcg::detail {

// The lowest and one past the highest element offset, from element `offset`, that an array of
// `shape` with `strides` (in elements, same length) reaches; the shape has no extent 0.
// InvalidArgument, naming `where`, when a product or sum overflows.
std::pair<std::ptrdiff_t, std::ptrdiff_t> checked_reach(std::string_view where, const std::vector<std::size_t>& shape,
                                                        const std::vector<std::ptrdiff_t>& strides, std::size_t offset);

} // namespace rtcg::detail
