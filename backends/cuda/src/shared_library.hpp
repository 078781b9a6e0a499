#pragma once
// A library opened with dlopen: how the plug-in reaches libcuda and NVRTC without linking them.
#include <bit>
#include <string>

namespace rtcg::cuda {

class SharedLibrary {
public:
    // dlopen(path) with every symbol bound now. Check is_open(); error() says why it failed.
    explicit SharedLibrary(const std::string& path);
    // dlclose, unless keep_loaded() was called.
    ~SharedLibrary();
    SharedLibrary(const SharedLibrary&) = delete;
    SharedLibrary& operator=(const SharedLibrary&) = delete;

    bool is_open() const noexcept { return handle_ != nullptr; }
    const std::string& error() const noexcept { return error_; }

    // The symbol `name` as a pointer to function of type `FunctionPointer`, or null when the
    // library has no such symbol. The caller vouches for the type.
    template <class FunctionPointer>
    FunctionPointer symbol(const char* name) const {
        return std::bit_cast<FunctionPointer>(address_of(name));
    }

    // Leaves the library loaded for the rest of the process.
    void keep_loaded() noexcept { handle_ = nullptr; }

private:
    void* address_of(const char* name) const;

    void* handle_ = nullptr;
    std::string error_;
};

} // namespace rtcg::cuda
