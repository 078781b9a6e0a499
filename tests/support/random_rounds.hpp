#pragma once
// How many rounds a test of random cases runs: `full`, or a quarter of it (at least one) where
// RTCG_TEST_QUICK is set to anything but 0, as the sanitizer test preset sets it
// (CMakePresets.json). That run looks for memory errors, which every code path reaches in a few
// rounds, at several times the cost of each; the breadth of random shapes is the normal run's.
#include <algorithm>
#include <cstdlib>

namespace rtcg::test {

inline int random_rounds(int full) {
    const char* quick = std::getenv("RTCG_TEST_QUICK");
    return quick && *quick && *quick != '0' ? std::max(1, (full + 3) / 4) : full;
}

} // namespace rtcg::test
