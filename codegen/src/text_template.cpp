#include "text_template.hpp"

#include <algorithm>
#include <stdexcept>

namespace rtcg::codegen::detail {

std::string expand(std::string_view pattern, std::initializer_list<Placeholder> placeholders) {
    std::string text;
    text.reserve(pattern.size() * 2);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '$') {
            text += pattern[i];
            continue;
        }
        const char key = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        const auto found = std::find_if(placeholders.begin(), placeholders.end(),
                                        [key](const Placeholder& placeholder) { return placeholder.key == key; });
        if (found == placeholders.end())
            throw std::logic_error(std::string("rtcg codegen: no value for placeholder $") + key);
        text += found->value;
        ++i;
    }
    return text;
}

} // namespace rtcg::codegen::detail
