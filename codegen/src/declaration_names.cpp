#include "declaration_names.hpp"

#include <rtcg/codegen/dtype.hpp>

#include <algorithm>
#include <array>
#include <unordered_set>

namespace rtcg::codegen::detail {
namespace {

bool is_ascii_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// One generated kernel source is compiled as C++ by NVRTC and as OpenCL C, so a parameter must
// not be a keyword of any of the four languages, nor shadow what the prelude expands to.
const std::unordered_set<std::string_view>& keywords() {
    static const std::unordered_set<std::string_view> words = {
        // C, up to C23
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "alignas",
        "alignof", "bool", "constexpr", "false", "nullptr", "static_assert", "thread_local", "true", "typeof",
        "typeof_unqual",
        // C++
        "and", "and_eq", "asm", "bitand", "bitor", "catch", "char8_t", "char16_t", "char32_t", "class", "co_await",
        "co_return", "co_yield", "compl", "concept", "const_cast", "consteval", "constinit", "decltype", "delete",
        "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast", "requires", "static_cast",
        "template", "this", "throw", "try", "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
        // OpenCL C: qualifiers, reserved words and built-in types
        "kernel", "global", "local", "constant", "read_only", "write_only", "read_write", "uniform", "pipe", "half",
        "quad", "complex", "imaginary", "image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t",
        "image2d_array_t", "image2d_depth_t", "image2d_array_depth_t", "image3d_t", "sampler_t", "event_t",
        "queue_t", "clk_event_t", "ndrange_t", "reserve_id_t", "intptr_t", "uintptr_t",
        // What the OpenCL prelude expands to
        "get_local_id", "get_group_id", "get_local_size", "get_num_groups", "get_global_id", "get_global_size",
        "barrier", "mem_fence", "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE",
        // CUDA built-ins, which the CUDA prelude reads
        "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
    };
    return words;
}

// Vector type names of either dialect ("float4", "half8", "longlong2", "uint1"), including
// lane counts rtcg itself does not use: they are still types to the kernel compilers.
bool is_vector_type_name(std::string_view name) {
    static constexpr std::array<std::string_view, 13> stems = {"char",  "uchar",  "short",    "ushort",    "int",
                                                               "uint",  "long",   "ulong",    "longlong",  "ulonglong",
                                                               "float", "double", "half"};
    static constexpr std::array<std::string_view, 6> lanes = {"1", "2", "3", "4", "8", "16"};
    return std::any_of(stems.begin(), stems.end(), [name](std::string_view stem) {
        return name.starts_with(stem) &&
               std::find(lanes.begin(), lanes.end(), name.substr(stem.size())) != lanes.end();
    });
}

} // namespace

std::string refused_name_reason(std::string_view name) {
    const std::string quoted = "'" + std::string(name) + "'";
    if (keywords().contains(name)) return quoted + " is a keyword or built-in name of C, C++, OpenCL C or CUDA";
    if (name.starts_with("__") || (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z'))
        return quoted + " is reserved for the compiler (names starting with '__' or '_' and a capital)";
    if (name.starts_with("rtcg_") || name.starts_with("RTCG_"))
        return quoted + " is reserved for rtcg's prelude (names starting with 'rtcg_' or 'RTCG_')";
    if (name.starts_with("cfloat_") || name.starts_with("cdouble_"))
        return quoted + " is reserved for the complex number support (names starting with 'cfloat_' or 'cdouble_')";
    if (is_vector_type_name(name) || DType::from_c_name(name)) return quoted + " names a type";
    return {};
}

} // namespace rtcg::codegen::detail

namespace rtcg::codegen {

bool is_c_identifier(std::string_view text) noexcept {
    if (text.empty() || detail::is_ascii_digit(text.front())) return false;
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return detail::is_ascii_letter(c) || detail::is_ascii_digit(c) || c == '_'; });
}

} // namespace rtcg::codegen
