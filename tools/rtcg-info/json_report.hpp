#pragma once
// rtcg-info --json: what rtcg-info prints, as one JSON object for scripts.
#include <rtcg/core.hpp>

#include <vector>

namespace rtcg_info {

// Prints the version, the compile cache (directory, entries, bytes, limit) and every backend with
// its devices to standard output.
void print_json(const std::vector<rtcg::BackendReport>& reports);

} // namespace rtcg_info
