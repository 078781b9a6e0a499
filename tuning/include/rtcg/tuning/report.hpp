#pragma once
/// \file
/// What a tuning run tried: every variant evaluated, with its configuration, what became of it
/// and its time, as a table and as CSV.
#include <rtcg/core/export.hpp>
#include <rtcg/tuning/configuration.hpp>

#include <cstddef>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace rtcg::tuning {

/// What became of one variant.
enum class VariantStatus {
    timed,          ///< correct; time_ms is its median time per launch
    compile_failed, ///< the generated source did not compile (message: the error's first line)
    too_large,      ///< the kernel cannot run the block the generator asked for on this device
    launch_failed,  ///< a launch or the check threw
    wrong_result,   ///< the check found a result that differs from the reference
};

/// The status's name, as in the CSV report.
RTCG_API const char* to_string(VariantStatus status) noexcept;

/// One evaluated variant.
struct VariantRecord {
    Configuration configuration; ///< the variant's parameters
    VariantStatus status = VariantStatus::timed; ///< timed, or why not
    double time_ms = std::numeric_limits<double>::quiet_NaN(); ///< timed variants only
    std::string message;                                         ///< why it was skipped
};

/// Every variant a tuning run evaluated, with its outcome.
struct RTCG_API TuningReport {
    std::vector<std::string> parameter_names; ///< the space's parameter names, in order
    std::vector<VariantRecord> variants; ///< in the order they were evaluated
    std::size_t pruned = 0;              ///< combinations the constraints ruled out

    /// One header line "<parameters...>,status,time_ms,message", then one line per variant.
    /// Fields holding a comma, quote or line break are quoted as RFC 4180 says.
    std::string to_csv() const;
    /// Writes to_csv() to `path`; Error when the file cannot be written.
    void write_csv(const std::filesystem::path& path) const;
};

} // namespace rtcg::tuning
