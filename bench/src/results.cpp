#include "results.hpp"

#include <rtcg/core/error.hpp>

#include <cstdio>

namespace rtcg::bench {
namespace {

constexpr const char* csv_header = "system,case,dtype,n,time_ms,bytes,gbps";

double gigabytes_per_second(const Measurement& m) { return m.time_ms > 0 ? m.bytes / (m.time_ms * 1e6) : 0; }

} // namespace

Results::Results(std::string system, const std::string& csv_path) : system_(std::move(system)) {
    if (!csv_path.empty()) {
        csv_file_.open(csv_path, std::ios::out | std::ios::trunc);
        if (!csv_file_) throw Error("cannot write the CSV file '" + csv_path + "'", "rtcg-bench --csv");
        csv_file_ << csv_header << '\n' << std::flush;
    }
    std::printf("%-22s %-8s %11s %14s %10s\n", "case", "dtype", "n", "time", "GB/s");
    std::fflush(stdout);
}

Results::~Results() {
    if (csv_file_.is_open() || held_lines_.empty()) return;
    std::printf("\n%s\n", csv_header);
    for (const std::string& line : held_lines_) std::printf("%s\n", line.c_str());
}

void Results::add(const Measurement& m) {
    // Microseconds below a millisecond keep small times readable.
    const bool micro = m.time_ms < 1.0;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f %s", micro ? m.time_ms * 1e3 : m.time_ms, micro ? "us" : "ms");
    char bandwidth[32] = "-";
    if (m.bytes > 0) std::snprintf(bandwidth, sizeof bandwidth, "%.1f", gigabytes_per_second(m));
    std::printf("%-22s %-8s %11zu %14s %10s\n", m.case_name.c_str(), m.dtype.c_str(), m.n, time, bandwidth);
    std::fflush(stdout);

    if (csv_file_.is_open()) {
        // Flushed line by line, so that a run cut short by a timeout keeps what it measured.
        csv_file_ << csv_line(m) << '\n' << std::flush;
        if (!csv_file_) throw Error("writing the CSV file failed", "rtcg-bench --csv");
    } else {
        held_lines_.push_back(csv_line(m));
    }
}

void Results::skip(const std::string& what, const std::string& why) const {
    std::fprintf(stderr, "skipped: %s: %s\n", what.c_str(), why.c_str());
}

std::string Results::csv_line(const Measurement& m) const {
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "%zu,%.6g,%.0f,%.4g", m.n, m.time_ms, m.bytes, gigabytes_per_second(m));
    return system_ + "," + m.case_name + "," + m.dtype + "," + numbers;
}

} // namespace rtcg::bench
