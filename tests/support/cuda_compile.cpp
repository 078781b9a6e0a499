#include "cuda_compile.hpp"

#include <rtcg/core.hpp>

#include <optional>

namespace rtcg::test {
namespace {

// Hopper, the GPU machine's architecture.
constexpr std::string_view target = "sm_90";

const std::optional<OfflineCompiler>& compiler() {
    static const std::optional<OfflineCompiler> instance = []() -> std::optional<OfflineCompiler> {
        try {
            return OfflineCompiler("cuda", target);
        } catch (const BackendUnavailable&) {
            return std::nullopt;
        }
    }();
    return instance;
}

} // namespace

bool nvrtc_available() { return compiler().has_value(); }

void compile_for_cuda(std::string_view cuda_source) {
    if (compiler()) compiler()->compile(cuda_source);
}

} // namespace rtcg::test
