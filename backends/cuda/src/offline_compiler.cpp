#include "offline_compiler.hpp"

#include "architecture.hpp"
#include "nvrtc_compile.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::cuda {
namespace {

class NvrtcOfflineCompiler final : public plugin::OfflineCompiler {
public:
    NvrtcOfflineCompiler(const NvrtcApi& nvrtc, int architecture) : nvrtc_(nvrtc), target_{architecture, true} {}

    std::string identity() const override { return "nvrtc " + nvrtc_.version + " " + target_.name(); }

    plugin::CompiledBinary compile(const plugin::CompileRequest& request) override {
        return compile_with_nvrtc(nvrtc_, request, target_);
    }

private:
    const NvrtcApi& nvrtc_;
    const NvrtcTarget target_;
};

std::vector<std::string> target_names(const NvrtcApi& nvrtc) {
    std::vector<std::string> names;
    for (const int architecture : nvrtc.supported_architectures) names.push_back(real_architecture_name(architecture));
    return names;
}

} // namespace

std::vector<std::string> offline_targets() {
    const NvrtcApi* nvrtc = find_nvrtc();
    return nvrtc ? target_names(*nvrtc) : std::vector<std::string>{};
}

std::unique_ptr<plugin::OfflineCompiler> make_offline_compiler(std::string_view target) {
    const NvrtcApi& nvrtc = nvrtc_api();
    const auto& supported = nvrtc.supported_architectures;
    const auto known = std::find_if(supported.begin(), supported.end(),
                                    [&](int architecture) { return real_architecture_name(architecture) == target; });
    if (known == supported.end()) {
        std::string valid;
        for (const auto& name : target_names(nvrtc)) valid += (valid.empty() ? "" : ", ") + name;
        throw InvalidArgument("'" + std::string(target) + "' is not a CUDA target NVRTC " + nvrtc.version +
                                  " compiles for; the valid targets are " + valid,
                              "Backend::offline_compiler");
    }
    return std::make_unique<NvrtcOfflineCompiler>(nvrtc, *known);
}

} // namespace rtcg::cuda
