#include "transport_selection.hpp"

#include "host_transport.hpp"
#include "mpi_call.hpp"
#include "mpi_transport.hpp"
#include "nccl_library.hpp"
#include "nccl_transport.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <spdlog/logger.h>

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif

#include <cstdlib>
#include <string>

namespace rtcg {

const char* to_string(TransportKind kind) noexcept {
    switch (kind) {
    case TransportKind::nccl: return "nccl";
    case TransportKind::mpi: return "mpi";
    case TransportKind::host: return "host";
    }
    return "?";
}

std::string TransportReport::describe() const {
    std::string text = std::string(to_string(chosen)) + (forced ? " (forced by RTCG_COMM)" : "");
    std::string others;
    for (const TransportStatus& status : candidates) {
        if (status.kind == chosen) continue;
        others += (others.empty() ? "" : "; ") + std::string(to_string(status.kind)) + ": " + status.reason;
    }
    return others.empty() ? text : text + " (" + others + ")";
}

namespace detail {
namespace {

TransportStatus nccl_status(bool cuda) {
    TransportStatus status{TransportKind::nccl, false, {}};
    if (!cuda) {
        status.reason = "the context is not CUDA's";
        return status;
    }
    const NcclProbe& probe = probe_nccl();
    status.available = probe.found;
    status.reason = probe.found ? "NCCL " + probe.version : probe.reason;
    return status;
}

TransportStatus mpi_status(bool cuda) {
    TransportStatus status{TransportKind::mpi, false, {}};
    if (!cuda) {
        status.reason = "the context is not CUDA's";
        return status;
    }
#if defined(MPIX_CUDA_AWARE_SUPPORT)
    status.available = MPIX_Query_cuda_support() != 0;
    status.reason = status.available ? "the MPI library is CUDA-aware (MPIX_Query_cuda_support)"
                                     : "the MPI library says it is not CUDA-aware (MPIX_Query_cuda_support)";
#else
    status.reason = "the MPI library offers no MPIX_Query_cuda_support, so it is not assumed CUDA-aware";
#endif
    return status;
}

// Keeps the transports every rank of `comm` can use; the others say so.
void agree_on_availability(MPI_Comm comm, std::vector<TransportStatus>& candidates) {
    unsigned mine = 0;
    for (std::size_t k = 0; k < candidates.size(); ++k)
        if (candidates[k].available) mine |= 1u << k;
    unsigned everyone = mine;
    mpi_check(MPI_Allreduce(&mine, &everyone, 1, MPI_UNSIGNED, MPI_BAND, comm), "MPI_Allreduce");
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (!candidates[k].available || (everyone >> k & 1u)) continue;
        candidates[k].available = false;
        candidates[k].reason += ", but not every rank can use it";
    }
}

std::unique_ptr<Transport> start(TransportKind kind, MPI_Comm comm, const Context& context, std::size_t chunk_bytes) {
    switch (kind) {
    case TransportKind::nccl: return std::make_unique<NcclTransport>(comm, context, chunk_bytes, probe_nccl().api);
    case TransportKind::mpi: return std::make_unique<MpiTransport>(comm, context);
    case TransportKind::host: break;
    }
    return std::make_unique<HostTransport>(comm, context, chunk_bytes);
}

} // namespace

std::optional<TransportKind> forced_transport() {
    const char* forced = std::getenv("RTCG_COMM");
    if (!forced || !*forced) return std::nullopt;
    const std::string word = forced;
    for (const TransportKind kind : {TransportKind::nccl, TransportKind::mpi, TransportKind::host})
        if (word == to_string(kind)) return kind;
    throw InvalidArgument("RTCG_COMM='" + word + "' names no transport: use nccl, mpi or host", "Communicator");
}

std::unique_ptr<Transport> make_transport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes,
                                          std::optional<TransportKind> forced, TransportReport& report) {
    const bool cuda = context.selector().rfind("cuda", 0) == 0;
    report = {};
    report.candidates = {nccl_status(cuda), mpi_status(cuda),
                         {TransportKind::host, true,
                          "pinned host staging in chunks of " + std::to_string(chunk_bytes) + " bytes"}};
    agree_on_availability(comm, report.candidates);
    report.forced = forced.has_value();
    for (TransportStatus& status : report.candidates) {
        if (forced && status.kind != *forced) continue;
        if (!status.available) {
            if (forced)
                throw BackendUnavailable(std::string("RTCG_COMM=") + to_string(status.kind) +
                                             " forces a transport that is not available: " + status.reason,
                                         "Communicator");
            continue;
        }
        // Every rank tries the same transport, and a start that fails on one fails on all.
        try {
            std::unique_ptr<Transport> transport = start(status.kind, comm, context, chunk_bytes);
            report.chosen = status.kind;
            return transport;
        } catch (const Error& e) {
            status.available = false;
            status.reason += std::string(", but it did not start: ") + e.what();
            if (forced)
                throw BackendUnavailable(std::string("RTCG_COMM=") + to_string(status.kind) +
                                             " forces a transport that did not start: " + e.what(),
                                         "Communicator");
            plugin::logger().debug("the {} transport did not start, trying the next: {}", to_string(status.kind),
                                   e.what());
        }
    }
    throw BackendUnavailable("no transport started", "Communicator");
}

} // namespace detail
} // namespace rtcg
