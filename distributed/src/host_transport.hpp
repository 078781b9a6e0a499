#pragma once
// The host transport: device data staged through pinned host memory (staging.hpp) and moved by
// MPI. Works for every backend; the only one for OpenCL.
#include "staging.hpp"
#include "transport.hpp"

#include <mpi.h>

namespace rtcg::detail {

class HostTransport final : public Transport {
public:
    // Over `comm` (not owned), for arrays of `context`, with chunks of `chunk_bytes`.
    HostTransport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes);

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
    MPI_Comm comm_;
    int rank_ = 0;
    int size_ = 1;
    StagingPool pool_;
    void* send_area_ = nullptr;
    void* recv_area_ = nullptr;
};

} // namespace rtcg::detail
