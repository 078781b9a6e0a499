#pragma once
/// \file
/// One point of a parameter space: a value for each named parameter, in the space's order.
/// Integer parameters hold integers, choice parameters one of their declared words.
///
/// \code
///   config.integer("tile")          // 64
///   config.choice("loads")          // "vector"
///   config.to_string()              // "tile=64,loads=vector": the form the database stores
/// \endcode
#include <rtcg/codegen/template_value.hpp>
#include <rtcg/core/export.hpp>

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace rtcg::tuning {

/// A parameter's value: an integer or a word.
using ParameterValue = std::variant<std::int64_t, std::string>;

/// One point of a ParameterSpace: a value for each parameter, in the space's order.
class RTCG_API Configuration {
public:
    Configuration() = default;
    /// The parameters' values, in the space's order.
    explicit Configuration(std::vector<std::pair<std::string, ParameterValue>> values);

    /// The value of parameter `name`. Each throws InvalidArgument when the configuration has no
    /// such parameter or it is of the other kind.
    ///@{
    std::int64_t integer(std::string_view name) const;
    const std::string& choice(std::string_view name) const;
    const ParameterValue& value(std::string_view name) const;
    ///@}

    /// Every parameter and its value, in the space's order.
    const std::vector<std::pair<std::string, ParameterValue>>& values() const noexcept { return values_; }
    /// Every parameter as a template variable, for generators written with codegen::Template.
    codegen::Values template_values() const;
    /// "name=value,name=value" in the space's order.
    std::string to_string() const;

    /// Ordered and compared by values, parameter by parameter.
    friend auto operator<=>(const Configuration&, const Configuration&) = default;
    /// Ordered and compared by values, parameter by parameter.
    friend bool operator==(const Configuration&, const Configuration&) = default;

private:
    std::vector<std::pair<std::string, ParameterValue>> values_;
};

/// "64" or "vector".
RTCG_API std::string to_string(const ParameterValue& value);

} // namespace rtcg::tuning
