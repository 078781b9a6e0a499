#include "header_directory.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <cstdlib>
#include <fstream>
#include <system_error>

namespace rtcg::opencl {
namespace {

constexpr const char* where = "CompileOptions::headers";

std::filesystem::path make_private_directory() {
    std::error_code error;
    const auto base = std::filesystem::temp_directory_path(error);
    if (error) throw BackendError("no temporary directory for the headers: " + error.message(), where);
    std::string pattern = (base / "rtcg-headers-XXXXXX").string();
    // OpenCL build options are split at blanks, so the directory's path must have none.
    if (pattern.find_first_of(" \t\n") != std::string::npos)
        throw BackendError("the temporary directory '" + base.string() +
                               "' has blanks in its path, which OpenCL build options cannot carry; set TMPDIR",
                           where);
    if (!mkdtemp(pattern.data()))
        throw BackendError("could not create a directory for the headers under " + base.string() + ": " +
                               std::generic_category().message(errno),
                           where);
    return pattern;
}

} // namespace

HeaderDirectory::HeaderDirectory(const std::vector<std::pair<std::string, std::string>>& headers) {
    if (headers.empty()) return;
    directory_ = make_private_directory();
    try {
        for (const auto& [name, contents] : headers) {
            const auto path = directory_ / name;
            std::error_code error;
            std::filesystem::create_directories(path.parent_path(), error);
            std::ofstream file(path, std::ios::binary);
            file.write(contents.data(), static_cast<std::streamsize>(contents.size()));
            file.close();
            if (error || !file) throw BackendError("could not write the header '" + name + "' to " + path.string(), where);
        }
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove_all(directory_, ignored);
        throw;
    }
}

HeaderDirectory::~HeaderDirectory() {
    if (directory_.empty()) return;
    std::error_code error;
    std::filesystem::remove_all(directory_, error);
    if (error) plugin::logger().warn("could not remove the header directory {}: {}", directory_.string(), error.message());
}

std::string HeaderDirectory::option() const { return directory_.empty() ? std::string() : " -I " + directory_.string(); }

} // namespace rtcg::opencl
