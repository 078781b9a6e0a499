#include <rtcg/core/error.hpp>

#include <utility>

namespace rtcg {
namespace {

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
    return text;
}

} // namespace

Error::Error(std::string why, std::string where, std::optional<long long> code, std::string code_name)
    : std::runtime_error(compose(why, where, code, code_name)), why_(std::move(why)), where_(std::move(where)),
      code_(code), code_name_(std::move(code_name)) {}

CompileError::CompileError(std::string why, std::string where, std::string build_log, std::string source_excerpt,
                           std::optional<long long> code, std::string code_name)
    : Error(why + "\n--- build log ---\n" + build_log +
                (source_excerpt.empty() ? std::string() : "\n--- source lines ---\n" + source_excerpt),
            std::move(where), code, std::move(code_name)),
      build_log_(std::move(build_log)), source_excerpt_(std::move(source_excerpt)) {}

} // namespace rtcg
