#pragma once
// The strategies as one interface: the tuner asks for batches of configurations (compiled
// together on host threads) and reports each one's time back, which local search steers by.
#include <rtcg/tuning/parameter_space.hpp>
#include <rtcg/tuning/strategy.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace rtcg::tuning::detail {

class Search {
public:
    virtual ~Search() = default;
    // The next configurations to evaluate, none evaluated before; empty when the search is over.
    virtual std::vector<Configuration> next_batch() = 0;
    // The outcome of a configuration of the last batch: its time, or nullopt when it failed.
    virtual void record(const Configuration& configuration, std::optional<double> time_ms) = 0;
    // How many variants the search will evaluate at most.
    virtual std::size_t planned() const noexcept = 0;
};

// `valid`: the space's valid configurations, as ParameterSpace::valid_configurations gives them.
// Fixed lists (exhaustive, random) come in batches of `batch_size`.
std::unique_ptr<Search> make_search(const Strategy& strategy, const ParameterSpace& space,
                                    std::vector<Configuration> valid, std::size_t batch_size);

} // namespace rtcg::tuning::detail
