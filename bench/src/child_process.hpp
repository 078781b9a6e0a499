#pragma once
// Runs this program again as a child process, to measure what only a new process sees (a
// compile served by the disk cache, with empty in-process caches).
#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace rtcg::bench {

// Runs /proc/self/exe with `arguments` and this process's environment plus `environment`
// (NAME, VALUE pairs replacing any present), and returns its standard output; its standard
// error passes through. Throws Error when it cannot start, exits other than with 0, or runs
// past `limit` (it is killed then).
std::string run_self(const std::vector<std::string>& arguments,
                     const std::vector<std::pair<std::string, std::string>>& environment,
                     std::chrono::seconds limit);

} // namespace rtcg::bench
