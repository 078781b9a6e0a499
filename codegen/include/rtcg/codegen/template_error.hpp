#pragma once
/// \file
/// The error for a template (or a keyword-substitution text) that cannot be parsed or rendered. It
/// says where: the template's name, the line and column, and the offending line with a caret
/// under the column, because generated kernels are long and "syntax error" alone helps nobody.
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace rtcg::codegen {

/// A template that does not parse or render: what() shows the problem, the template's line and
/// a caret under the column.
class RTCG_API TemplateError : public Error {
public:
    /// `problem`: what is wrong ("unknown variable 'n'"); `where`: the operation
    /// ("codegen::Template"); `source`: the whole template text; `offset`: the byte in `source`
    /// the problem is at.
    TemplateError(std::string problem, std::string where, std::string template_name, std::string_view source,
                  std::size_t offset);

    /// What is wrong, without the location.
    const std::string& problem() const noexcept { return problem_; }
    /// The template's name, as given to Template.
    const std::string& template_name() const noexcept { return template_name_; }
    /// 1-based; the column counts characters (UTF-8 code points), not bytes.
    ///@{
    std::size_t line() const noexcept { return line_; }
    std::size_t column() const noexcept { return column_; }
    ///@}

private:
    struct Location {
        std::size_t line;
        std::size_t column;
        std::string excerpt; ///< the line, then a caret under the column
    };
    TemplateError(std::string problem, std::string where, std::string template_name, Location location);
    static Location locate(std::string_view source, std::size_t offset);

    std::string problem_;
    std::string template_name_;
    std::size_t line_;
    std::size_t column_;
};

} // namespace rtcg::codegen
