// The compile cache's SHA-256 against the known answers of FIPS 180-4's examples (and the
// NIST test vectors' one-million-'a' message), fed whole and in pieces that straddle blocks.
#include "sha256.hpp"

#include <doctest/doctest.h>

#include <string>

using rtcg::detail::Sha256;

namespace {

std::string digest_of(std::string_view text) { return Sha256::hex(Sha256().update(text).finish()); }

} // namespace

TEST_CASE("SHA-256 gives FIPS 180-4's digests") {
    CHECK(digest_of("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(digest_of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(digest_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(digest_of(std::string(1'000'000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 of a message fed in pieces equals the digest of the whole") {
    std::string message;
    for (int i = 0; i < 300; ++i) message += static_cast<char>('A' + i % 53);
    const std::string whole = digest_of(message);
    for (const std::size_t piece : {1u, 3u, 55u, 56u, 63u, 64u, 65u, 127u}) {
        CAPTURE(piece);
        Sha256 hash;
        for (std::size_t at = 0; at < message.size(); at += piece) hash.update(std::string_view(message).substr(at, piece));
        CHECK(Sha256::hex(hash.finish()) == whole);
    }
}

TEST_CASE("SHA-256 fields are length-prefixed, so their boundaries count") {
    const auto fields = [](std::string_view a, std::string_view b) {
        return Sha256::hex(Sha256().update_field(a).update_field(b).finish());
    };
    CHECK(fields("ab", "c") != fields("a", "bc"));
    CHECK(fields("ab", "c") == fields("ab", "c"));
}
