#include "child_process.hpp"

#include <rtcg/core/error.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace rtcg::bench {
namespace {

constexpr const char* where = "rtcg-bench child process";

std::string system_error(const std::string& call, int error) { return call + ": " + std::strerror(error); }

// Closes its descriptor when it goes, on every path.
class Descriptor {
public:
    explicit Descriptor(int fd = -1) noexcept : fd_(fd) {}
    ~Descriptor() { reset(); }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const noexcept { return fd_; }
    void reset() noexcept {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    int fd_;
};

std::vector<std::string> merged_environment(const std::vector<std::pair<std::string, std::string>>& overrides) {
    std::vector<std::string> merged;
    for (char** entry = environ; *entry; ++entry) {
        const std::string_view text(*entry);
        const std::string_view name = text.substr(0, text.find('='));
        bool replaced = false;
        for (const auto& [override_name, value] : overrides) replaced |= name == override_name;
        if (!replaced) merged.emplace_back(text);
    }
    for (const auto& [name, value] : overrides) merged.push_back(name + "=" + value);
    return merged;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> result;
    for (std::string& s : strings) result.push_back(s.data());
    result.push_back(nullptr);
    return result;
}

int wait_for(pid_t child) {
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR) throw Error(system_error("waitpid", errno), where);
    return status;
}

} // namespace

std::string run_self(const std::vector<std::string>& arguments,
                     const std::vector<std::pair<std::string, std::string>>& environment,
                     std::chrono::seconds limit) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw Error(system_error("pipe2", errno), where);
    Descriptor read_end(ends[0]), write_end(ends[1]);

    posix_spawn_file_actions_t actions;
    if (const int error = posix_spawn_file_actions_init(&actions))
        throw Error(system_error("posix_spawn_file_actions_init", error), where);
    if (const int error = posix_spawn_file_actions_adddup2(&actions, write_end.get(), STDOUT_FILENO)) {
        posix_spawn_file_actions_destroy(&actions);
        throw Error(system_error("posix_spawn_file_actions_adddup2", error), where);
    }

    std::vector<std::string> argv_strings{"/proc/self/exe"};
    argv_strings.insert(argv_strings.end(), arguments.begin(), arguments.end());
    std::vector<std::string> env_strings = merged_environment(environment);
    std::vector<char*> argv = pointers(argv_strings), envp = pointers(env_strings);

    pid_t child = 0;
    const int spawned = posix_spawn(&child, "/proc/self/exe", &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) throw Error(system_error("posix_spawn /proc/self/exe", spawned), where);
    write_end.reset(); // so that the read end sees end-of-file when the child exits

    std::string output;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        pollfd watched{read_end.get(), POLLIN, 0};
        const int ready = left.count() > 0 ? ::poll(&watched, 1, static_cast<int>(left.count())) : 0;
        if (ready < 0 && errno == EINTR) continue;
        ssize_t got = 0;
        if (ready > 0) {
            char buffer[4096];
            got = ::read(read_end.get(), buffer, sizeof buffer);
            if (got < 0 && errno == EINTR) continue;
            if (got > 0) output.append(buffer, static_cast<std::size_t>(got));
        }
        if (ready <= 0 || got < 0) {
            const std::string failure = ready == 0 ? "the child ran past " + std::to_string(limit.count()) +
                                                         " s and was killed"
                                                   : system_error(ready < 0 ? "poll" : "read", errno);
            ::kill(child, SIGKILL);
            wait_for(child);
            throw Error(failure, where);
        }
        if (got == 0) break;
    }
    const int status = wait_for(child);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw Error("the child " + (WIFEXITED(status) ? "exited with " + std::to_string(WEXITSTATUS(status))
                                                      : "died of signal " + std::to_string(WTERMSIG(status))),
                    where);
    return output;
}

} // namespace rtcg::bench
