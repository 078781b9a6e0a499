#pragma once
// C type names of fixed-width types in each kernel dialect (the tests' own small table; the
// codegen dtype system is the library's general answer).
#include <rtcg/codegen/dialect.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

namespace rtcg::test {

template <class T>
std::string type_name(codegen::Dialect dialect) {
    const bool cuda = dialect == codegen::Dialect::cuda;
    if constexpr (std::is_same_v<T, std::int8_t>) return cuda ? "signed char" : "char";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return cuda ? "unsigned char" : "uchar";
    else if constexpr (std::is_same_v<T, std::int16_t>) return "short";
    else if constexpr (std::is_same_v<T, std::uint16_t>) return cuda ? "unsigned short" : "ushort";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "int";
    else if constexpr (std::is_same_v<T, std::uint32_t>) return cuda ? "unsigned int" : "uint";
    else if constexpr (std::is_same_v<T, std::int64_t>) return cuda ? "long long" : "long";
    else if constexpr (std::is_same_v<T, std::uint64_t>) return cuda ? "unsigned long long" : "ulong";
    else if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, double>) return "double";
    else static_assert(!sizeof(T), "no kernel type name for this type");
}

} // namespace rtcg::test
