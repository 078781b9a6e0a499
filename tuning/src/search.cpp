#include "search.hpp"

#include <algorithm>
#include <map>
#include <random>

namespace rtcg::tuning::detail {
namespace {

// Exhaustive and random sampling: a list fixed up front, handed out in order.
class ListSearch final : public Search {
public:
    ListSearch(std::vector<Configuration> order, std::size_t batch_size)
        : order_(std::move(order)), batch_size_(std::max<std::size_t>(batch_size, 1)) {}

    std::vector<Configuration> next_batch() override {
        const std::size_t end = std::min(next_ + batch_size_, order_.size());
        std::vector<Configuration> batch(order_.begin() + static_cast<std::ptrdiff_t>(next_),
                                         order_.begin() + static_cast<std::ptrdiff_t>(end));
        next_ = end;
        return batch;
    }
    void record(const Configuration&, std::optional<double>) override {}
    std::size_t planned() const noexcept override { return order_.size(); }

private:
    std::vector<Configuration> order_;
    std::size_t batch_size_;
    std::size_t next_ = 0;
};

class SteepestDescent final : public Search {
public:
    SteepestDescent(const ParameterSpace& space, std::vector<Configuration> valid, const LocalSearch& strategy)
        : space_(space), valid_(std::move(valid)), budget_(std::min(strategy.budget, valid_.size())),
          random_(strategy.seed), times_(valid_.size()), evaluated_(valid_.size(), false) {
        for (std::size_t i = 0; i < valid_.size(); ++i) index_of_.emplace(space_.positions_of(valid_[i]), i);
        for (const Configuration& start : strategy.starts)
            if (const auto found = find(start)) starts_.push_back(*found);
    }

    std::vector<Configuration> next_batch() override {
        while (evaluated_count_ < budget_) {
            if (!current_) {
                current_ = next_start();
                if (!current_) return {};
                return take({*current_});
            }
            const auto neighbours = neighbours_of(*current_);
            std::vector<std::size_t> fresh;
            std::copy_if(neighbours.begin(), neighbours.end(), std::back_inserter(fresh),
                         [&](std::size_t i) { return !evaluated_[i]; });
            if (!fresh.empty()) return take(fresh);
            // The whole neighbourhood is known: move downhill, or restart at a local optimum.
            std::optional<std::size_t> best = times_[*current_] ? current_ : std::nullopt;
            for (const std::size_t i : neighbours)
                if (times_[i] && (!best || *times_[i] < *times_[*best])) best = i;
            current_ = best == current_ ? std::nullopt : best;
        }
        return {};
    }

    void record(const Configuration& configuration, std::optional<double> time_ms) override {
        times_[index_of_.at(space_.positions_of(configuration))] = time_ms;
    }

    std::size_t planned() const noexcept override { return budget_; }

private:
    std::vector<Configuration> take(std::vector<std::size_t> indices) {
        indices.resize(std::min(indices.size(), budget_ - evaluated_count_));
        std::vector<Configuration> batch;
        for (const std::size_t i : indices) {
            evaluated_[i] = true;
            batch.push_back(valid_[i]);
        }
        evaluated_count_ += indices.size();
        return batch;
    }

    // The index of `configuration` among the valid ones; nullopt when it breaks a constraint.
    // Throws InvalidArgument when it is not a point of the space at all.
    std::optional<std::size_t> find(const Configuration& configuration) const {
        const auto found = index_of_.find(space_.positions_of(configuration));
        return found == index_of_.end() ? std::nullopt : std::optional<std::size_t>(found->second);
    }

    std::optional<std::size_t> next_start() {
        while (!starts_.empty()) {
            const std::size_t start = starts_.front();
            starts_.erase(starts_.begin());
            if (!evaluated_[start]) return start;
        }
        return random_unevaluated();
    }

    std::optional<std::size_t> random_unevaluated() {
        std::vector<std::size_t> candidates;
        for (std::size_t i = 0; i < valid_.size(); ++i)
            if (!evaluated_[i]) candidates.push_back(i);
        if (candidates.empty()) return std::nullopt;
        return candidates[std::uniform_int_distribution<std::size_t>(0, candidates.size() - 1)(random_)];
    }

    // For each parameter and direction, the nearest value that gives a valid configuration.
    std::vector<std::size_t> neighbours_of(std::size_t index) const {
        const auto origin = space_.positions_of(valid_[index]);
        std::vector<std::size_t> neighbours;
        for (std::size_t p = 0; p < origin.size(); ++p) {
            const auto count = static_cast<std::ptrdiff_t>(space_.parameters()[p].values.size());
            for (const std::ptrdiff_t direction : {-1, 1}) {
                auto positions = origin;
                for (auto at = static_cast<std::ptrdiff_t>(origin[p]) + direction; at >= 0 && at < count;
                     at += direction) {
                    positions[p] = static_cast<std::size_t>(at);
                    if (const auto found = index_of_.find(positions); found != index_of_.end()) {
                        neighbours.push_back(found->second);
                        break;
                    }
                }
            }
        }
        return neighbours;
    }

    const ParameterSpace& space_;
    std::vector<Configuration> valid_;
    std::map<std::vector<std::size_t>, std::size_t> index_of_;
    std::size_t budget_;
    std::mt19937_64 random_;
    std::vector<std::optional<double>> times_;
    std::vector<bool> evaluated_;
    std::size_t evaluated_count_ = 0;
    std::optional<std::size_t> current_;
    std::vector<std::size_t> starts_;
};

} // namespace

std::unique_ptr<Search> make_search(const Strategy& strategy, const ParameterSpace& space,
                                    std::vector<Configuration> valid, std::size_t batch_size) {
    if (const auto* local = std::get_if<LocalSearch>(&strategy))
        return std::make_unique<SteepestDescent>(space, std::move(valid), *local);
    if (const auto* sampling = std::get_if<RandomSampling>(&strategy)) {
        std::mt19937_64 random(sampling->seed);
        std::shuffle(valid.begin(), valid.end(), random);
        valid.resize(std::min(valid.size(), sampling->budget));
    }
    return std::make_unique<ListSearch>(std::move(valid), batch_size);
}

} // namespace rtcg::tuning::detail
