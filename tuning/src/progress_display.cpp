#include "progress_display.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace rtcg::tuning::detail {
namespace {

constexpr std::size_t bar_width = 24;
constexpr std::size_t line_width = 118; // fits a 120-column terminal without wrapping

} // namespace

ProgressDisplay::ProgressDisplay(Progress mode, std::string title, std::size_t planned)
    : enabled_(mode != Progress::off), live_(enabled_ && ::isatty(::fileno(stderr)) == 1), title_(std::move(title)),
      planned_(planned) {
    if (enabled_ && !live_)
        print_line("tuning " + title_ + ": up to " + std::to_string(planned_) + " variants\n");
}

void ProgressDisplay::update(std::size_t done, const std::string& best) {
    if (!live_) return;
    const std::size_t filled = planned_ == 0 ? bar_width : std::min(bar_width, done * bar_width / planned_);
    std::string line = "\r\x1b[2K" + title_ + " [" + std::string(filled, '#') + std::string(bar_width - filled, '.') +
                       "] " + std::to_string(done) + "/" + std::to_string(planned_);
    if (!best.empty()) line += "  best " + best;
    // \r and the erase sequence take 5 columns that do not show.
    if (line.size() > line_width + 5) line.resize(line_width + 5);
    print_line(line);
}

void ProgressDisplay::finish(const std::string& summary) {
    if (!enabled_) return;
    print_line((live_ ? "\r\x1b[2K" : "") + std::string("tuned ") + title_ + ": " + summary + "\n");
}

void ProgressDisplay::print_line(const std::string& text) const {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
}

} // namespace rtcg::tuning::detail
