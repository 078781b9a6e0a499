#include <rtcg/tuning/size_class.hpp>

#include <bit>

namespace rtcg::tuning {

std::string power_of_two_class(std::initializer_list<std::uint64_t> extents) {
    std::string text;
    for (const std::uint64_t extent : extents) {
        if (!text.empty()) text += 'x';
        text += std::to_string(extent == 0 ? 0 : std::bit_ceil(extent));
    }
    return text;
}

} // namespace rtcg::tuning
