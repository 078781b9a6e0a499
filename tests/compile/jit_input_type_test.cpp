// The CUDA plug-in's reading of a binary link unit's kind (backends/cuda/src/jit_input_type.hpp),
// which decides what cuLinkAddData is told: checked here on NVRTC's own relocatable cubins and on
// the first bytes of every other kind, no GPU needed.
#include "jit_input_type.hpp"

#include "../support/link_units.hpp"

#include <rtcg/core.hpp>

#include <doctest/doctest.h>

#include <elf.h>

#include <cstring>
#include <string_view>
#include <vector>

using rtcg::cuda::jit_input_type;

namespace {

std::vector<std::byte> bytes_of(std::string_view text) {
    const auto bytes = std::as_bytes(std::span(text));
    return {bytes.begin(), bytes.end()};
}

// A 64-bit ELF header for `machine` and nothing after it.
std::vector<std::byte> elf_header(std::uint16_t machine) {
    Elf64_Ehdr header{};
    std::memcpy(header.e_ident, ELFMAG, SELFMAG);
    header.e_ident[EI_CLASS] = ELFCLASS64;
    header.e_type = ET_REL;
    header.e_machine = machine;
    std::vector<std::byte> bytes(sizeof header);
    std::memcpy(bytes.data(), &header, sizeof header);
    return bytes;
}

} // namespace

TEST_CASE("NVRTC's relocatable cubin is a cubin unit") {
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    const rtcg::CompileOptions options{.options = {"--relocatable-device-code=true"}, .defines = {{"SCALE", "3"}}};
    CHECK(jit_input_type(compiler.compile(rtcg::test::function_unit(), options).bytes) == CU_JIT_INPUT_CUBIN);
}

TEST_CASE("each kind of link unit is told by its first bytes, and anything else is none") {
    CHECK(jit_input_type(elf_header(190)) == CU_JIT_INPUT_CUBIN);
    CHECK(jit_input_type(elf_header(EM_X86_64)) == CU_JIT_INPUT_OBJECT);
    CHECK(jit_input_type(bytes_of("\x50\xed\x55\xba and the rest of a fatbin")) == CU_JIT_INPUT_FATBINARY);
    CHECK(jit_input_type(bytes_of("!<arch>\nmember")) == CU_JIT_INPUT_LIBRARY);
    CHECK(jit_input_type(bytes_of("//\n.version 7.0\n.target sm_70\n")) == CU_JIT_INPUT_PTX);
    auto terminated = bytes_of(".version 7.0\n");
    terminated.push_back(std::byte{0});
    CHECK(jit_input_type(terminated) == CU_JIT_INPUT_PTX);

    CHECK_FALSE(jit_input_type(bytes_of("not an object of any backend")));
    // Text with a .version among bytes no PTX holds.
    CHECK_FALSE(jit_input_type(bytes_of(std::string_view(".version 7.0\n\x01\x02", 15))));
    // An ELF file too short for its header.
    const auto header = elf_header(190);
    CHECK_FALSE(jit_input_type(std::span(header).first(20)));
    CHECK_FALSE(jit_input_type({}));
}
