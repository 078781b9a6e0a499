#pragma once
// How a tuner walks a parameter space. Every strategy only ever proposes configurations that
// meet the space's constraints, and never the same one twice. A budget counts the variants
// evaluated (compiled, checked and timed, or found broken on the way).
#include <cstddef>
#include <cstdint>
#include <variant>

namespace rtcg::tuning {

// Every valid configuration.
struct Exhaustive {};

// `budget` valid configurations drawn uniformly without repetition (all of them when there are
// fewer); the same seed draws the same ones.
struct RandomSampling {
    std::size_t budget = 32;
    std::uint64_t seed = 1;
};

// Steepest descent: from a random valid configuration, evaluate its neighbours (each parameter
// moved to the nearest valid value on either side in its list) and move to the fastest while it
// improves; at a local optimum, restart from a random configuration not yet evaluated. Stops
// after `budget` variants or when every valid configuration has been evaluated.
struct LocalSearch {
    std::size_t budget = 48;
    std::uint64_t seed = 1;
};

using Strategy = std::variant<Exhaustive, RandomSampling, LocalSearch>;

} // namespace rtcg::tuning
