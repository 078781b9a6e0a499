#include "source.hpp"

#include <rtcg/codegen/template_error.hpp>

#include <algorithm>
#include <utility>

namespace rtcg::codegen::templating {

void TemplateSource::fail(std::size_t offset, std::string problem) const {
    throw TemplateError(std::move(problem), "codegen::Template", name, text, offset);
}

std::size_t TemplateSource::line_of(std::size_t offset) const {
    const auto end = text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size()));
    return static_cast<std::size_t>(std::count(text.begin(), end, '\n')) + 1;
}

} // namespace rtcg::codegen::templating
