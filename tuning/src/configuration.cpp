#include <rtcg/core/error.hpp>
#include <rtcg/tuning/configuration.hpp>

#include <algorithm>

namespace rtcg::tuning {

Configuration::Configuration(std::vector<std::pair<std::string, ParameterValue>> values) : values_(std::move(values)) {}

const ParameterValue& Configuration::value(std::string_view name) const {
    const auto found = std::find_if(values_.begin(), values_.end(), [&](const auto& entry) { return entry.first == name; });
    if (found == values_.end())
        throw InvalidArgument("no parameter '" + std::string(name) + "' in configuration " + to_string(),
                              "tuning::Configuration");
    return found->second;
}

std::int64_t Configuration::integer(std::string_view name) const {
    const auto* number = std::get_if<std::int64_t>(&value(name));
    if (!number)
        throw InvalidArgument("parameter '" + std::string(name) + "' is a choice, not an integer",
                              "tuning::Configuration::integer");
    return *number;
}

const std::string& Configuration::choice(std::string_view name) const {
    const auto* word = std::get_if<std::string>(&value(name));
    if (!word)
        throw InvalidArgument("parameter '" + std::string(name) + "' is an integer, not a choice",
                              "tuning::Configuration::choice");
    return *word;
}

codegen::Values Configuration::template_values() const {
    codegen::Values values;
    for (const auto& [name, value] : values_)
        std::visit([&, &key = name](const auto& v) { values.insert_or_assign(key, codegen::Value(v)); }, value);
    return values;
}

std::string Configuration::to_string() const {
    std::string text;
    for (const auto& [name, value] : values_) {
        if (!text.empty()) text += ',';
        text += name + '=' + tuning::to_string(value);
    }
    return text;
}

std::string to_string(const ParameterValue& value) {
    if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
    return std::get<std::string>(value);
}

} // namespace rtcg::tuning
