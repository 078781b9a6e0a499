#include <rtcg/arrays/range.hpp>
#include <rtcg/core/error.hpp>

#include <limits>
#include <string>

namespace rtcg {

std::size_t Range::size() const {
    if (step == 0) throw InvalidArgument("Range: the step is 0");
    const bool up = step > 0;
    if (up ? stop <= start : start <= stop) return 0;
    // Differences in uint64 arithmetic stay exact for every pair of 64-bit values.
    const std::uint64_t span = up ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start)
                                  : static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
    const std::uint64_t stride = up ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
    const std::uint64_t count = span / stride + (span % stride != 0);
    if (count > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        throw InvalidArgument("Range{" + std::to_string(start) + ", " + std::to_string(stop) + ", " +
                              std::to_string(step) + "} covers " + std::to_string(count) +
                              " indices, more than a kernel's 64-bit signed index counts");
    return static_cast<std::size_t>(count);
}

} // namespace rtcg
