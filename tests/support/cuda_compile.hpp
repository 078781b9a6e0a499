#pragma once
// NVRTC without a device: generated CUDA source is compiled to a cubin on every machine that has
// the toolkit, so the CUDA dialect is checked even where no GPU is.
#include <rtcg/codegen/dialect.hpp>

#include <string_view>

namespace rtcg::test {

// True when NVRTC is usable here (the CUDA plug-in and the toolkit are installed).
bool nvrtc_available();

// Compiles complete CUDA source (prelude included) for sm_90; throws rtcg::CompileError with the
// log when it does not compile. Does nothing when NVRTC is not available.
void compile_for_cuda(std::string_view cuda_source);

// Compiles the CUDA source that `generated` (an ElementwiseKernel, ReductionKernel, ScanKernel or
// expression) writes, as compile_for_cuda does.
template <class Generated>
void compiles_for_cuda(const Generated& generated) {
    compile_for_cuda(generated.source(codegen::Dialect::cuda));
}

} // namespace rtcg::test
