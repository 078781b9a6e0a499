#pragma once
/// \file
/// What a tuner may vary: named parameters, each with the values it may take, and constraints
/// that rule combinations out before anything is generated or compiled.
///
/// \code
///   rtcg::tuning::ParameterSpace space;
///   space.powers_of_two("tile", 8, 64)
///        .integer("work_per_thread", {1, 2, 4})
///        .choice("loads", {"scalar", "vector"})
///        .constraint("work_per_thread divides tile",
///                    [](const Configuration& c) { return c.integer("tile") % c.integer("work_per_thread") == 0; });
/// \endcode
///
/// Parameter names and choice words are C identifiers ([A-Za-z_][A-Za-z0-9_]*), so that a
/// configuration's text ("tile=16,loads=vector") parses back unambiguously. The order of a
/// parameter's values is the order local search walks them in: list them from small to large.
#include <rtcg/core/export.hpp>
#include <rtcg/tuning/configuration.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::tuning {

/// A tunable parameter and the values it may take, in order.
struct Parameter {
    std::string name; ///< a C identifier, the name templates see
    std::vector<ParameterValue> values; ///< all integers or all words
};

/// A rule every valid configuration keeps.
struct Constraint {
    std::string description; ///< what must hold, as a reader would say it
    std::function<bool(const Configuration&)> holds; ///< true where the configuration keeps the rule
};

/// The parameters of a kernel's variants and the constraints between them.
class RTCG_API ParameterSpace {
public:
    /// An integer parameter taking `values`, in order. Each of these adders throws
    /// InvalidArgument for a malformed or repeated name, an empty or repeated value list, or a
    /// word that is not an identifier.
    ParameterSpace& integer(std::string name, std::vector<std::int64_t> values);
    /// from, 2 from, 4 from, ... up to `to`; both powers of two.
    ParameterSpace& powers_of_two(std::string name, std::int64_t from, std::int64_t to);
    /// A parameter taking one of `words`, C identifiers, in order.
    ParameterSpace& choice(std::string name, std::vector<std::string> words);
    /// A rule every configuration evaluated must keep; `description` says it in words.
    ParameterSpace& constraint(std::string description, std::function<bool(const Configuration&)> holds);

    /// The parameters, in the order they were added.
    const std::vector<Parameter>& parameters() const noexcept { return parameters_; }
    /// The constraints, in the order they were added.
    const std::vector<Constraint>& constraints() const noexcept { return constraints_; }
    /// The number of combinations before the constraints.
    std::size_t combinations() const;

    /// The description of the first constraint `configuration` breaks, or nullopt.
    std::optional<std::string> violated_constraint(const Configuration& configuration) const;
    /// Every combination that meets all constraints, in lexicographic order of value positions.
    /// Throws InvalidArgument when the space has more than 2^22 combinations.
    std::vector<Configuration> valid_configurations() const;
    /// The configuration that picks the value at `positions[i]` for parameter i.
    Configuration at(const std::vector<std::size_t>& positions) const;
    /// Where each of `configuration`'s values is in its parameter's list; InvalidArgument when it
    /// does not belong to this space.
    std::vector<std::size_t> positions_of(const Configuration& configuration) const;

    /// The inverse of Configuration::to_string: every parameter once, each value one of its own.
    /// Throws InvalidArgument naming what is wrong. Constraints are not checked.
    Configuration parse(std::string_view text) const;

private:
    ParameterSpace& add(std::string name, std::vector<ParameterValue> values);

    std::vector<Parameter> parameters_;
    std::vector<Constraint> constraints_;
};

} // namespace rtcg::tuning
