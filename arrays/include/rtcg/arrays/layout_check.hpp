#pragma once
/// \file
/// Checks that a device lays a struct DType out exactly as the host does, before kernels share
/// data of that type with the host (as arguments or in buffers):
///
/// \code
///   DType particle = declare_struct<Particle>("particle", {"position", "weights", "id"});
///   verify_layout(ctx, particle);   // throws InvalidArgument naming any field that differs
/// \endcode
///
/// The check runs a small probe kernel (rtcg/codegen/layout_probe.hpp) on the device; the kernel
/// classes call it before they first build a kernel that uses a struct.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

namespace rtcg {

/// Verifies on `context`'s device that `type`, and each struct inside it, has the host's size,
/// alignment, and field offsets and sizes. A difference throws InvalidArgument naming the struct,
/// the field and both values. Each (device, layout) pair is probed once per process; later calls,
/// from any thread, only look the outcome up. Types other than structs need no check.
RTCG_API void verify_layout(const Context& context, const codegen::DType& type);

} // namespace rtcg
