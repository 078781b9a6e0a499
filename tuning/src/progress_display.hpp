#pragma once
// The tuner's progress on stderr: on a terminal, one line redrawn in place (a bar, the variants
// done and the best so far); elsewhere (CI logs) only a line when tuning starts and one when it
// ends, so logs stay short.
#include <rtcg/tuning/tuner.hpp>

#include <cstddef>
#include <string>

namespace rtcg::tuning::detail {

class ProgressDisplay {
public:
    // `title`: what is tuned, e.g. "matmul/v3 [large] on NVIDIA H100".
    ProgressDisplay(Progress mode, std::string title, std::size_t planned);

    // `best`: "<time> ms <configuration>", empty while nothing has been timed.
    void update(std::size_t done, const std::string& best);
    void finish(const std::string& summary);

private:
    void print_line(const std::string& text) const;

    bool enabled_;
    bool live_;
    std::string title_;
    std::size_t planned_;
};

} // namespace rtcg::tuning::detail
