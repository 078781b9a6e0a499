#pragma once
// Runs `f`, expects it to throw E, and returns the message, so tests can check both the error's
// type and what it says.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

namespace rtcg::test {

template <class E, class F>
std::string message_of(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    FAIL("the expected exception was not thrown");
    return {};
}

inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

} // namespace rtcg::test
