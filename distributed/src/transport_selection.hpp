#pragma once
// Which transport a communicator takes (transports.hpp), from the context, the libraries found,
// what every rank can use and RTCG_COMM; and the transport itself.
#include "transport.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/distributed/transports.hpp>

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <optional>

namespace rtcg::detail {

// The transport RTCG_COMM forces, if any. InvalidArgument for a word that names none.
std::optional<TransportKind> forced_transport();

// Chooses and makes the transport for `context` over `comm` (collective: every rank takes the
// same one), filling in `report`. A transport is a candidate where every rank can use it; the
// first of nccl, mpi, host that starts is taken, a failed start logged (debug) and passed over.
// BackendUnavailable on every rank when `forced` names one that is not available or does not
// start.
std::unique_ptr<Transport> make_transport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes,
                                          std::optional<TransportKind> forced, TransportReport& report);

} // namespace rtcg::detail
