#pragma once
// What one template may ask for. Templates are code, and code can loop forever, nest without
// end or double a string until memory runs out; these bounds turn each of those into an error
// (documented in template.hpp) long before the machine notices.
#include <cstddef>
#include <cstdint>

namespace rtcg::codegen::templating {

// Nested blocks, and the depth of one expression; parsing and rendering recurse this deep.
inline constexpr std::size_t max_nesting_depth = 256;
// Loop iterations, statements run and expression nodes evaluated, per render.
inline constexpr std::uint64_t max_render_steps = std::uint64_t{1} << 24;
// Bytes of output, of strings built with + and of strings compared, per render.
inline constexpr std::size_t max_text_bytes = std::size_t{64} << 20;

} // namespace rtcg::codegen::templating
