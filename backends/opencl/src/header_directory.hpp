#pragma once
// OpenCL 1.2 compiles from source with no way to hand headers over in memory short of
// clCompileProgram and clLinkProgram, which not every driver handles alike. The portable way is
// the one every compiler reads: a private directory holding the headers, named by -I for one
// build and removed after it.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace rtcg::opencl {

class HeaderDirectory {
public:
    // Writes each (name, contents) below a new directory of its own; names were checked by core
    // (relative, no ".."). None: no directory. Throws BackendError when it cannot be written.
    explicit HeaderDirectory(const std::vector<std::pair<std::string, std::string>>& headers);
    ~HeaderDirectory();
    HeaderDirectory(const HeaderDirectory&) = delete;
    HeaderDirectory& operator=(const HeaderDirectory&) = delete;

    // " -I <directory>" to append to the build options, or empty without headers.
    std::string option() const;

private:
    std::filesystem::path directory_;
};

} // namespace rtcg::opencl
