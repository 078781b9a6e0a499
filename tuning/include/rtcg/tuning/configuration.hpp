#pragma once
// One point of a parameter space: a value for each named parameter, in the space's order.
// Integer parameters hold integers, choice parameters one of their declared words.
//
//   config.integer("tile")          // 64
//   config.choice("loads")          // "vector"
//   config.to_string()              // "tile=64,loads=vector": the form the database stores
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

using ParameterValue = std::variant<std::int64_t, std::string>;

class RTCG_API Configuration {
public:
    Configuration() = default;
    explicit Configuration(std::vector<std::pair<std::string, ParameterValue>> values);

    // Each throws InvalidArgument when the configuration has no such parameter or it is of the
    // other kind.
    std::int64_t integer(std::string_view name) const;
    const std::string& choice(std::string_view name) const;
    const ParameterValue& value(std::string_view name) const;

    const std::vector<std::pair<std::string, ParameterValue>>& values() const noexcept { return values_; }
    // Every parameter as a template variable, for generators written with codegen::Template.
    codegen::Values template_values() const;
    // "name=value,name=value" in the space's order.
    std::string to_string() const;

    friend auto operator<=>(const Configuration&, const Configuration&) = default;
    friend bool operator==(const Configuration&, const Configuration&) = default;

private:
    std::vector<std::pair<std::string, ParameterValue>> values_;
};

// "64" or "vector".
RTCG_API std::string to_string(const ParameterValue& value);

} // namespace rtcg::tuning
