#include "parser.hpp"

#include "expression_parser.hpp"
#include "limits.hpp"
#include "whitespace.hpp"

#include <optional>
#include <utility>

namespace rtcg::codegen::templating {
namespace {

// A for or if whose body is being parsed.
struct OpenBlock {
    std::string_view keyword;
    std::size_t offset;
};

// The tag that ended a body: endfor, endif, elif or else, with the rest of its tokens.
struct BlockEnd {
    std::string_view keyword;
    std::size_t offset;
    TokenCursor tokens;
};

struct ParsedBlock {
    Block body;
    std::optional<BlockEnd> end; // none at the end of the template
};

class StatementParser {
public:
    StatementParser(const TemplateSource& source, std::vector<Piece> pieces)
        : source_(source), pieces_(std::move(pieces)) {}

    Block parse_template() { return parse_block(nullptr).body; }
    std::vector<std::string> take_names() { return names_.take_names(); }

private:
    ParsedBlock parse_block(const OpenBlock* open) {
        Block body;
        while (next_piece_ < pieces_.size()) {
            Piece& piece = pieces_[next_piece_++];
            if (auto* text = std::get_if<TextPiece>(&piece)) {
                body.push_back({text->offset, TextStatement{std::move(text->text)}});
                continue;
            }
            const Tag& tag = std::get<Tag>(piece);
            TokenCursor tokens(source_, tokenize(source_, tag.inner_begin, tag.inner_end));
            const std::size_t offset = tokens.peek().offset;
            if (tag.kind == Tag::Kind::output) {
                ExpressionPtr value = parse_expression(tokens, names_, inside_loop());
                tokens.expect_end("the expression");
                body.push_back({offset, OutputStatement{std::move(value)}});
                continue;
            }
            const Token& keyword = tokens.peek();
            if (keyword.kind != Token::Kind::name) tokens.fail_unexpected("a statement (for, if, set, ...)");
            tokens.next();
            if (keyword.text == "for") {
                body.push_back({offset, parse_for(tokens, offset)});
            } else if (keyword.text == "if") {
                body.push_back({offset, parse_if(tokens, offset)});
            } else if (keyword.text == "set") {
                body.push_back({offset, parse_set(tokens)});
            } else if (keyword.text == "endfor" || keyword.text == "endif" || keyword.text == "elif" ||
                       keyword.text == "else") {
                check_closes(keyword, open);
                return {std::move(body), BlockEnd{keyword.text, offset, std::move(tokens)}};
            } else {
                source_.fail(offset, "unknown statement '" + std::string(keyword.text) +
                                         "' (known: for, endfor, if, elif, else, endif, set)");
            }
        }
        if (open != nullptr) {
            source_.fail(open->offset, "'" + std::string(open->keyword) + "' is never closed with 'end" +
                                           std::string(open->keyword) + "'");
        }
        return {std::move(body), std::nullopt};
    }

    // endfor ends a for; endif, elif and else end a branch of an if.
    void check_closes(const Token& keyword, const OpenBlock* open) const {
        const std::string_view wanted = keyword.text == "endfor" ? "for" : "if";
        if (open == nullptr)
            source_.fail(keyword.offset, "'" + std::string(keyword.text) + "' without an open '" + std::string(wanted) + "'");
        if (open->keyword != wanted) {
            source_.fail(keyword.offset, "'" + std::string(keyword.text) + "' where the '" + std::string(open->keyword) +
                                             "' on line " + std::to_string(source_.line_of(open->offset)) +
                                             " needs 'end" + std::string(open->keyword) + "'");
        }
    }

    ParsedBlock parse_body(const OpenBlock& open) {
        if (++depth_ > max_nesting_depth)
            source_.fail(open.offset, "blocks nested too deeply (more than " + std::to_string(max_nesting_depth) + ")");
        ParsedBlock parsed = parse_block(&open);
        --depth_;
        return parsed;
    }

    ForStatement parse_for(TokenCursor& tokens, std::size_t offset) {
        ForStatement loop;
        loop.variable = names_.id_of(tokens.expect_variable_name());
        tokens.expect_keyword("in");
        if (tokens.at_name("range") && tokens.peek(1).kind == Token::Kind::symbol && tokens.peek(1).text == "(") {
            loop.sequence = parse_range(tokens);
        } else {
            loop.sequence = parse_expression(tokens, names_, inside_loop());
        }
        tokens.expect_end("the sequence to loop over");

        ++loop_depth_;
        ParsedBlock parsed = parse_body({"for", offset});
        --loop_depth_;
        parsed.end->tokens.expect_end("'endfor'");
        loop.body = std::move(parsed.body);
        return loop;
    }

    // range(stop), range(start, stop) or range(start, stop, step), as in Python.
    RangeArguments parse_range(TokenCursor& tokens) {
        const std::size_t offset = tokens.next().offset;
        tokens.expect_symbol("(");
        std::vector<ExpressionPtr> arguments;
        while (!tokens.at_symbol(")")) {
            arguments.push_back(parse_expression(tokens, names_, inside_loop()));
            if (!tokens.accept_symbol(",")) break;
        }
        tokens.expect_symbol(")");
        if (arguments.empty() || arguments.size() > 3)
            source_.fail(offset, "range() takes 1 to 3 arguments (stop, start and stop, or start, stop and step), not " +
                                     std::to_string(arguments.size()));
        RangeArguments range;
        if (arguments.size() == 1) {
            range.stop = std::move(arguments[0]);
        } else {
            range.start = std::move(arguments[0]);
            range.stop = std::move(arguments[1]);
            if (arguments.size() == 3) range.step = std::move(arguments[2]);
        }
        return range;
    }

    IfStatement parse_if(TokenCursor& tokens, std::size_t offset) {
        IfStatement choice;
        ExpressionPtr condition = parse_expression(tokens, names_, inside_loop());
        tokens.expect_end("the condition");
        bool seen_else = false;
        while (true) {
            ParsedBlock parsed = parse_body({"if", offset});
            choice.branches.push_back({std::move(condition), std::move(parsed.body)});
            BlockEnd& end = *parsed.end;
            if (end.keyword == "endif") {
                end.tokens.expect_end("'endif'");
                return choice;
            }
            if (seen_else) source_.fail(end.offset, "'" + std::string(end.keyword) + "' after 'else'; expected 'endif'");
            if (end.keyword == "elif") {
                condition = parse_expression(end.tokens, names_, inside_loop());
                end.tokens.expect_end("the condition");
            } else {
                end.tokens.expect_end("'else'");
                seen_else = true;
            }
        }
    }

    SetStatement parse_set(TokenCursor& tokens) {
        SetStatement assignment;
        assignment.name = names_.id_of(tokens.expect_variable_name());
        tokens.expect_symbol("=");
        assignment.value = parse_expression(tokens, names_, inside_loop());
        tokens.expect_end("the value");
        return assignment;
    }

    bool inside_loop() const noexcept { return loop_depth_ > 0; }

    const TemplateSource& source_;
    std::vector<Piece> pieces_;
    std::size_t next_piece_ = 0;
    std::size_t depth_ = 0;
    std::size_t loop_depth_ = 0;
    NameTable names_;
};

} // namespace

std::shared_ptr<const Program> parse_template(std::string text, std::string name) {
    auto program = std::make_shared<Program>();
    program->source = {std::move(text), std::move(name)};
    auto pieces = apply_whitespace_rules(program->source.text, split_into_segments(program->source));
    StatementParser parser(program->source, std::move(pieces));
    program->body = parser.parse_template();
    program->names = parser.take_names();
    return program;
}

} // namespace rtcg::codegen::templating
