#include "shared_library.hpp"

#include <dlfcn.h>

namespace rtcg::cuda {

SharedLibrary::SharedLibrary(const std::string& path) : handle_(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    if (!handle_) {
        const char* reason = dlerror();
        error_ = reason ? reason : path + ": dlopen failed without saying why";
    }
}

SharedLibrary::~SharedLibrary() {
    if (handle_) dlclose(handle_);
}

void* SharedLibrary::address_of(const char* name) const {
    return handle_ ? dlsym(handle_, name) : nullptr;
}

} // namespace rtcg::cuda
