#include "segments.hpp"

#include <string_view>

namespace rtcg::codegen::templating {
namespace {

// The offset just past the string literal whose opening quote is at `quote`. Strings are
// skipped whole so that "}}" or "%}" inside one does not end the tag.
std::size_t skip_string(const TemplateSource& source, std::size_t quote) {
    const std::string_view text = source.text;
    for (std::size_t i = quote + 1; i < text.size(); ++i) {
        if (text[i] == '\\') ++i;
        else if (text[i] == text[quote]) return i + 1;
    }
    source.fail(quote, "string is never closed with " + std::string(1, text[quote]));
}

// The offset of `tag`'s closing delimiter.
std::size_t find_tag_end(const TemplateSource& source, const Tag& tag) {
    const std::string_view text = source.text;
    if (tag.kind == Tag::Kind::comment) {
        const std::size_t end = text.find("#}", tag.inner_begin);
        if (end == std::string_view::npos) source.fail(tag.begin, "comment '{#' is never closed with '#}'");
        return end;
    }
    const std::string_view closer = tag.kind == Tag::Kind::output ? "}}" : "%}";
    std::size_t i = tag.inner_begin;
    while (i < text.size()) {
        if (text[i] == '\'' || text[i] == '"') {
            i = skip_string(source, i);
        } else if (text.compare(i, 2, closer) == 0) {
            return i;
        } else {
            ++i;
        }
    }
    source.fail(tag.begin, "'" + std::string(text.substr(tag.begin, 2)) + "' is never closed with '" +
                               std::string(closer) + "'");
}

} // namespace

std::vector<Segment> split_into_segments(const TemplateSource& source) {
    const std::string_view text = source.text;
    std::vector<Segment> segments;
    std::size_t text_begin = 0;
    std::size_t open = text.find('{');
    while (open != std::string_view::npos && open + 1 < text.size()) {
        Tag tag{};
        switch (text[open + 1]) {
        case '{': tag.kind = Tag::Kind::output; break;
        case '%': tag.kind = Tag::Kind::statement; break;
        case '#': tag.kind = Tag::Kind::comment; break;
        default: open = text.find('{', open + 1); continue;
        }
        tag.begin = open;
        tag.inner_begin = open + 2;
        tag.strip_before = tag.inner_begin < text.size() && text[tag.inner_begin] == '-';
        if (tag.strip_before) ++tag.inner_begin;
        const std::size_t close = find_tag_end(source, tag);
        tag.inner_end = close;
        // In `{{-}}` the one '-' already stripped before; it cannot strip after as well.
        tag.strip_after = tag.inner_end > tag.inner_begin && text[tag.inner_end - 1] == '-';
        if (tag.strip_after) --tag.inner_end;

        if (open > text_begin) segments.emplace_back(TextSegment{text_begin, open});
        segments.emplace_back(tag);
        text_begin = close + 2;
        open = text.find('{', text_begin);
    }
    if (text_begin < text.size()) segments.emplace_back(TextSegment{text_begin, text.size()});
    return segments;
}

} // namespace rtcg::codegen::templating
