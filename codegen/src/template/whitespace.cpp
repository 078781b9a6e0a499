#include "whitespace.hpp"

#include <algorithm>

namespace rtcg::codegen::templating {
namespace {

constexpr std::string_view blanks = " \t\r\v\f";
constexpr std::string_view whitespace = " \t\r\n\v\f";

// The template as lines: text without newlines, newlines, and tags (a tag that spans several
// lines counts as part of the line it starts on).
struct LineItem {
    enum class Kind { text, newline, tag } kind;
    std::size_t begin = 0; // text and newline: the characters
    std::size_t end = 0;
    const Tag* tag = nullptr;
    bool dropped = false;
};

std::vector<LineItem> split_into_line_items(std::string_view text, const std::vector<Segment>& segments) {
    std::vector<LineItem> items;
    for (const auto& segment : segments) {
        if (const auto* tag = std::get_if<Tag>(&segment)) {
            items.push_back({LineItem::Kind::tag, 0, 0, tag});
            continue;
        }
        const auto [begin, end] = std::get<TextSegment>(segment);
        const std::string_view up_to_end = text.substr(0, end); // so that no search runs past the segment
        std::size_t line_begin = begin;
        for (std::size_t newline = up_to_end.find('\n', begin); newline != std::string_view::npos;
             newline = up_to_end.find('\n', line_begin)) {
            if (newline > line_begin) items.push_back({LineItem::Kind::text, line_begin, newline});
            items.push_back({LineItem::Kind::newline, newline, newline + 1});
            line_begin = newline + 1;
        }
        if (end > line_begin) items.push_back({LineItem::Kind::text, line_begin, end});
    }
    return items;
}

// A line with block tags or comments and otherwise only blanks goes, newline included.
void drop_tag_only_lines(std::string_view text, std::vector<LineItem>& items) {
    std::size_t line_begin = 0;
    while (line_begin < items.size()) {
        std::size_t line_end = line_begin;
        bool has_block_tag = false;
        bool has_content = false;
        for (; line_end < items.size() && items[line_end].kind != LineItem::Kind::newline; ++line_end) {
            const LineItem& item = items[line_end];
            if (item.kind == LineItem::Kind::tag) {
                (item.tag->kind == Tag::Kind::output ? has_content : has_block_tag) = true;
            } else if (text.substr(item.begin, item.end - item.begin).find_first_not_of(blanks) !=
                       std::string_view::npos) {
                has_content = true;
            }
        }
        if (has_block_tag && !has_content) {
            const std::size_t last = std::min(line_end + 1, items.size()); // the newline, if there is one
            for (std::size_t i = line_begin; i < last; ++i) items[i].dropped = items[i].kind != LineItem::Kind::tag;
        }
        line_begin = line_end + 1;
    }
}

// Texts between tags (possibly empty), and the tags, comments included.
std::vector<Piece> join_texts(std::string_view text, const std::vector<LineItem>& items) {
    std::vector<Piece> pieces;
    for (const LineItem& item : items) {
        if (item.dropped) continue;
        if (item.kind == LineItem::Kind::tag) {
            pieces.emplace_back(*item.tag);
            continue;
        }
        if (pieces.empty() || !std::holds_alternative<TextPiece>(pieces.back()))
            pieces.emplace_back(TextPiece{std::string(), item.begin});
        std::get<TextPiece>(pieces.back()).text += text.substr(item.begin, item.end - item.begin);
    }
    return pieces;
}

void strip_at_markers(std::vector<Piece>& pieces) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const auto* tag = std::get_if<Tag>(&pieces[i]);
        if (tag == nullptr) continue;
        if (tag->strip_before && i > 0) {
            if (auto* before = std::get_if<TextPiece>(&pieces[i - 1])) {
                const std::size_t last = before->text.find_last_not_of(whitespace);
                before->text.erase(last == std::string::npos ? 0 : last + 1);
            }
        }
        if (tag->strip_after && i + 1 < pieces.size()) {
            if (auto* after = std::get_if<TextPiece>(&pieces[i + 1])) {
                const std::size_t first = std::min(after->text.find_first_not_of(whitespace), after->text.size());
                after->text.erase(0, first);
                after->offset += first;
            }
        }
    }
}

std::vector<Piece> without_comments(std::vector<Piece> pieces) {
    std::vector<Piece> kept;
    for (auto& piece : pieces) {
        if (const auto* tag = std::get_if<Tag>(&piece)) {
            if (tag->kind != Tag::Kind::comment) kept.push_back(*tag);
            continue;
        }
        auto& text_piece = std::get<TextPiece>(piece);
        if (text_piece.text.empty()) continue;
        if (!kept.empty() && std::holds_alternative<TextPiece>(kept.back())) {
            std::get<TextPiece>(kept.back()).text += text_piece.text;
        } else {
            kept.emplace_back(std::move(text_piece));
        }
    }
    return kept;
}

} // namespace

std::vector<Piece> apply_whitespace_rules(std::string_view text, const std::vector<Segment>& segments) {
    // Whole lines go first and the '-' markers strip what is left, as in Jinja: "a\n{%- if %}\nb"
    // gives "ab".
    auto items = split_into_line_items(text, segments);
    drop_tag_only_lines(text, items);
    auto pieces = join_texts(text, items);
    strip_at_markers(pieces);
    return without_comments(std::move(pieces));
}

} // namespace rtcg::codegen::templating
