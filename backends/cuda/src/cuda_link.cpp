#include "cuda_link.hpp"

#include "jit_input_type.hpp"
#include "nvrtc_compile.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rtcg::cuda {
namespace {

constexpr std::size_t log_bytes = 16384;

// A pending link, destroyed when it goes out of scope. The driver writes its logs into buffers
// named at creation as long as the link lives, and the sizes it wrote back into the option values,
// so both stay here.
class Linker {
public:
    Linker(const DriverApi& api, bool debug) : api_(api) {
        // Each buffer is offered one byte less than it has, so that its last byte stays NUL.
        options_ = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER,
                    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_GENERATE_DEBUG_INFO};
        values_ = {error_log_.data(), reinterpret_cast<void*>(std::uintptr_t{log_bytes - 1}), info_log_.data(),
                   reinterpret_cast<void*>(std::uintptr_t{log_bytes - 1}),
                   reinterpret_cast<void*>(std::uintptr_t{debug ? 1u : 0u})};
        check(api_.cuLinkCreate(static_cast<unsigned>(options_.size()), options_.data(), values_.data(), &state_),
              "cuLinkCreate");
    }
    ~Linker() { succeeded_or_warn(api_.cuLinkDestroy(state_), "cuLinkDestroy"); }
    Linker(const Linker&) = delete;
    Linker& operator=(const Linker&) = delete;

    CUresult add(CUjitInputType type, std::span<const std::byte> data, const std::string& name) {
        // The driver reads but does not write the input; its signature predates const.
        return api_.cuLinkAddData(state_, type, const_cast<std::byte*>(data.data()), data.size(), name.c_str(), 0,
                                  nullptr, nullptr);
    }

    // The linked cubin, copied out of the link's memory, which cuLinkDestroy frees.
    CUresult complete(std::vector<std::byte>& cubin) {
        void* data = nullptr;
        std::size_t size = 0;
        const CUresult result = api_.cuLinkComplete(state_, &data, &size);
        if (result == CUDA_SUCCESS) {
            const auto* bytes = static_cast<const std::byte*>(data);
            cubin.assign(bytes, bytes + size);
        }
        return result;
    }

    std::string error_log() const { return error_log_.data(); }
    std::string info_log() const { return info_log_.data(); }

private:
    const DriverApi& api_;
    CUlinkState state_ = nullptr;
    std::array<char, log_bytes> error_log_{};
    std::array<char, log_bytes> info_log_{};
    std::array<CUjit_option, 5> options_{};
    std::array<void*, 5> values_{};
};

const char* input_name(CUjitInputType type) {
    switch (type) {
    case CU_JIT_INPUT_CUBIN: return "cubin";
    case CU_JIT_INPUT_PTX: return "PTX";
    case CU_JIT_INPUT_FATBINARY: return "fatbin";
    case CU_JIT_INPUT_OBJECT: return "host object";
    case CU_JIT_INPUT_LIBRARY: return "library";
    default: return "input";
    }
}

std::string with_log(std::string what, const std::string& log) {
    return log.empty() ? what : what + " (the linker's log: " + log + ")";
}

} // namespace

plugin::CompiledBinary link_units(const CudaContext& context, const plugin::LinkRequest& request, int architecture) {
    const std::size_t count = request.units.size();
    const auto which = [&](std::size_t index) {
        return "unit " + std::to_string(index) + " of " + std::to_string(count);
    };
    // NVRTC is needed only for source units: binary units alone link without it.
    const NvrtcApi* nvrtc = nullptr;
    std::optional<NvrtcTarget> target;
    std::string log;

    context.make_current();
    Linker linker(context.api(), request.debug);
    for (std::size_t index = 0; index < count; ++index) {
        const auto& unit = request.units[index];
        const std::string name = "unit" + std::to_string(index);
        if (unit.is_binary()) {
            const auto type = jit_input_type(unit.binary);
            if (!type)
                throw InvalidArgument(which(index) + " is no cubin, PTX, fatbin, host object or library, the binaries "
                                                     "CUDA's linker takes",
                                      "Module::link");
            // The driver reads PTX up to its NUL, whatever size it is given.
            std::vector<std::byte> terminated;
            if (*type == CU_JIT_INPUT_PTX && unit.binary.back() != std::byte{0}) {
                terminated.reserve(unit.binary.size() + 1);
                terminated.assign(unit.binary.begin(), unit.binary.end());
                terminated.push_back(std::byte{0});
            }
            const CUresult added = linker.add(*type, terminated.empty() ? unit.binary : terminated, name);
            if (added == CUDA_ERROR_OUT_OF_MEMORY) throw_driver_error(added, "cuLinkAddData", which(index));
            if (added != CUDA_SUCCESS)
                throw InvalidArgument(with_log(which(index) + ", a " + input_name(*type) +
                                                   ", was refused by the driver's linker for " + context.device().name,
                                               linker.error_log()),
                                      "cuLinkAddData", static_cast<long long>(added), driver_error_name(added));
            continue;
        }
        if (!nvrtc) {
            nvrtc = &nvrtc_api();
            target = target_for_device(*nvrtc, architecture);
        }
        plugin::CompiledBinary object;
        try {
            object = compile_with_nvrtc(*nvrtc, unit.request, *target, CodeKind::relocatable);
        } catch (const CompileError& error) {
            throw plugin::link_unit_error(error, index, count);
        }
        if (!object.log.empty()) log += which(index) + ":\n" + object.log + "\n";
        const CUresult added = linker.add(target->cubin ? CU_JIT_INPUT_CUBIN : CU_JIT_INPUT_PTX, object.bytes, name);
        if (added != CUDA_SUCCESS)
            throw_driver_error(added, "cuLinkAddData",
                               with_log("adding " + which(index) + ", compiled by NVRTC", linker.error_log()));
    }

    plugin::CompiledBinary linked;
    const CUresult completed = linker.complete(linked.bytes);
    if (completed == CUDA_ERROR_OUT_OF_MEMORY) throw_driver_error(completed, "cuLinkComplete");
    if (completed != CUDA_SUCCESS)
        throw LinkError(
            "the driver's linker could not link the " + std::to_string(count) + " units for " + context.device().name,
            "cuLinkComplete", linker.error_log(), {}, static_cast<long long>(completed), driver_error_name(completed));
    if (const auto info = linker.info_log(); !info.empty()) log += "link:\n" + info;
    linked.log = std::move(log);
    plugin::logger().debug("the driver linked {} units into a {}-byte cubin", count, linked.bytes.size());
    return linked;
}

} // namespace rtcg::cuda
