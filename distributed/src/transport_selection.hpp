#pragma once
// Which transport a communicator takes (transports.hpp), from the context, the libraries found
// and RTCG_COMM.
#include <rtcg/core/context.hpp>
#include <rtcg/distributed/transports.hpp>

#include <cstddef>

namespace rtcg::detail {

// The state of every transport for `context` and the one chosen. BackendUnavailable when RTCG_COMM
// forces one that is not available; InvalidArgument for an RTCG_COMM that names none.
TransportReport choose_transport(const Context& context, std::size_t chunk_bytes);

} // namespace rtcg::detail
