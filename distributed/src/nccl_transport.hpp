#pragma once
// The nccl transport: NCCL's collectives on the device memory of CUDA contexts, enqueued on the
// stream of the context's current queue (rtcg/arrays/queue_scope.hpp), so that they run after the
// work already queued there and before the work queued after. A call returns once its work is
// enqueued; later array work on that queue sees the result, and the host sees it after that
// queue's finish() or an event recorded after the call.
//
// Reductions NCCL has no type or operation for (16-bit integers; complex products) go through
// the host transport instead, made the first time one is needed. Every NCCL result is checked,
// and so is the communicator's asynchronous error after each call: on an error the NCCL
// communicator is aborted and NcclError thrown, then and on every later call.
#include "host_transport.hpp"
#include "nccl_library.hpp"
#include "transport.hpp"

#include <rtcg/core/context.hpp>

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>

namespace rtcg::detail {

class NcclTransport final : public Transport {
public:
    // Collective over `comm` (not owned): rank 0's ncclGetUniqueId broadcast over MPI, then
    // ncclCommInitRank on every rank with the context's device current, NCCL_NVLS_ENABLE=0 set
    // first. Every rank throws when any failed: the failing rank its NcclError (or BackendError
    // when its CUDA context could not be bound), the others PeerFailure naming it.
    NcclTransport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes, const NcclApi& api);
    // ncclCommDestroy, which completes the communicator's queued work; after an error the
    // communicator was aborted already.
    ~NcclTransport() override;
    NcclTransport(const NcclTransport&) = delete;
    NcclTransport& operator=(const NcclTransport&) = delete;

    std::size_t max_message_bytes() const noexcept override;
    void reserve(std::size_t send_bytes, std::size_t recv_bytes) override;

    void all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) override;
    void broadcast(const ArrayData& data, int root) override;
    void reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) override;
    void all_gather(const ArrayData& send, const ArrayData& recv) override;
    void all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) override;
    void reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) override;
    void all_to_all(const ArrayData& send, const ArrayData& recv) override;
    void all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts, const ArrayData& recv,
                      std::span<const std::size_t> recv_counts) override;
    void send(const ArrayData& data, int destination, int tag) override;
    void recv(const ArrayData& data, int source, int tag) override;

private:
    // Runs `body(stream)` with the context bound and the current queue's stream, then checks the
    // communicator's asynchronous error. NcclError once the communicator has been aborted.
    template <class Body>
    void run(const char* where, Body&& body);
    // NcclError for a failed `call`, after aborting the communicator.
    void check(int result, const char* call);
    [[noreturn]] void fail(int result, const char* call, const std::string& context);

    // The host transport for the reductions NCCL cannot do, made on first use.
    HostTransport& fallback();

    MPI_Comm mpi_;
    Context context_;
    std::size_t chunk_bytes_;
    const NcclApi& api_;
    std::uintptr_t cuda_context_ = 0;
    NcclComm comm_ = nullptr;
    bool aborted_ = false;
    int rank_ = 0;
    int size_ = 1;
    std::unique_ptr<HostTransport> fallback_;
};

} // namespace rtcg::detail
