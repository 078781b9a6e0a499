// The tuning report as text and as CSV. The CSV is written here (quoting as RFC 4180 does) rather
// than by a library: writing is a dozen lines, and rtcg never reads CSV back.
#include <rtcg/core/error.hpp>
#include <rtcg/tuning/report.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>

namespace rtcg::tuning {
namespace {

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string milliseconds(double ms) {
    if (std::isnan(ms)) return {};
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", ms);
    return text;
}

} // namespace

const char* to_string(VariantStatus status) noexcept {
    switch (status) {
    case VariantStatus::timed: return "timed";
    case VariantStatus::compile_failed: return "compile_failed";
    case VariantStatus::too_large: return "too_large";
    case VariantStatus::launch_failed: return "launch_failed";
    case VariantStatus::wrong_result: return "wrong_result";
    }
    return "unknown";
}

std::string TuningReport::to_csv() const {
    std::string csv;
    for (const auto& name : parameter_names) csv += csv_field(name) + ',';
    csv += "status,time_ms,message\n";
    for (const auto& variant : variants) {
        for (const auto& name : parameter_names) csv += csv_field(to_string(variant.configuration.value(name))) + ',';
        csv += std::string(to_string(variant.status)) + ',' + milliseconds(variant.time_ms) + ',' +
               csv_field(variant.message) + '\n';
    }
    return csv;
}

void TuningReport::write_csv(const std::filesystem::path& path) const {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    const std::string csv = to_csv();
    file.write(csv.data(), static_cast<std::streamsize>(csv.size()));
    file.close();
    if (!file) throw Error("cannot write " + path.string(), "tuning::TuningReport::write_csv");
}

} // namespace rtcg::tuning
