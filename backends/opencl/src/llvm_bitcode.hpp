#pragma once
// A check of LLVM bitcode's framing before a driver parses it. NVIDIA's OpenCL driver keeps its
// compiled objects and libraries as LLVM bitcode and aborts the process (an unchecked LLVM error)
// when clCreateProgramWithBinary or clLinkProgram meets a unit that is not whole bitcode: PTX,
// bytes of no format, an object cut short. The check walks the bitstream's top-level blocks, each
// of which states its length, so that a unit that is no bitcode or is cut short is refused with a
// reason instead.
#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace rtcg::opencl {

// Whether `bytes` begin as LLVM bitcode does, raw or in LLVM's wrapper.
bool looks_like_bitcode(std::span<const std::byte> bytes);

// Why `bytes` are not whole LLVM bitcode (raw, magic "BC" 0xC0DE, or in LLVM's wrapper): the
// magic missing, a length that is no whole number of 32-bit words, something other than a block at
// the top level, a block reaching past the end, no module block, no string table where the
// module's version needs one. Nullopt when every top-level block fits exactly and these are there
// (damage inside a block is the driver's to find).
std::optional<std::string> bitcode_defect(std::span<const std::byte> bytes);

} // namespace rtcg::opencl
