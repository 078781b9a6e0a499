#pragma once
// The number of elements of a shape, for tests that build host references.
#include <cstddef>
#include <vector>

namespace rtcg::test {

inline std::size_t element_count(const std::vector<std::size_t>& shape) {
    std::size_t n = 1;
    for (const std::size_t extent : shape) n *= extent;
    return n;
}

} // namespace rtcg::test
