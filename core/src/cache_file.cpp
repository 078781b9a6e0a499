#include "cache_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <functional>
#include <random>
#include <system_error>
#include <thread>

namespace rtcg::detail {
namespace {

std::string describe(int error) { return std::generic_category().message(error); }

// "out of memory" fits in std::string's inline buffer, so reporting it allocates nothing.
constexpr const char* out_of_memory = "out of memory";

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    int get() const noexcept { return fd_; }
    // Closes now and returns close()'s errno, or 0: some file systems (NFS) report failed writes
    // only there.
    int close() noexcept {
        const int result = ::close(fd_);
        fd_ = -1;
        return result == 0 ? 0 : errno;
    }

private:
    int fd_;
};

// A file created under a name of its own, removed again unless kept.
class TemporaryFile {
public:
    explicit TemporaryFile(std::filesystem::path path)
        : path_(std::move(path)), fd_(::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)) {}
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    ~TemporaryFile() {
        if (!kept_ && fd_.get() >= 0) ::unlink(path_.c_str());
    }
    const std::filesystem::path& path() const noexcept { return path_; }
    FileDescriptor& descriptor() noexcept { return fd_; }
    void keep() noexcept { kept_ = true; }

private:
    std::filesystem::path path_;
    FileDescriptor fd_;
    bool kept_ = false;
};

std::uint64_t seed_for_this_thread() {
    const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    return std::hash<std::thread::id>{}(std::this_thread::get_id()) ^ static_cast<std::uint64_t>(::getpid()) << 32 ^
           now;
}

// Beside `file`, so that the rename stays within one file system. The pid and a per-thread
// random number keep writers apart (even two processes with one pid, in containers that share
// the cache); O_EXCL makes a collision fail rather than share a file.
std::filesystem::path temporary_name_for(const std::filesystem::path& file) {
    thread_local std::mt19937_64 random(seed_for_this_thread());
    return file.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(random());
}

FileContents unreadable(std::string why) {
    FileContents contents;
    contents.status = FileContents::Status::unreadable;
    contents.why = std::move(why);
    return contents;
}

} // namespace

FileContents read_whole_file(const std::filesystem::path& file, std::size_t size_limit) noexcept {
    try {
        // O_NONBLOCK: a FIFO in the entry's place must not hang the open; regular files ignore it.
        FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
        if (fd.get() < 0) {
            const int error = errno;
            if (error == ENOENT || error == ENOTDIR) return {};
            return unreadable("it cannot be opened: " + describe(error));
        }
        struct stat info {};
        if (::fstat(fd.get(), &info) != 0) return unreadable("it cannot be examined: " + describe(errno));
        if (S_ISDIR(info.st_mode)) return unreadable("it is a directory");
        if (!S_ISREG(info.st_mode)) return unreadable("it is not a regular file");
        const auto size = static_cast<std::uintmax_t>(info.st_size);
        if (size > size_limit)
            return unreadable("it holds " + std::to_string(size) + " bytes, more than the " +
                              std::to_string(size_limit) + " an entry may have");

        FileContents contents;
        contents.bytes.resize(static_cast<std::size_t>(size));
        std::size_t done = 0;
        while (done < contents.bytes.size()) {
            const ssize_t got = ::read(fd.get(), contents.bytes.data() + done, contents.bytes.size() - done);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) return unreadable("reading it failed: " + describe(errno));
            if (got == 0) break; // shorter than fstat said: the entry's own checks report it
            done += static_cast<std::size_t>(got);
        }
        contents.bytes.resize(done);
        contents.status = FileContents::Status::read;
        return contents;
    } catch (const std::bad_alloc&) {
        return unreadable(out_of_memory);
    }
}

std::optional<std::string> replace_file(const std::filesystem::path& file, std::span<const std::byte> bytes) noexcept {
    try {
        TemporaryFile temporary(temporary_name_for(file));
        auto& fd = temporary.descriptor();
        if (fd.get() < 0) return "cannot create " + temporary.path().string() + ": " + describe(errno);
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t written = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
            if (written < 0 && errno == EINTR) continue;
            if (written < 0) return "cannot write " + temporary.path().string() + ": " + describe(errno);
            done += static_cast<std::size_t>(written);
        }
        if (const int error = fd.close()) return "cannot write " + temporary.path().string() + ": " + describe(error);
        if (::rename(temporary.path().c_str(), file.c_str()) != 0)
            return "cannot rename " + temporary.path().string() + " to " + file.string() + ": " + describe(errno);
        temporary.keep();
        return std::nullopt;
    } catch (const std::bad_alloc&) {
        return out_of_memory;
    }
}

} // namespace rtcg::detail
