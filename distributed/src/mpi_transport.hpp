#pragma once
// The mpi transport: the device memory of CUDA contexts handed to a CUDA-aware MPI library
// (MPIX_Query_cuda_support said so). MPI knows no streams: each call first waits for the work
// already on the context's current queue (finish()), then runs the MPI call on the device
// pointers with the context bound, and returns when the data has moved.
#include "transport.hpp"

#include <rtcg/core/context.hpp>

#include <mpi.h>

#include <cstdint>

namespace rtcg::detail {

class MpiTransport final : public Transport {
public:
    // Over `comm` (not owned), for arrays of the CUDA context `context`.
    MpiTransport(MPI_Comm comm, const Context& context);

    std::size_t max_message_bytes() const noexcept override;
    // MPI works in the arrays' own memory: nothing to reserve.
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
    // Waits for the current queue, binds the context and runs `call`.
    template <class Call>
    void run(Call&& call);

    MPI_Comm comm_;
    Context context_;
    std::uintptr_t cuda_context_;
    int rank_ = 0;
    int size_ = 1;
};

} // namespace rtcg::detail
