#pragma once
// What one template may ask for. Templates are code, and code can loop forever, nest without
// end or double a string until memory runs out; these bounds turn each of those into an error
// (documented in template.hpp) long before the machine notices.
#include <cstddef>
#include <cstdint>

namespace rtcg::codegen::templating {

// Nested blocks, and the depth of one expression; parsing and rendering recurse this deep.
inline constexpr std::size_t max_nesting_depth = 256;

#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
// Sanitizers and coverage make fuzzing builds about 15 times slower; smaller budgets keep every
// input well inside the fuzzer's timeout, and let it reach the budget errors more often.
inline constexpr std::uint64_t max_render_steps = std::uint64_t{1} << 20;
inline constexpr std::size_t max_text_bytes = std::size_t{4} << 20;
#else
// Loop iterations, statements run and expression nodes evaluated, per render: about a second
// of work at the most.
inline constexpr std::uint64_t max_render_steps = std::uint64_t{1} << 24;
// Bytes of output, of strings built with + and of strings compared, per render.
inline constexpr std::size_t max_text_bytes = std::size_t{64} << 20;
#endif

} // namespace rtcg::codegen::templating
