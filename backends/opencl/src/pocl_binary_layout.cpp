#include "pocl_binary_layout.hpp"

#include "llvm_bitcode.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace rtcg::opencl {
namespace {

// The layout, all integers little-endian:
//   header: "poclbin\0", device id u64, format u32, kernel count u32, flags u64, root entry count
//           u32, build hash (41 bytes), then, where flags has bit 1, program-scope variable bytes
//           u64;
//   each root entry: its size u64 (never 0), then files;
//   each kernel: its record's size u64, the size of its files u64 (the record's last bytes),
//           metadata, files;
//   each file: name length u32 (never 0), name, content length u32, content.
constexpr char magic[8] = {'p', 'o', 'c', 'l', 'b', 'i', 'n', '\0'};
constexpr std::uint32_t first_known_format = 9, last_known_format = 12;
constexpr std::size_t build_hash_bytes = 41;
constexpr std::uint64_t has_program_scope_variables = 1u << 1;
constexpr std::uint64_t kernel_record_sizes_bytes = 8 + 8 + 4;
constexpr std::string_view program_bitcode = "/program.bc";

// Reads forward through bytes, refusing to pass their end.
class Reader {
public:
    explicit Reader(std::span<const std::byte> bytes) noexcept : bytes_(bytes) {}

    std::size_t left() const noexcept { return bytes_.size() - offset_; }

    bool read(std::uint64_t& value, std::size_t width) noexcept {
        if (left() < width) return false;
        value = 0;
        for (std::size_t i = width; i-- > 0;)
            value = (value << 8) | std::to_integer<std::uint64_t>(bytes_[offset_ + i]);
        offset_ += width;
        return true;
    }
    bool u32(std::uint64_t& value) noexcept { return read(value, 4); }
    bool u64(std::uint64_t& value) noexcept { return read(value, 8); }

    // The next `count` bytes, or nullopt when fewer are left.
    std::optional<std::span<const std::byte>> take(std::uint64_t count) noexcept {
        if (count > left()) return std::nullopt;
        const auto taken = bytes_.subspan(offset_, static_cast<std::size_t>(count));
        offset_ += static_cast<std::size_t>(count);
        return taken;
    }

private:
    std::span<const std::byte> bytes_;
    std::size_t offset_ = 0;
};

// Checks a run of files that fills `bytes` exactly; notes whether program.bc, with content, is
// among them.
std::optional<std::string> check_files(std::span<const std::byte> bytes, const std::string& where,
                                       bool& has_program_bitcode) {
    Reader files(bytes);
    while (files.left() > 0) {
        std::uint64_t name_length = 0, content_length = 0;
        if (!files.u32(name_length)) return "a file name in " + where + " is cut short";
        if (name_length == 0) return "a file in " + where + " has no name";
        const auto name = files.take(name_length);
        if (!name || !files.u32(content_length) || !files.take(content_length))
            return "a file in " + where + " is cut short";
        const std::string_view name_text(reinterpret_cast<const char*>(name->data()), name->size());
        if (name_text == program_bitcode && content_length > 0) has_program_bitcode = true;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> pocl_binary_defect(std::span<const std::byte> binary) {
    if (binary.size() < sizeof magic || std::memcmp(binary.data(), magic, sizeof magic) != 0) return std::nullopt;
    Reader reader(binary.subspan(sizeof magic));
    constexpr std::size_t device_id_bytes = 8, program_scope_variables_bytes = 8;
    std::uint64_t format = 0, kernel_count = 0, flags = 0, root_entry_count = 0;
    if (!reader.take(device_id_bytes) || !reader.u32(format)) return "it ends inside its header";
    if (format < first_known_format || format > last_known_format) return std::nullopt;
    if (!reader.u32(kernel_count) || !reader.u64(flags) || !reader.u32(root_entry_count) ||
        !reader.take(build_hash_bytes) ||
        ((flags & has_program_scope_variables) && !reader.take(program_scope_variables_bytes)))
        return "it ends inside its header";

    bool has_program_bitcode = false;
    for (std::uint64_t index = 0; index < root_entry_count; ++index) {
        const std::string where = "root entry " + std::to_string(index);
        std::uint64_t size = 0;
        if (!reader.u64(size)) return where + " is cut short";
        if (size == 0) return where + " is empty";
        const auto entry = reader.take(size);
        if (!entry) return where + " reaches past the binary's end";
        if (auto defect = check_files(*entry, where, has_program_bitcode)) return defect;
    }
    if (!has_program_bitcode) return "it holds no program.bc";

    for (std::uint64_t index = 0; index < kernel_count; ++index) {
        const std::string where = "kernel record " + std::to_string(index);
        Reader sizes = reader;
        std::uint64_t record_size = 0, files_size = 0;
        if (!sizes.u64(record_size) || !sizes.u64(files_size)) return where + " is cut short";
        if (record_size < kernel_record_sizes_bytes || files_size > record_size - kernel_record_sizes_bytes)
            return where + " has inconsistent sizes";
        const auto record = reader.take(record_size);
        if (!record) return where + " reaches past the binary's end";
        bool ignored = false;
        if (auto defect = check_files(record->last(static_cast<std::size_t>(files_size)), where, ignored))
            return defect;
    }
    if (reader.left() != 0) return std::to_string(reader.left()) + " bytes follow its last kernel record";
    return std::nullopt;
}

bool pocl_reads_as_binary(std::span<const std::byte> binary) {
    return (binary.size() >= sizeof magic && std::memcmp(binary.data(), magic, sizeof magic) == 0) ||
           looks_like_bitcode(binary);
}

} // namespace rtcg::opencl
