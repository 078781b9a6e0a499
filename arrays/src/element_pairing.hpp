#pragma once
// Two adjacent indices per step for user-written elementwise code (ElementwiseKernel operations,
// ReductionKernel map expressions), so that arrays of 4-byte elements move as 8-byte vectors and
// float64 arrays as 16-byte ones. A GPU moves 4-byte accesses well below its bandwidth, and code
// with much arithmetic per float64 element gains from two elements' loads in flight before it
// runs (bench/NOTES.md, "Elementwise kernels").
//
// The user's code is C that may read any element, so rtcg reads its tokens and pairs only what it
// can prove is touched at the running index alone. An array argument is paired when it points to
// global memory, holds float32, int32, uint32 or float64, and every use of its name is `x[i]` (not
// after '&', '.' or '->'); the array is written when such a use is followed by an assignment or
// '++'/'--', or follows '++'/'--'. Each lane then runs the code with `i` set to its index and each
// paired `x[i]` replaced by a local loaded for it before either lane runs; written arrays are
// stored after both (RTCG_STORE_STREAMING for those never loaded, so that their lines leave the
// L2 before those of arrays still to be read). Every other array is read and
// written in memory as the code says, at the lane's own `i`. Nothing is paired when the code could
// change `i` (assigns it, increments it or takes its address), leaves the kernel (`return`,
// `goto`), holds a preprocessor line, or names a macro the preamble defines (which could hide any
// of these). Lanes that `continue` or `break` end only their own index, as they do in the
// one-index kernel.
//
// Read-only arrays' lane values are const: in CUDA, code that writes one through a reference
// (`void f(float& v)` called with `x[i]`) then fails to compile, and the caller falls back to the
// one-index kernel instead of losing the write.
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// The 2-vector an element type moves as ("float2", "int2", "uint2", "double2"); empty for others.
std::string pair_vector(const codegen::DType& type);

struct PairedArray {
    std::size_t argument = 0; // its position among the arguments
    std::string vector;       // pair_vector of its element type
    bool written = false;
    // Whether its pair is loaded: not when its only use starts the code as `x[i] = ...`, so that
    // the lanes write it before anything could read it.
    bool loaded = true;
};

struct PairedSnippet {
    std::vector<PairedArray> arrays;
    std::string lanes[2]; // the code, each paired x[i] replaced by the lane's value of x
    bool lanes_use_index = true; // whether `i` is left in the lanes' code
};

// nullopt when no array can be paired (see above). With `writes` false (a reduction's map
// expression), arrays the code writes are left unpaired.
std::optional<PairedSnippet> pair_snippet(std::string_view code, std::span<const codegen::Argument> arguments,
                                          std::string_view preamble, bool writes);

// Declarations, before the kernel's loop, of each paired array's pairs from element `start` (an
// expression) on: `rtcg_pairs_x`, a pointer to its 2-vectors. The loop then indexes pairs: pointer
// arithmetic inside the loop costs instructions per element, and NVRTC splits an 8-byte store at
// `x + 2k` in two where it keeps one through a vector pointer.
std::string paired_pointers(const PairedSnippet& snippet, std::span<const codegen::Argument> arguments,
                            std::string_view start);
// Statements for pair `pair` (an expression) of the pointers above: each paired array's lane
// values, split from its pair where it is loaded.
std::string paired_loads(const PairedSnippet& snippet, std::span<const codegen::Argument> arguments,
                         codegen::Dialect dialect, std::string_view pair);
// Statements storing both lanes' values of every paired array the code writes, to pair `pair`.
std::string paired_stores(const PairedSnippet& snippet, std::span<const codegen::Argument> arguments,
                          std::string_view pair);

// Whether a call over `range` (null: every index, from 0) can run paired: its step is 1 and every
// paired array's element at the range's start sits at an even position in its storage, so that
// each pair is 8-byte aligned (buffers themselves are aligned far more).
bool pairs_align(const PairedSnippet& snippet, std::span<const CallArgument> args, const Range* range);

} // namespace rtcg::detail
