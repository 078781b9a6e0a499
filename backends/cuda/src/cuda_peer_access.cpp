// Copies between contexts (rtcg/core/peer.hpp): which devices reach each other's memory, and
// enabling that once per pair of contexts.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/support.hpp>

#include <algorithm>

namespace rtcg::cuda {
namespace {

bool device_reaches(const DriverApi& api, CUdevice from, CUdevice to) {
    int can = 0;
    check(api.cuDeviceCanAccessPeer(&can, from, to), "cuDeviceCanAccessPeer");
    return can != 0;
}

// Lets `from`'s context reach `to`'s memory where the devices allow it.
void grant_access(const CudaContext& from, const CudaContext& to) {
    const DriverApi& api = from.api();
    if (!device_reaches(api, from.device_handle(), to.device_handle())) return;
    from.make_current();
    const CUresult enabled = api.cuCtxEnablePeerAccess(to.handle(), 0);
    if (enabled == CUDA_SUCCESS || enabled == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) return;
    // The device's peer slots are all taken: the copies still work, through the host.
    if (enabled == CUDA_ERROR_TOO_MANY_PEERS) {
        plugin::logger().debug("{} has no peer slot left for {}: copies between them go through the host",
                               from.device().name, to.device().name);
        return;
    }
    throw_driver_error(enabled, "cuCtxEnablePeerAccess",
                       "letting " + from.device().name + " reach the memory of " + to.device().name);
}

} // namespace

bool CudaContext::can_access_peer(plugin::ContextImpl& peer) {
    const auto& other = static_cast<const CudaContext&>(peer);
    if (other.device_ == device_) return true;
    return device_reaches(api_, device_, other.device_) && device_reaches(api_, other.device_, device_);
}

void CudaContext::enable_peer_access(const CudaContext& peer) const {
    if (peer.device_ == device_) return;
    {
        std::lock_guard lock(peers_mutex_);
        if (std::find(peers_done_.begin(), peers_done_.end(), peer.serial_) != peers_done_.end()) return;
    }
    // Two threads may both get here for one pair; the second finds access already enabled.
    grant_access(*this, peer);
    grant_access(peer, *this);
    std::lock_guard lock(peers_mutex_);
    peers_done_.push_back(peer.serial_);
}

} // namespace rtcg::cuda
