#include "scan_tile_states.hpp"

#include <algorithm>

namespace rtcg::detail {

ScanTileStates::Grant ScanTileStates::next(const Context& context, Queue& queue, std::size_t tiles) {
    const std::lock_guard lock(mutex_);
    if (tiles > tiles_) {
        const std::size_t capacity = std::max(tiles, 2 * tiles_);
        auto grown = std::make_shared<Buffer>(context.allocate(bytes_for(capacity)));
        queue.fill(*grown, std::uint32_t{0});
        states_ = std::move(grown);
        tiles_ = capacity;
        epoch_ = 0;
    } else if (epoch_ == last_epoch_) {
        // Queued after every scan that used the old epochs, before any that uses the new ones.
        queue.fill(*states_, std::uint32_t{0});
        epoch_ = 0;
    }
    return Grant{states_, ++epoch_};
}

} // namespace rtcg::detail
