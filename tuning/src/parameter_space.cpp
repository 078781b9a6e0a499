#include <rtcg/codegen/declaration.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/tuning/parameter_space.hpp>

#include <algorithm>
#include <bit>
#include <cctype>

namespace rtcg::tuning {
namespace {

constexpr const char* where = "tuning::ParameterSpace";
// Enumerating more than this would take longer than tuning is worth; such spaces need a
// smaller declaration.
constexpr std::size_t max_enumerated = std::size_t{1} << 22;

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

} // namespace

ParameterSpace& ParameterSpace::add(std::string name, std::vector<ParameterValue> values) {
    if (!codegen::is_c_identifier(name)) throw InvalidArgument("parameter name '" + name + "' is not an identifier", where);
    if (std::any_of(parameters_.begin(), parameters_.end(), [&](const Parameter& p) { return p.name == name; }))
        throw InvalidArgument("parameter '" + name + "' is declared twice", where);
    if (values.empty()) throw InvalidArgument("parameter '" + name + "' has no values", where);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (std::find(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(i), values[i]) !=
            values.begin() + static_cast<std::ptrdiff_t>(i))
            throw InvalidArgument("parameter '" + name + "' lists " + to_string(values[i]) + " twice", where);
    parameters_.push_back(Parameter{std::move(name), std::move(values)});
    return *this;
}

ParameterSpace& ParameterSpace::integer(std::string name, std::vector<std::int64_t> values) {
    return add(std::move(name), std::vector<ParameterValue>(values.begin(), values.end()));
}

ParameterSpace& ParameterSpace::powers_of_two(std::string name, std::int64_t from, std::int64_t to) {
    if (from <= 0 || to < from || !std::has_single_bit(static_cast<std::uint64_t>(from)) ||
        !std::has_single_bit(static_cast<std::uint64_t>(to)))
        throw InvalidArgument("parameter '" + name + "': " + std::to_string(from) + " to " + std::to_string(to) +
                                  " is not a range of powers of two",
                              where);
    std::vector<std::int64_t> values;
    for (std::int64_t v = from; v <= to; v *= 2) values.push_back(v);
    return integer(std::move(name), std::move(values));
}

ParameterSpace& ParameterSpace::choice(std::string name, std::vector<std::string> words) {
    for (const auto& word : words)
        if (!codegen::is_c_identifier(word))
            throw InvalidArgument("parameter '" + name + "': choice '" + word + "' is not an identifier", where);
    return add(std::move(name), std::vector<ParameterValue>(words.begin(), words.end()));
}

ParameterSpace& ParameterSpace::constraint(std::string description, std::function<bool(const Configuration&)> holds) {
    if (!holds) throw InvalidArgument("constraint '" + description + "' has no predicate", where);
    constraints_.push_back(Constraint{std::move(description), std::move(holds)});
    return *this;
}

std::size_t ParameterSpace::combinations() const {
    std::size_t count = 1;
    for (const auto& parameter : parameters_) {
        if (count > max_enumerated) return count; // saturates: only compared with the limit
        count *= parameter.values.size();
    }
    return count;
}

std::optional<std::string> ParameterSpace::violated_constraint(const Configuration& configuration) const {
    for (const auto& constraint : constraints_)
        if (!constraint.holds(configuration)) return constraint.description;
    return std::nullopt;
}

Configuration ParameterSpace::at(const std::vector<std::size_t>& positions) const {
    if (positions.size() != parameters_.size())
        throw InvalidArgument(std::to_string(positions.size()) + " positions for " +
                                  std::to_string(parameters_.size()) + " parameters",
                              where);
    std::vector<std::pair<std::string, ParameterValue>> values;
    values.reserve(parameters_.size());
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        if (positions[i] >= parameters_[i].values.size())
            throw InvalidArgument("position " + std::to_string(positions[i]) + " is past the values of '" +
                                      parameters_[i].name + "'",
                                  where);
        values.emplace_back(parameters_[i].name, parameters_[i].values[positions[i]]);
    }
    return Configuration(std::move(values));
}

std::vector<std::size_t> ParameterSpace::positions_of(const Configuration& configuration) const {
    std::vector<std::size_t> positions;
    positions.reserve(parameters_.size());
    for (const auto& parameter : parameters_) {
        const auto& value = configuration.value(parameter.name);
        const auto found = std::find(parameter.values.begin(), parameter.values.end(), value);
        if (found == parameter.values.end())
            throw InvalidArgument(parameter.name + "=" + to_string(value) + " is not one of the parameter's values",
                                  where);
        positions.push_back(static_cast<std::size_t>(found - parameter.values.begin()));
    }
    return positions;
}

std::vector<Configuration> ParameterSpace::valid_configurations() const {
    if (parameters_.empty()) throw InvalidArgument("the space has no parameters", where);
    if (combinations() > max_enumerated)
        throw InvalidArgument("the space has more than " + std::to_string(max_enumerated) +
                                  " combinations; declare fewer values",
                              where);
    std::vector<Configuration> valid;
    std::vector<std::size_t> positions(parameters_.size(), 0);
    while (true) {
        Configuration configuration = at(positions);
        if (!violated_constraint(configuration)) valid.push_back(std::move(configuration));
        // Odometer step, last parameter fastest.
        std::size_t i = parameters_.size();
        while (i > 0 && ++positions[i - 1] == parameters_[i - 1].values.size()) positions[--i] = 0;
        if (i == 0) return valid;
    }
}

Configuration ParameterSpace::parse(std::string_view text) const {
    std::vector<std::pair<std::string, ParameterValue>> values;
    for (const auto& parameter : parameters_) values.emplace_back(parameter.name, ParameterValue{});
    std::vector<bool> seen(parameters_.size(), false);
    const std::string quoted = "'" + std::string(text) + "'";

    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos)
            throw InvalidArgument(quoted + ": '" + std::string(item) + "' is not name=value", where);
        const std::string_view name = trimmed(item.substr(0, equals));
        const std::string_view word = trimmed(item.substr(equals + 1));
        const auto parameter = std::find_if(parameters_.begin(), parameters_.end(),
                                            [&](const Parameter& p) { return p.name == name; });
        if (parameter == parameters_.end())
            throw InvalidArgument(quoted + ": no parameter '" + std::string(name) + "'", where);
        const auto index = static_cast<std::size_t>(parameter - parameters_.begin());
        if (seen[index]) throw InvalidArgument(quoted + ": '" + std::string(name) + "' is given twice", where);
        const auto value = std::find_if(parameter->values.begin(), parameter->values.end(),
                                        [&](const ParameterValue& v) { return to_string(v) == word; });
        if (value == parameter->values.end())
            throw InvalidArgument(quoted + ": " + std::string(word) + " is not a value of '" + std::string(name) + "'",
                                  where);
        values[index].second = *value;
        seen[index] = true;
        start = comma + 1;
    }
    for (std::size_t i = 0; i < parameters_.size(); ++i)
        if (!seen[i]) throw InvalidArgument(quoted + ": no value for '" + parameters_[i].name + "'", where);
    return Configuration(std::move(values));
}

} // namespace rtcg::tuning
