#include "llvm_bitcode.hpp"

#include <cstdint>
#include <cstring>

namespace rtcg::opencl {
namespace {

// The bitstream's constants (llvm/Bitstream/BitCodes.h, llvm/Bitcode/BitcodeReader.cpp).
constexpr unsigned char raw_magic[4] = {'B', 'C', 0xC0, 0xDE};
constexpr unsigned char wrapper_magic[4] = {0xDE, 0xC0, 0x17, 0x0B}; // 0x0B17C0DE, little-endian
constexpr std::size_t wrapper_header_bytes = 5 * 4;                  // magic, version, offset, size, CPU type
constexpr unsigned top_level_abbreviation_width = 2;
constexpr std::uint64_t enter_subblock = 1, unabbreviated_record = 3;
constexpr unsigned block_id_width = 8, abbreviation_width_width = 4, block_length_width = 32;
constexpr unsigned record_field_width = 6; // an unabbreviated record's code, operand count, operands
constexpr std::uint64_t module_block = 8, string_table_block = 23;
constexpr std::uint64_t module_version_code = 1;
// From this module version on (LLVM 5) names live in a string table block after the module.
constexpr std::uint64_t first_string_table_version = 2;

bool starts_with(std::span<const std::byte> bytes, const unsigned char (&prefix)[4]) {
    return bytes.size() >= sizeof prefix && std::memcmp(bytes.data(), prefix, sizeof prefix) == 0;
}

std::uint32_t word_at(std::span<const std::byte> bytes, std::size_t offset) {
    std::uint32_t value = 0;
    for (std::size_t i = 4; i-- > 0;) value = (value << 8) | std::to_integer<std::uint32_t>(bytes[offset + i]);
    return value;
}

// Reads a bitstream's fields, least significant bit first, refusing to pass its end.
class BitReader {
public:
    explicit BitReader(std::span<const std::byte> bytes) noexcept : bytes_(bytes) {}

    std::uint64_t position() const noexcept { return position_; }
    std::uint64_t bits_left() const noexcept { return std::uint64_t{bytes_.size()} * 8 - position_; }

    std::optional<std::uint64_t> fixed(unsigned width) noexcept {
        if (width > 64 || bits_left() < width) return std::nullopt;
        std::uint64_t value = 0;
        for (unsigned bit = 0; bit < width; ++bit, ++position_) {
            const auto byte = std::to_integer<std::uint64_t>(bytes_[static_cast<std::size_t>(position_ / 8)]);
            value |= ((byte >> (position_ % 8)) & 1u) << bit;
        }
        return value;
    }

    // A variable-width field: chunks of `width` bits whose top bit says another chunk follows.
    std::optional<std::uint64_t> vbr(unsigned width) noexcept {
        const std::uint64_t more = std::uint64_t{1} << (width - 1);
        std::uint64_t value = 0;
        for (unsigned shift = 0; shift < 64; shift += width - 1) {
            const auto chunk = fixed(width);
            if (!chunk) return std::nullopt;
            value |= (*chunk & (more - 1)) << shift;
            if ((*chunk & more) == 0) return value;
        }
        return std::nullopt;
    }

    void align_to_word() noexcept { position_ = (position_ + 31) / 32 * 32; }
    void skip_words(std::uint64_t words) noexcept { position_ += words * 32; }

private:
    std::span<const std::byte> bytes_;
    std::uint64_t position_ = 0;
};

// Whether a module block whose abbreviations are `width` bits wide and whose body `reader` is at
// needs a string table: LLVM writes the module's version as its first record.
bool needs_string_table(BitReader reader, std::uint64_t width) {
    if (reader.fixed(static_cast<unsigned>(width)) != unabbreviated_record) return false;
    if (reader.vbr(record_field_width) != module_version_code || reader.vbr(record_field_width) != 1) return false;
    const auto version = reader.vbr(record_field_width);
    return version && *version >= first_string_table_version;
}

// Walks the top-level blocks of raw bitcode (its magic checked). A cut between two blocks leaves
// whole blocks: the module block and, where its version needs one, the string table must be there.
std::optional<std::string> block_defect(std::span<const std::byte> bitcode) {
    if (bitcode.size() % 4 != 0)
        return "its " + std::to_string(bitcode.size()) + " bytes are no whole number of 32-bit words";
    BitReader reader(bitcode);
    reader.skip_words(1);
    bool has_module = false, has_string_table = false, string_table_needed = false;
    while (reader.bits_left() > 0) {
        const std::string where = "at byte " + std::to_string(reader.position() / 8);
        const auto abbreviation = reader.fixed(top_level_abbreviation_width);
        if (abbreviation != enter_subblock) return "it holds something other than a block " + where;
        const auto id = reader.vbr(block_id_width);
        const auto width = reader.vbr(abbreviation_width_width);
        reader.align_to_word();
        const auto words = reader.fixed(block_length_width);
        if (!id || !width || !words || *width == 0 || *width > 32) return "a block's header is cut short " + where;
        if (*words > reader.bits_left() / 32)
            return "block " + std::to_string(*id) + " (" + where + ") states " + std::to_string(*words) +
                   " words, past the end: the bitcode is cut short";
        if (*id == module_block) {
            has_module = true;
            string_table_needed = string_table_needed || needs_string_table(reader, *width);
        }
        has_string_table = has_string_table || *id == string_table_block;
        reader.skip_words(*words);
    }
    if (!has_module) return std::string("it holds no module block: it is cut short or no module");
    if (string_table_needed && !has_string_table)
        return std::string("its module needs a string table block, which is missing: the bitcode is cut short");
    return std::nullopt;
}

} // namespace

bool looks_like_bitcode(std::span<const std::byte> bytes) {
    return starts_with(bytes, raw_magic) || starts_with(bytes, wrapper_magic);
}

std::optional<std::string> bitcode_defect(std::span<const std::byte> bytes) {
    if (starts_with(bytes, wrapper_magic)) {
        if (bytes.size() < wrapper_header_bytes) return std::string("its bitcode wrapper's header is cut short");
        const std::uint64_t offset = word_at(bytes, 8), size = word_at(bytes, 12);
        if (offset > bytes.size() || size > bytes.size() - offset)
            return "its bitcode wrapper places " + std::to_string(size) + " bytes at byte " + std::to_string(offset) +
                   ", past the end";
        const auto wrapped = bytes.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
        if (!starts_with(wrapped, raw_magic)) return std::string("its bitcode wrapper holds no bitcode");
        return block_defect(wrapped);
    }
    if (!starts_with(bytes, raw_magic)) return std::string("it does not begin with LLVM bitcode's magic (\"BC\" 0xC0DE)");
    return block_defect(bytes);
}

} // namespace rtcg::opencl
