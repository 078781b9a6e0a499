#pragma once
// Test helpers that point rtcg's environment somewhere for one test and restore it after.
#include <stdlib.h>

#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <vector>

namespace rtcg::test {

// Sets an environment variable (or unsets it, given nullopt) for one scope.
class ScopedEnvironment {
public:
    ScopedEnvironment(const char* name, const std::optional<std::string>& value) : name_(name) {
        if (const char* old = std::getenv(name)) previous_ = old;
        if (value) ::setenv(name, value->c_str(), 1);
        else ::unsetenv(name);
    }
    ~ScopedEnvironment() {
        if (previous_) ::setenv(name_, previous_->c_str(), 1);
        else ::unsetenv(name_);
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    const char* name_;
    std::optional<std::string> previous_;
};

// Points RTCG_CACHE_DIR at a fresh directory for one test and restores the old value after.
class ScopedCacheDirectory {
public:
    ScopedCacheDirectory() {
        const char* old = std::getenv("RTCG_CACHE_DIR");
        if (old) previous_ = old;
        std::random_device random;
        path_ = std::filesystem::temp_directory_path() / ("rtcg-cache-test-" + std::to_string(random()));
        std::filesystem::remove_all(path_);
        ::setenv("RTCG_CACHE_DIR", path_.c_str(), 1);
    }
    ~ScopedCacheDirectory() {
        if (previous_.empty()) ::unsetenv("RTCG_CACHE_DIR");
        else ::setenv("RTCG_CACHE_DIR", previous_.c_str(), 1);
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path& path() const { return path_; }

    // The entries' files (<key>.bin), not the lock file that pruning takes.
    std::vector<std::filesystem::path> entries() const {
        std::vector<std::filesystem::path> files;
        if (!std::filesystem::exists(path_)) return files;
        for (const auto& e : std::filesystem::recursive_directory_iterator(path_))
            if (e.is_regular_file() && e.path().extension() == ".bin") files.push_back(e.path());
        return files;
    }

private:
    std::filesystem::path path_;
    std::string previous_;
};

} // namespace rtcg::test
