#pragma once
// File access for the disk cache that reports every failure as a value, never as an exception:
// a cache entry that cannot be read or written (a directory in its place, a permission, a full
// disk, a cache directory that is a file) only costs a recompile.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rtcg::detail {

struct FileContents {
    enum class Status { read, absent, unreadable };
    Status status = Status::absent;
    std::vector<std::byte> bytes; // when read
    std::string why;              // when unreadable
};

// The whole of `file` when it is a regular file of at most `size_limit` bytes; absent when
// nothing exists at that path (nor at a directory on the way to it).
FileContents read_whole_file(const std::filesystem::path& file, std::size_t size_limit) noexcept;

// Writes `bytes` to a new temporary file beside `file`, then renames it over `file`, so that no
// reader ever sees part of it (rename is atomic on POSIX). Returns why it failed, after removing
// the temporary file, or nullopt once `file` holds the bytes. Not synced to the disk: a crash
// may leave a torn file, which the entry's checksum reveals.
std::optional<std::string> replace_file(const std::filesystem::path& file, std::span<const std::byte> bytes) noexcept;

} // namespace rtcg::detail
