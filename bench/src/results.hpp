#pragma once
// Where measurements go: one readable table row on standard output as each one is taken, and
// one CSV line (system,case,dtype,n,time_ms,bytes,gbps) in the CSV file, or on standard output
// after the table when no file was named. Peers (peers.py) write the same columns.
#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

namespace rtcg::bench {

struct Measurement {
    std::string case_name;  // "lin_comb", "launch_kernel", ...
    std::string dtype;      // numpy's name, or "-" where no element type applies
    std::size_t n = 0;      // elements (1 for launch and compile cases)
    double time_ms = 0;     // median time of one repetition
    double bytes = 0;       // bytes one repetition must move at least; 0 where bandwidth means nothing
};

class Results {
public:
    // Throws Error when `csv_path` cannot be written.
    Results(std::string system, const std::string& csv_path);
    ~Results();
    Results(const Results&) = delete;
    Results& operator=(const Results&) = delete;

    void add(const Measurement& measurement);
    // A case or size that was not measured, with the reason (standard error, not the CSV).
    void skip(const std::string& what, const std::string& why) const;

private:
    std::string csv_line(const Measurement& measurement) const;

    std::string system_;
    std::ofstream csv_file_;
    std::vector<std::string> held_lines_; // when no CSV file: printed after the table
};

} // namespace rtcg::bench
