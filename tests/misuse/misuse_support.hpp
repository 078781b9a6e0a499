#pragma once
// The misuse suite's one check: a call that misuses rtcg must end in the typed error named, with a
// message that says what went wrong, and leave the context usable (a kernel compiled and launched
// afterwards gives the right answer). A crash, a hang or an out-of-bounds write fails the run
// itself; the sanitizer build catches the writes that land inside the process.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace rtcg::test {

// Compiles and launches a small kernel on the test context and checks its result: the context
// survived the misuse before it.
void check_context_usable();

// Runs `misuse`, which must throw E (an rtcg::Error) whose message names every one of `fragments`,
// then checks that the context is still usable. Returns the message for further checks.
template <class E, class F>
std::string expect_misuse(F&& misuse, std::initializer_list<std::string_view> fragments) {
    static_assert(std::is_base_of_v<Error, E>, "misuse must end in an rtcg::Error");
    const std::string message = message_of<E>(misuse);
    for (std::string_view fragment : fragments) {
        INFO("the message: ", message);
        CHECK_MESSAGE(contains(message, fragment), "the message lacks '", fragment, "'");
    }
    check_context_usable();
    return message;
}

} // namespace rtcg::test
