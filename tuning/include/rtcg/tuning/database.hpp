#pragma once
/// \file
/// The tuning database: the best configuration found for a kernel on a device and a class of
/// problem sizes, kept on disk so that later runs use it without timing anything.
///
/// One small JSON file per key, which a person can read and edit (members other than the entry's
/// own are ignored), under `<compile cache directory>/tuning/` by default (RTCG_CACHE_DIR;
/// off with RTCG_NO_CACHE=1, like the compile cache). A file is written whole to a temporary
/// name and renamed into place, so concurrent processes never see a partial file and the last
/// writer wins. A file that is damaged, truncated or written for another key is ignored with a
/// warning, and replaced by the next tuning run.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace rtcg::tuning {

/// What a tuning result is kept under: the device's identity, the kernel and the size class.
struct RTCG_API TuningKey {
    /// The device's identity: a driver update or another device is another key.
    ///@{
    std::string backend;
    std::string platform;
    std::string device;
    std::string architecture;
    std::string driver;
    ///@}
    /// The generator and its version: change it when the generated code changes meaning.
    std::string kernel;
    /// Problem sizes that share a best configuration (see size_class.hpp).
    std::string size_class;

    /// The key of `kernel` and `size_class` on `device`.
    static TuningKey of(const DeviceInfo& device, std::string kernel, std::string size_class);
    /// Equal when every field is.
    friend bool operator==(const TuningKey&, const TuningKey&) = default;
};

/// A stored result: the best configuration and its time.
struct TuningEntry {
    std::string configuration; ///< Configuration::to_string()
    double time_ms = 0;        ///< its time when it was tuned
};

/// Tuning results on disk, one small text file per key (see database.hpp).
class RTCG_API TuningDatabase {
public:
    /// The database in `directory`, created when the first entry is stored.
    explicit TuningDatabase(std::filesystem::path directory);
    /// `<compile cache directory>/tuning`, or nullopt when the disk cache is off.
    static std::optional<TuningDatabase> default_location();

    /// The directory the entries are in.
    const std::filesystem::path& directory() const noexcept { return directory_; }
    /// The file that holds `key`'s entry.
    std::filesystem::path path_of(const TuningKey& key) const;

    /// nullopt when there is no entry, or (with a warning) when the file is unusable.
    std::optional<TuningEntry> find(const TuningKey& key) const;
    /// Creates the directory when needed; InvalidArgument for a time that is not finite, Error
    /// when the entry cannot be written.
    void store(const TuningKey& key, const TuningEntry& entry) const;

private:
    std::filesystem::path directory_;
};

} // namespace rtcg::tuning
