#include "module_image.hpp"

#include <rtcg/core/error.hpp>

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <string>

namespace rtcg::cuda {
namespace {

// Whether [offset, offset + length) lies within `size` bytes, without overflowing.
bool within(std::uint64_t offset, std::uint64_t length, std::size_t size) {
    return offset <= size && length <= size - offset;
}

bool starts_like_elf(std::span<const std::byte> bytes) {
    return bytes.size() >= SELFMAG && std::memcmp(bytes.data(), ELFMAG, SELFMAG) == 0;
}

// Whether every part of the ELF file the loader reads lies within the bytes. Cubins are 64-bit
// ELF; headers are copied out because the bytes need not be aligned for them.
bool is_whole_elf64(std::span<const std::byte> bytes) {
    Elf64_Ehdr header;
    if (bytes.size() < sizeof header) return false;
    std::memcpy(&header, bytes.data(), sizeof header);
    if (header.e_ident[EI_CLASS] != ELFCLASS64) return false;
    if (header.e_phnum > 0 &&
        (header.e_phentsize != sizeof(Elf64_Phdr) ||
         !within(header.e_phoff, std::uint64_t{header.e_phnum} * header.e_phentsize, bytes.size())))
        return false;
    if (header.e_shnum == 0) return true;
    if (header.e_shentsize != sizeof(Elf64_Shdr) ||
        !within(header.e_shoff, std::uint64_t{header.e_shnum} * header.e_shentsize, bytes.size()))
        return false;
    for (std::uint16_t index = 0; index < header.e_shnum; ++index) {
        Elf64_Shdr section;
        std::memcpy(&section, bytes.data() + header.e_shoff + std::uint64_t{index} * sizeof section, sizeof section);
        if (section.sh_type != SHT_NOBITS && !within(section.sh_offset, section.sh_size, bytes.size())) return false;
    }
    return true;
}

} // namespace

ModuleImage::ModuleImage(std::span<const std::byte> bytes) : cubin_(starts_like_elf(bytes)) {
    if (cubin_ && !is_whole_elf64(bytes))
        throw BackendError("the " + std::to_string(bytes.size()) +
                               "-byte cubin is truncated or corrupt: its ELF headers reach past its end",
                           "Context::load");
    if (cubin_ || (!bytes.empty() && bytes.back() == std::byte{0})) {
        data_ = bytes.data();
    } else {
        terminated_ptx_.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        data_ = terminated_ptx_.c_str();
    }
}

} // namespace rtcg::cuda
