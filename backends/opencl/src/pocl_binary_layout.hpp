#pragma once
// A check of PoCL's program binaries before they reach PoCL. PoCL reads its binaries without
// bounds checks and asserts on what it does not expect, so a binary with a part missing aborts
// the process inside clCreateProgramWithBinary or clBuildProgram rather than failing with a
// status code. PoCL itself hands out such binaries (see pocl_cache_directory.hpp), and a disk cache
// could hold one from before rtcg checked; this walk over the layout PoCL writes (lib/CL/
// pocl_binary.c, formats 9 to 12: PoCL 3.1 to 6) turns them into a BackendError instead.
#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace rtcg::opencl {

// Why PoCL could not load `binary`: a part of its layout reaches past its end, a file in it is
// empty where PoCL requires content, its program.bc is missing. Nullopt when the layout is whole,
// when the binary is not PoCL's, or when it is in a PoCL format this check does not know (PoCL
// then has the only say).
std::optional<std::string> pocl_binary_defect(std::span<const std::byte> binary);

// Whether `binary` is of a kind PoCL reads as a program binary: its own (the magic "poclbin") or
// LLVM bitcode (SPIR), plain or wrapped. PoCL reads anything else as its own header, past the end
// of a short binary, so anything else must not reach it.
bool pocl_reads_as_binary(std::span<const std::byte> binary);

} // namespace rtcg::opencl
