#pragma once
// A module image as cuModuleLoadDataEx may safely read it. The driver takes no length: it reads
// a cubin as far as its ELF headers say, and PTX up to a NUL. A truncated or corrupted binary
// (from a damaged compile cache, say) must be refused here, not read past its end there.
#include <cstddef>
#include <span>
#include <string>

namespace rtcg::cuda {

class ModuleImage {
public:
    // Throws BackendError when `bytes` start like a cubin (ELF) but its headers or sections
    // reach past the end. Anything else is taken for PTX text, the driver's to judge.
    explicit ModuleImage(std::span<const std::byte> bytes);
    // data() may point into this object.
    ModuleImage(const ModuleImage&) = delete;
    ModuleImage& operator=(const ModuleImage&) = delete;

    bool is_cubin() const noexcept { return cubin_; }
    // The image as the driver takes it: a whole cubin, or NUL-terminated PTX.
    const void* data() const noexcept { return data_; }

private:
    bool cubin_ = false;
    std::string terminated_ptx_; // a copy with the NUL, for PTX that does not end in one
    const void* data_ = nullptr;
};

} // namespace rtcg::cuda
