#pragma once
// What a program's source includes, for the compile cache's key: the headers of the request's
// header map and the files found in its include directories, each with its contents, so that an
// edit to any of them is a new key (and a recompile) rather than a stale entry.
//
// Found by reading `#include "..."` and `#include <...>` lines, the way the preprocessor would
// look them up: a quoted name first beside the file that includes it, then in the map, then in the
// include directories (-I options) in order. Lines inside inactive #if blocks count too, and a
// name found nowhere (a compiler's own header) counts as missing, so that creating it later in an
// include directory changes the key. An #include of a macro cannot be followed and is left out.
#include <rtcg/core/plugin/backend.hpp>

#include <string>
#include <utility>
#include <vector>

namespace rtcg::detail {

// Each dependency as (where it was found, contents), in the order of first inclusion; "missing"
// names have an empty location.
struct IncludedFile {
    std::string name;     // as the #include line names it
    std::string location; // "map:" + name, a file's path, or empty when found nowhere
    std::string contents;
};

std::vector<IncludedFile> included_files(const plugin::CompileRequest& request);

// The include directories among compiler options: "-Idir", "-I dir", "-I" followed by "dir",
// "--include-path=dir" (NVRTC).
std::vector<std::string> include_directories(const std::vector<std::string>& options);

} // namespace rtcg::detail
