#pragma once
// Checks that a device lays a struct DType out exactly as the host does, before kernels share
// data of that type with the host (as arguments or in buffers):
//
//   DType particle = declare_struct<Particle>("particle", {"position", "weights", "id"});
//   verify_layout(ctx, particle);   // throws InvalidArgument naming any field that differs
//
// The check runs a small probe kernel on the device, so it is the one part of codegen that needs
// a device; generators call it before they first build a kernel that uses a struct.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <string>

namespace rtcg::codegen {

// Verifies on `context`'s device that `type`, and each struct inside it, has the host's size,
// alignment, and field offsets and sizes. A difference throws InvalidArgument naming the struct,
// the field and both values. Each (device, layout) pair is probed once per process; later calls,
// from any thread, only look the outcome up. Types other than structs need no check.
RTCG_API void verify_layout(const Context& context, const DType& type);

// The probe kernel verify_layout runs, with the struct declarations for `dialect` first and
// without the prelude: for compiling it where it cannot run (NVRTC without a GPU). With complex
// fields, it needs the prelude's complex support (PreludeOptions::complex). InvalidArgument for a
// type that is not a struct.
RTCG_API std::string layout_probe_source(const DType& type, Dialect dialect);

} // namespace rtcg::codegen
