// The OpenCL plug-in's check of LLVM bitcode's framing, on bitstreams written here as LLVM lays
// them out: raw and wrapped, whole, cut short, and of no bitcode at all. Needs no device.
#include "llvm_bitcode.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

using rtcg::opencl::bitcode_defect;
using rtcg::opencl::looks_like_bitcode;

namespace {

// Writes a bitstream's fields, least significant bit first, as LLVM's BitstreamWriter does.
class BitWriter {
public:
    BitWriter() { bytes_ = {std::byte{'B'}, std::byte{'C'}, std::byte{0xC0}, std::byte{0xDE}}; }

    void fixed(std::uint64_t value, unsigned width) {
        for (unsigned bit = 0; bit < width; ++bit, ++position_) {
            if (position_ % 8 == 0) bytes_.push_back(std::byte{0});
            if ((value >> bit) & 1u) bytes_.back() |= std::byte{1} << (position_ % 8);
        }
    }
    void vbr(std::uint64_t value, unsigned width) {
        const std::uint64_t more = std::uint64_t{1} << (width - 1);
        for (; value >= more; value >>= width - 1) fixed((value & (more - 1)) | more, width);
        fixed(value, width);
    }
    void align_to_word() {
        while (position_ % 32 != 0) fixed(0, 1);
    }
    // A top-level block of `words` words of body, abbreviations 3 bits wide (its contents are not
    // the check's business), whose first record states the module version `version` where given.
    void block(std::uint64_t id, std::uint64_t words, std::optional<std::uint64_t> version = std::nullopt) {
        fixed(1, 2); // ENTER_SUBBLOCK at the top level's abbreviation width
        vbr(id, 8);
        vbr(3, 4);
        align_to_word();
        fixed(words, 32);
        const std::uint64_t end = position_ + words * 32;
        if (version) {
            fixed(3, 3); // UNABBREV_RECORD: code 1 (VERSION), one operand
            vbr(1, 6);
            vbr(1, 6);
            vbr(*version, 6);
        }
        for (std::uint64_t word = 0; position_ < end; ++word) fixed(0x12345678u + word, 1);
    }

    std::vector<std::byte> bytes() const { return bytes_; }

private:
    std::vector<std::byte> bytes_;
    std::uint64_t position_ = 32;
};

// A module as LLVM from version 5 on writes one: identification, module (of version 2), symbol
// table and string table blocks.
std::vector<std::byte> module_bitcode() {
    BitWriter writer;
    writer.block(13, 5);
    writer.block(8, 300, 2);
    writer.block(25, 37);
    writer.block(23, 12);
    return writer.bytes();
}

// A module as LLVM before version 5 wrote one: version 1, no string table.
std::vector<std::byte> old_module_bitcode() {
    BitWriter writer;
    writer.block(13, 5);
    writer.block(8, 300, 1);
    return writer.bytes();
}

std::vector<std::byte> wrapped(const std::vector<std::byte>& bitcode, std::uint32_t offset, std::uint32_t size) {
    std::vector<std::byte> bytes;
    for (const std::uint32_t word : {0x0B17C0DEu, 0u, offset, size, 7u})
        for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<std::byte>((word >> shift) & 0xFFu));
    bytes.insert(bytes.end(), bitcode.begin(), bitcode.end());
    return bytes;
}

std::vector<std::byte> first(const std::vector<std::byte>& bytes, std::size_t count) {
    return {bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(count)};
}

std::vector<std::byte> text(std::string_view value) {
    const auto bytes = std::as_bytes(std::span(value));
    return {bytes.begin(), bytes.end()};
}

bool says(const std::vector<std::byte>& bytes, std::string_view words) {
    const auto defect = bitcode_defect(bytes);
    return defect && defect->find(words) != std::string::npos;
}

} // namespace

TEST_CASE("whole bitcode, raw or wrapped, passes") {
    CHECK_FALSE(bitcode_defect(old_module_bitcode()));
    const auto bitcode = module_bitcode();
    CHECK(looks_like_bitcode(bitcode));
    CHECK_FALSE(bitcode_defect(bitcode));
    const auto wrapper = wrapped(bitcode, 20, static_cast<std::uint32_t>(bitcode.size()));
    CHECK(looks_like_bitcode(wrapper));
    CHECK_FALSE(bitcode_defect(wrapper));
}

TEST_CASE("bitcode cut anywhere is refused") {
    const auto bitcode = module_bitcode();
    // Every whole number of words short of the end: inside a header or a body of any block, or
    // between two blocks.
    for (std::size_t kept = 4; kept < bitcode.size(); kept += 4) {
        CAPTURE(kept);
        CHECK(bitcode_defect(first(bitcode, kept)));
    }
    CHECK(says(first(bitcode, bitcode.size() / 8 * 4), "cut short"));
    CHECK(says(first(bitcode, bitcode.size() - 2), "no whole number of 32-bit words"));
    CHECK(says(first(bitcode, 4), "no module block"));
    // Cut after the identification block, and after the symbol table.
    CHECK(says(first(bitcode, 4 + 8 + 5 * 4), "no module block"));
    CHECK(says(first(bitcode, bitcode.size() - 8 - 12 * 4), "string table"));
}

TEST_CASE("a wrapper whose bitcode lies past its end, or holds none, is refused") {
    const auto bitcode = module_bitcode();
    const auto size = static_cast<std::uint32_t>(bitcode.size());
    CHECK(says(wrapped(bitcode, 20, size + 4), "past the end"));
    CHECK(says(wrapped(bitcode, 4000, size), "past the end"));
    CHECK(says(wrapped(text("PTX text, not bitcode"), 20, 21), "holds no bitcode"));
    CHECK(says(first(wrapped(bitcode, 20, size), 12), "header is cut short"));
    CHECK(says(wrapped(first(bitcode, bitcode.size() - 4), 20, size - 4), "cut short"));
}

TEST_CASE("what is not bitcode is refused with the reason") {
    CHECK_FALSE(looks_like_bitcode(text("//\n// Generated by NVIDIA NVVM Compiler\n.version 9.0\n")));
    CHECK(says(text("//\n// Generated by NVIDIA NVVM Compiler\n"), "magic"));
    CHECK(says({}, "magic"));
    // The magic followed by text: its first field is no block.
    CHECK(says(text("BC\xC0\xDE" "0123456789abcdef01234567"), "something other than a block"));
    // A block id whose variable-width field never ends.
    BitWriter endless;
    endless.fixed(1, 2);
    for (int chunk = 0; chunk < 12; ++chunk) endless.fixed(0xFF, 8);
    endless.align_to_word();
    CHECK(bitcode_defect(endless.bytes()));
}
