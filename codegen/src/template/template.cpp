#include <rtcg/codegen/template.hpp>

#include "parser.hpp"
#include "renderer.hpp"

namespace rtcg::codegen {

Template::Template(std::string_view text, std::string name) : program_(templating::parse_template(std::string(text), std::move(name))) {}

std::string Template::render(const Values& values) const { return templating::render_program(*program_, values); }

const std::string& Template::name() const noexcept { return program_->source.name; }

std::string render(std::string_view text, const Values& values) { return Template(text).render(values); }

} // namespace rtcg::codegen
