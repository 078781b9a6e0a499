#pragma once
// The quick run: RTCG_TEST_QUICK set to anything but 0, as the sanitizer test preset sets it
// (CMakePresets.json). That run looks for memory errors, which every code path reaches in a few
// rounds and at small sizes, at several times the cost of each; the breadth of random shapes and
// the largest sizes are the normal run's.
#include <algorithm>
#include <cstdlib>

namespace rtcg::test {

inline bool quick_run() {
    const char* quick = std::getenv("RTCG_TEST_QUICK");
    return quick && *quick && *quick != '0';
}

// How many rounds a test of random cases runs: `full`, or a quarter of it (at least one) in the
// quick run.
inline int random_rounds(int full) { return quick_run() ? std::max(1, (full + 3) / 4) : full; }

} // namespace rtcg::test
