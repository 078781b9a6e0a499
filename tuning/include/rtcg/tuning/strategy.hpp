#pragma once
/// \file
/// How a tuner walks a parameter space. Every strategy only ever proposes configurations that
/// meet the space's constraints, and never the same one twice. A budget counts the variants
/// evaluated (compiled, checked and timed, or found broken on the way).
#include <rtcg/tuning/configuration.hpp>

#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

namespace rtcg::tuning {

/// Every valid configuration.
struct Exhaustive {};

/// `budget` valid configurations drawn uniformly without repetition (all of them when there are
/// fewer); the same seed draws the same ones.
struct RandomSampling {
    std::size_t budget = 32; ///< how many configurations to evaluate at most
    std::uint64_t seed = 1; ///< the random generator's seed
};

/// Steepest descent: from a valid configuration, evaluate its neighbours (each parameter moved to
/// the nearest valid value on either side in its list) and move to the fastest while it improves;
/// at a local optimum, restart. The first descents begin at `starts` (what is known to do well on
/// similar devices, so that a small budget is spent near it), in order, skipping any that breaks a
/// constraint here or was already evaluated (a start that is not a point of the space at all is an
/// InvalidArgument); later ones at random configurations not yet evaluated. Stops after
/// `budget` variants or when every valid configuration has been evaluated.
struct LocalSearch {
    std::size_t budget = 48; ///< how many configurations to evaluate at most
    std::uint64_t seed = 1; ///< the random generator's seed, for the restarts
    std::vector<Configuration> starts = {}; ///< where the first descents begin, in order
};

/// How the tuner picks the configurations to evaluate.
using Strategy = std::variant<Exhaustive, RandomSampling, LocalSearch>;

} // namespace rtcg::tuning
