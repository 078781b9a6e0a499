#include "transport_selection.hpp"

#include "nccl_library.hpp"

#include <rtcg/core/error.hpp>

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

// The direct transports hand the device's own memory and stream to the library: core does not
// export them through its public API yet, so neither can run.
constexpr const char* no_native_handles =
    "rtcg's public API does not export CUDA streams and device pointers yet, which it needs";

TransportStatus nccl_status(bool cuda) {
    TransportStatus status{TransportKind::nccl, false, {}};
    if (!cuda) {
        status.reason = "the context is not CUDA's";
        return status;
    }
    const NcclProbe& probe = probe_nccl();
    status.reason = probe.found ? "NCCL " + probe.version + " found, but " + no_native_handles : probe.reason;
    return status;
}

TransportStatus mpi_status(bool cuda) {
    TransportStatus status{TransportKind::mpi, false, {}};
    if (!cuda) {
        status.reason = "the context is not CUDA's";
        return status;
    }
#if defined(MPIX_CUDA_AWARE_SUPPORT)
    status.reason = MPIX_Query_cuda_support() ? std::string("the MPI library is CUDA-aware, but ") + no_native_handles
                                              : "the MPI library says it is not CUDA-aware (MPIX_Query_cuda_support)";
#else
    status.reason = "the MPI library offers no MPIX_Query_cuda_support, so it is not assumed CUDA-aware";
#endif
    return status;
}

} // namespace

TransportReport choose_transport(const Context& context, std::size_t chunk_bytes) {
    const bool cuda = context.selector().rfind("cuda", 0) == 0;
    TransportReport report;
    report.candidates = {nccl_status(cuda), mpi_status(cuda),
                         {TransportKind::host, true,
                          "pinned host staging in chunks of " + std::to_string(chunk_bytes) + " bytes"}};
    const char* forced = std::getenv("RTCG_COMM");
    if (forced && *forced) {
        const std::string word = forced;
        for (const TransportStatus& status : report.candidates) {
            if (word != to_string(status.kind)) continue;
            if (!status.available)
                throw BackendUnavailable("RTCG_COMM=" + word + " forces a transport that is not available: " +
                                             status.reason,
                                         "Communicator");
            report.chosen = status.kind;
            report.forced = true;
            return report;
        }
        throw InvalidArgument("RTCG_COMM='" + word + "' names no transport: use nccl, mpi or host", "Communicator");
    }
    for (const TransportStatus& status : report.candidates) {
        if (!status.available) continue;
        report.chosen = status.kind;
        break;
    }
    return report;
}

} // namespace detail
} // namespace rtcg
