#pragma once
/// \file
/// How a Communicator moves device data between ranks, chosen when it is made:
///
/// - `nccl`: NCCL between CUDA devices, libnccl.so.2 opened with dlopen (a program starts where it
///   is absent), its unique id broadcast over MPI, its collectives on the stream of the context's
///   current queue; NCCL_NVLS_ENABLE is set to 0 before NCCL starts (NVLink multicast stays off);
/// - `mpi`: device memory handed to MPI directly, where the MPI library says it is CUDA-aware
///   (MPIX_Query_cuda_support), never assumed;
/// - `host`: device data staged through pinned host buffers, allocated once per communicator, in
///   chunks whose device copies overlap the MPI transfers of the chunks before; always available,
///   and the only one for OpenCL contexts.
///
/// A transport is a candidate when every rank of the communicator can use it (the ranks agree on
/// it when the communicator is made). The first candidate of nccl, mpi, host that starts is
/// taken: a NCCL that is missing, or fails to start on any rank, is passed over with a line in the
/// debug log, and every rank goes on to the next. RTCG_COMM=nccl|mpi|host forces one (set it alike
/// on every rank): a forced one that is not available or does not start is BackendUnavailable on
/// every rank, saying why. The choice and the reason each other transport was passed over go to
/// the debug log (RTCG_LOG_LEVEL=debug) and are returned by Communicator::transport().
#include <rtcg/core/export.hpp>

#include <string>
#include <vector>

namespace rtcg {

/// A way of moving device data between ranks; see transports.hpp.
enum class TransportKind { nccl, mpi, host };

/// "nccl", "mpi", "host": RTCG_COMM's words.
RTCG_API const char* to_string(TransportKind kind) noexcept;

/// Whether one transport can serve a communicator, and why not.
struct TransportStatus {
    TransportKind kind = TransportKind::host; ///< the transport
    bool available = false;                   ///< whether it could be used
    std::string reason;                       ///< why not, or what it found (a library version)
};

/// The transport a communicator uses and the state of every one.
struct RTCG_API TransportReport {
    TransportKind chosen = TransportKind::host; ///< the transport in use
    std::vector<TransportStatus> candidates;    ///< nccl, mpi, host, in that order
    bool forced = false;                        ///< whether RTCG_COMM chose it

    /// One line: "host (nccl: ...; mpi: ...)".
    std::string describe() const;
};

} // namespace rtcg
