#pragma once
// Modules of several translation units: each source compiled by NVRTC as relocatable device code,
// then linked with the binary units by the driver's linker (cuLinkCreate ... cuLinkComplete) into
// one cubin for the context's device.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

namespace rtcg::cuda {

// The linked cubin of `request`'s units, for the device of `context` (of `architecture`, 10 *
// major + minor), and the compilers' and linker's messages. Throws CompileError naming the source
// unit that failed to compile, InvalidArgument for a binary unit the linker does not take (naming
// it, with the linker's log), LinkError with the linker's log when the units do not link.
plugin::CompiledBinary link_units(const CudaContext& context, const plugin::LinkRequest& request, int architecture);

} // namespace rtcg::cuda
