#include <rtcg/core/error.hpp>

#include <utility>

namespace rtcg {
namespace {

// How much of a cut message's end survives: enough for what follows a long list ("..., got 1").
constexpr std::size_t kept_tail = 2 * 1024;

// A cut must not split a UTF-8 sequence: back up over continuation bytes.
std::size_t character_boundary(const std::string& text, std::size_t at) {
    while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
    return at;
}

// `text` itself when it fits in `limit` characters; else its head and its tail around a note of
// how many characters were cut.
std::string bounded(std::string text, std::size_t limit = Error::message_limit) {
    if (text.size() <= limit) return text;
    // The note is at most this long, whatever the count.
    constexpr std::size_t note_room = 64;
    const std::size_t tail_start = character_boundary(text, text.size() - kept_tail);
    const std::size_t head_end = character_boundary(text, limit - note_room - (text.size() - tail_start));
    const std::size_t cut = tail_start - head_end;
    return text.substr(0, head_end) + "\n[... " + std::to_string(cut) + " characters cut ...]\n" +
           text.substr(tail_start);
}

// "rtcg: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (2): asked for 96 GiB"
std::string compose(const std::string& why, const std::string& where, const std::optional<long long>& code,
                    const std::string& code_name) {
    std::string text = "rtcg: ";
    if (!where.empty()) text += where + ": ";
    if (code) {
        text += (code_name.empty() ? std::string("error") : code_name) + " (" + std::to_string(*code) + ")";
        if (!why.empty()) text += ": ";
    }
    text += why;
    return bounded(std::move(text));
}

// The lines of a build log that a CompileError's message shows; build_log() keeps them all.
constexpr std::size_t shown_log_lines = 40;
constexpr std::size_t shown_log_chars = 8 * 1024;

// The log's first lines, within both limits, and how many lines were left out.
std::string log_head(const std::string& log) {
    std::size_t end = 0, lines = 0;
    while (end < log.size() && lines < shown_log_lines) {
        const std::size_t next = log.find('\n', end);
        const std::size_t line_end = next == std::string::npos ? log.size() : next + 1;
        if (line_end > shown_log_chars && lines > 0) break;
        end = line_end;
        ++lines;
    }
    if (end >= log.size()) return log;
    std::size_t left = 0;
    for (std::size_t at = end; at < log.size(); ++left) {
        const std::size_t next = log.find('\n', at);
        at = next == std::string::npos ? log.size() : next + 1;
    }
    return bounded(log.substr(0, end), shown_log_chars) + "[... " + std::to_string(left) +
           " more lines of the log: CompileError::build_log() has them all]\n";
}

std::string compile_message(const std::string& why, const std::string& build_log, const std::string& excerpt) {
    std::string text = why + "\n--- build log ---\n" + log_head(build_log);
    if (!excerpt.empty()) text += "\n--- source lines ---\n" + excerpt;
    return text;
}

} // namespace

Error::Error(std::string why, std::string where, std::optional<long long> code, std::string code_name)
    : std::runtime_error(compose(why, where, code, code_name)), why_(bounded(std::move(why))),
      where_(std::move(where)), code_(code), code_name_(std::move(code_name)) {}

CompileError::CompileError(std::string why, std::string where, std::string build_log, std::string source_excerpt,
                           std::optional<long long> code, std::string code_name)
    : Error(compile_message(why, build_log, source_excerpt), std::move(where), code, std::move(code_name)),
      build_log_(std::move(build_log)), source_excerpt_(std::move(source_excerpt)) {}

} // namespace rtcg
