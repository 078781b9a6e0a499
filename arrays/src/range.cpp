#include <rtcg/arrays/range.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg {

std::size_t Range::size() const {
    if (step == 0) throw InvalidArgument("Range: the step is 0");
    const bool up = step > 0;
    if (up ? stop <= start : start <= stop) return 0;
    // Differences in uint64 arithmetic stay exact for every pair of 64-bit values.
    const std::uint64_t span = up ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start)
                                  : static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
    const std::uint64_t stride = up ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
    return static_cast<std::size_t>(span / stride + (span % stride != 0));
}

} // namespace rtcg
