#include "jit_input_type.hpp"

#include <elf.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace rtcg::cuda {
namespace {

// The ELF machine number of CUDA cubins; older <elf.h> files lack EM_CUDA.
constexpr std::uint16_t cuda_machine = 190;
// The first word of a fatbin (little-endian), as fatbinary_section.h defines it.
constexpr std::uint32_t fatbin_magic = 0xBA55ED50u;

bool starts_with(std::span<const std::byte> binary, std::string_view prefix) {
    return binary.size() >= prefix.size() && std::memcmp(binary.data(), prefix.data(), prefix.size()) == 0;
}

// PTX is text: every byte printable or white space, but for a terminating NUL.
bool is_ptx(std::span<const std::byte> binary) {
    if (!binary.empty() && binary.back() == std::byte{0}) binary = binary.first(binary.size() - 1);
    const std::string_view text(reinterpret_cast<const char*>(binary.data()), binary.size());
    const bool printable = std::all_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 || byte == '\n' || byte == '\r' || byte == '\t';
    });
    return printable && text.find(".version") != std::string_view::npos;
}

} // namespace

std::optional<CUjitInputType> jit_input_type(std::span<const std::byte> binary) {
    if (starts_with(binary, std::string_view(ELFMAG, SELFMAG))) {
        Elf64_Ehdr header;
        if (binary.size() < sizeof header) return std::nullopt;
        std::memcpy(&header, binary.data(), sizeof header);
        return header.e_machine == cuda_machine ? CU_JIT_INPUT_CUBIN : CU_JIT_INPUT_OBJECT;
    }
    if (binary.size() >= sizeof fatbin_magic) {
        std::uint32_t word = 0;
        std::memcpy(&word, binary.data(), sizeof word);
        if (word == fatbin_magic) return CU_JIT_INPUT_FATBINARY;
    }
    if (starts_with(binary, "!<arch>\n")) return CU_JIT_INPUT_LIBRARY;
    if (is_ptx(binary)) return CU_JIT_INPUT_PTX;
    return std::nullopt;
}

} // namespace rtcg::cuda
