// Misuse of core's Context, Buffer, Module, Kernel and launch API.
#include "misuse_support.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::test {
namespace {

// out[i] = n + i for the first n elements.
constexpr std::string_view fill_kernel = R"(
RTCG_KERNEL void rtcg_misuse_fill(RTCG_GLOBAL int* out, rtcg_index_t n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = (int)(n + i);
}
)";

// Sets an environment variable for one scope, then puts back what was there.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        ::setenv(name, value, 1);
    }
    ~ScopedVariable() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

// A source no other test compiles, so that the compile reaches the cache and the compiler.
std::string fresh_source() {
    static int counter = 0;
    return std::string(fill_kernel) + "\n// fresh " + std::to_string(++counter) + "\n";
}

} // namespace

TEST_CASE("misuse: a copy past a buffer's end is refused") {
    Buffer small = context().allocate(16);
    std::vector<int> host(64);
    expect_misuse<InvalidArgument>([&] { context().queue().write(small, std::span<const int>(host)); }, {"16"});
}

TEST_CASE("misuse: a wrong call of a kernel declaring hundreds of arguments has a short message") {
    std::string declaration;
    for (int k = 0; k < 200; ++k) declaration += (k ? ", float *a" : "float *a") + std::to_string(k);
    const ElementwiseKernel many(context(), declaration, "a0[i] = 1", "rtcg_misuse_many");
    auto x = Array<float>::zeros(context(), 4);
    const std::string message =
        expect_misuse<InvalidArgument>([&] { many(x); }, {"expected 200 arguments", "float *a0", "float *a199", "got 1"});
    CHECK(message.size() < 400);
}

TEST_CASE("misuse: a yes/no environment variable with another value is refused, naming what it takes") {
    for (const char* variable : {"RTCG_NO_CACHE", "RTCG_DEBUG"}) {
        // The context is checked after the variable is put back.
        std::string message;
        {
            ScopedVariable set(variable, "maybe");
            message = message_of<InvalidArgument>([] { compile(fresh_source()); });
        }
        INFO("the message: ", message);
        for (const std::string_view fragment : {std::string_view(variable), std::string_view("'maybe'"),
                                                std::string_view("1, true, yes or on"),
                                                std::string_view("0, false, no or off")})
            CHECK(contains(message, fragment));
        check_context_usable();
    }
    for (const char* accepted : {"YES", "Off", "TRUE", "0", ""}) {
        ScopedVariable set("RTCG_NO_CACHE", accepted);
        CHECK_NOTHROW(compile(fresh_source()));
    }
}

} // namespace rtcg::test
