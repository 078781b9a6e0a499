#pragma once
/// \file
/// The values a Template sees: 64-bit integers, doubles, booleans, strings and lists of values.
/// Values convert implicitly from the C++ types, so a template's inputs read naturally:
///
/// \code
///   Values values{{"block_size", 256}, {"scale", 0.5}, {"type", "float"},
///                 {"offsets", std::vector<Value>{0, 4, 8}}};
/// \endcode
///
/// Strings and lists are immutable and shared between copies, so copying a Value is cheap
/// however large it is (templates copy values into variables and loop variables all the time).
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace rtcg::codegen {

/// A value a template's expressions see: an integer, a floating number, a boolean, a string or a
/// list of values.
class RTCG_API Value {
public:
    /// The alternatives a Value holds.
    enum class Kind { integer, floating, boolean, string, list };

    /// The integer 0, so that Values's operator[] can be used: values["n"] = 4.
    Value() noexcept : storage_(std::int64_t{0}) {}
    /// A boolean.
    Value(bool value) noexcept : storage_(value) {}
    /// A floating number.
    Value(double value) noexcept : storage_(value) {}
    /// A string.
    Value(const char* text);
    /// A string.
    Value(std::string text);
    /// A list.
    Value(std::vector<Value> items);
    /// Any integer type; an unsigned value above INT64_MAX throws InvalidArgument rather than
    /// turning negative.
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    Value(T value) : storage_(std::int64_t{0}) {
        if (!std::in_range<std::int64_t>(value))
            throw InvalidArgument("integer " + std::to_string(value) + " does not fit in 64 bits",
                                  "codegen::Value");
        storage_ = static_cast<std::int64_t>(value);
    }

    /// Which alternative the value holds.
    Kind kind() const noexcept { return static_cast<Kind>(storage_.index()); }

    /// Each throws InvalidArgument when the value is of another kind.
    ///@{
    std::int64_t as_int() const;
    double as_float() const;
    bool as_bool() const;
    const std::string& as_string() const;
    const std::vector<Value>& as_list() const;
    ///@}

private:
    /// The alternatives are in Kind's order.
    std::variant<std::int64_t, double, bool, std::shared_ptr<const std::string>,
                 std::shared_ptr<const std::vector<Value>>>
        storage_;
};

/// A template's inputs by name.
using Values = std::map<std::string, Value, std::less<>>;

} // namespace rtcg::codegen
