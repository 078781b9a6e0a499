#pragma once
// What kind of input to the driver's linker a binary is, told from its first bytes: cuLinkAddData
// must be told, and guessing wrong gives an unhelpful CUDA_ERROR_INVALID_IMAGE.
#include <cuda.h>

#include <cstddef>
#include <optional>
#include <span>

namespace rtcg::cuda {

// CU_JIT_INPUT_CUBIN for an ELF file of the CUDA machine, CU_JIT_INPUT_OBJECT for another ELF
// file (a host object with device code embedded, nvcc -dc), CU_JIT_INPUT_FATBINARY for a fatbin,
// CU_JIT_INPUT_LIBRARY for an ar archive, CU_JIT_INPUT_PTX for text that holds a .version
// directive; nullopt for anything else.
std::optional<CUjitInputType> jit_input_type(std::span<const std::byte> binary);

} // namespace rtcg::cuda
