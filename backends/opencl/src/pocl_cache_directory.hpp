#pragma once
// PoCL's kernel cache, one directory per running process.
//
// PoCL keeps the programs it builds in a kernel cache directory (POCL_CACHE_DIR, by default
// $XDG_CACHE_HOME/pocl/kcache) that every process of the user shares, and that directory is not
// safe for concurrent builds of one program: a build deletes the program's program.bc and writes
// it anew (PoCL 3.1 and 5.0, pocl_write_file), so a process building the same program at that
// moment finds no program.bc. Its build then fails, or PoCL aborts on an assertion, or, reading
// its binary, it gets one without program.bc, on which every later load aborts. The disk cache
// refuses such binaries (program_build.cpp checks them), but only a directory of its own keeps
// a process out of the race.
//
// PoCL reads POCL_CACHE_DIR once, when it first initialises its devices. Unless the user has set
// it, the plug-in sets it around its first device enumeration, to
//  - one of the numbered directories <rtcg cache>/pocl/<n>, each owned by whichever process holds
//    an exclusive lock (flock) on <n>.lock; the process keeps the lock until it ends, and the
//    kernel drops it even when the process crashes. Kept from run to run, PoCL's cache stays
//    warm: the work-group functions PoCL compiles when a kernel first runs (rtcg's disk cache
//    holds only the program) are reused by the next process instead of compiled again by each;
//  - else (no rtcg disk cache, no lock to be had) a new temporary directory, removed at exit.
// The variable is restored once PoCL has read it, so that child processes choose their own.
#include <string>

namespace rtcg::opencl {

// POCL_CACHE_DIR names this process's PoCL kernel cache while the object lives, unless the user
// set it. Construct it, under the plug-in's enumeration lock, around the first OpenCL calls.
// setenv is not safe against other threads' getenv at that moment; this runs once per process,
// when the first OpenCL context is made.
class PoclCacheDirectoryScope {
public:
    PoclCacheDirectoryScope();
    ~PoclCacheDirectoryScope();
    PoclCacheDirectoryScope(const PoclCacheDirectoryScope&) = delete;
    PoclCacheDirectoryScope& operator=(const PoclCacheDirectoryScope&) = delete;

private:
    std::string value_; // what this object set POCL_CACHE_DIR to; empty when it left it alone
};

} // namespace rtcg::opencl
