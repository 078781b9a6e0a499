#include "pocl_cache_directory.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <system_error>

namespace rtcg::opencl {
namespace {

constexpr const char* pocl_cache_variable = "POCL_CACHE_DIR";
// More processes than this at once on one rtcg cache fall back to temporary directories.
constexpr int max_numbered_directories = 64;

// The first numbered directory under `root` whose lock no other process holds, locked for the
// rest of this process's life; nullopt when none can be had (an unwritable cache, a file system
// without locks, every one taken).
std::optional<std::filesystem::path> lock_numbered_directory(const std::filesystem::path& root) {
    std::error_code error;
    std::filesystem::create_directories(root, error);
    if (error) return std::nullopt;
    for (int number = 0; number < max_numbered_directories; ++number) {
        const auto lock_file = root / (std::to_string(number) + ".lock");
        const int fd = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0) return std::nullopt;
        // The descriptor stays open, and the lock held, until the process ends.
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return root / std::to_string(number);
        const int why = errno;
        ::close(fd);
        if (why != EWOULDBLOCK) return std::nullopt;
    }
    return std::nullopt;
}

// A new directory under the system's temporary directory, removed when the process exits (by
// the process that made it: a forked child's exit leaves it alone).
class TemporaryDirectory {
public:
    TemporaryDirectory() {
        std::error_code error;
        const auto parent = std::filesystem::temp_directory_path(error);
        if (error) return;
        std::string pattern = (parent / "rtcg-pocl-XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        if (path_ && ::getpid() == owner_) std::filesystem::remove_all(*path_, ignored);
    }
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

    const std::optional<std::filesystem::path>& path() const noexcept { return path_; }

private:
    std::optional<std::filesystem::path> path_;
    pid_t owner_ = ::getpid();
};

std::optional<std::filesystem::path> choose_directory() {
    try {
        if (const auto cache = compile_cache_directory())
            if (auto numbered = lock_numbered_directory(*cache / "pocl")) return numbered;
    } catch (const std::exception& e) {
        plugin::logger().debug("no PoCL kernel cache directory in the compile cache: {}", e.what());
    }
    static const TemporaryDirectory temporary;
    return temporary.path();
}

// Chosen once per process: the lock, once taken, is this process's for good.
const std::optional<std::filesystem::path>& this_process_directory() {
    static const std::optional<std::filesystem::path> directory = choose_directory();
    return directory;
}

} // namespace

PoclCacheDirectoryScope::PoclCacheDirectoryScope() {
    // Empty counts as unset: PoCL would abort on an empty path.
    if (const char* set = std::getenv(pocl_cache_variable); set && *set) return;
    const auto& directory = this_process_directory();
    if (!directory) {
        plugin::logger().debug("no directory of its own for PoCL's kernel cache; PoCL keeps its default");
        return;
    }
    if (::setenv(pocl_cache_variable, directory->c_str(), 1) != 0) return;
    value_ = directory->string();
    plugin::logger().debug("PoCL's kernel cache for this process: {}", value_);
}

PoclCacheDirectoryScope::~PoclCacheDirectoryScope() {
    if (value_.empty()) return;
    if (const char* now = std::getenv(pocl_cache_variable); now && value_ == now) ::unsetenv(pocl_cache_variable);
}

} // namespace rtcg::opencl
