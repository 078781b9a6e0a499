#pragma once
// SHA-256 (FIPS 180-4), for compile-cache keys and entry checksums: collisions must be out of
// the question when a wrong cache hit would silently run the wrong kernel. Written here, not
// taken from OpenSSL: one algorithm of a page, checked against FIPS 180-4's answers
// (tests/unit/sha256_test.cpp), costs users less than a cryptography library on their link line.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace rtcg::detail {

class Sha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    Sha256() noexcept;
    Sha256& update(std::span<const std::byte> data) noexcept;
    Sha256& update(std::string_view text) noexcept;
    // Length-prefixed, so that ("ab","c") and ("a","bc") hash differently.
    Sha256& update_field(std::string_view text) noexcept;
    Digest finish() noexcept;

    static std::string hex(const Digest& digest);

private:
    void compress(const std::uint8_t* block) noexcept;

    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> block_{};
    std::size_t block_used_ = 0;
    std::uint64_t total_bytes_ = 0;
};

} // namespace rtcg::detail
