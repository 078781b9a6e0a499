#pragma once
// PoCL's release, read from its platform version, for the workarounds of its releases' defects.
#include <optional>
#include <string_view>

namespace rtcg::opencl {

// The major release in a CL_PLATFORM_VERSION such as "OpenCL 3.0 PoCL 3.1+debian  Linux, ...";
// none where the string names no PoCL release.
std::optional<int> pocl_major_release(std::string_view platform_version);

// Whether PoCL of `platform_version` miscounts the users of a kernel's loaded code when one kernel
// runs on several queues at once. Its CPU drivers take a reference to a launch's loaded work-group
// function when the launch starts and, when it ends, look that function up again by kernel and
// group size alone. A wider launch of the same kernel loads another copy of the function, which the
// second lookup may find instead: a copy's count then falls below its users, and PoCL aborts on an
// assertion or unloads code that still runs. PoCL 7.0 hands the launch its copy instead (its commit
// c9ac4c0c3, "fix dlhandle cache").
bool pocl_miscounts_concurrent_launches(std::string_view platform_version);

} // namespace rtcg::opencl
