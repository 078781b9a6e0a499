#pragma once
// What moves a collective's data once the ranks have agreed on the call (agreement.hpp). The
// Communicator checks the arguments and agrees first, so a transport receives contiguous arrays of
// the communicator's context, with sizes that fit together and within max_message_bytes(), and
// the same call on every rank. The host transport (host_transport.hpp) implements it; a NCCL or
// CUDA-aware MPI transport implements the same calls on the device's own memory and stream.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/distributed/communicator.hpp>

#include <cstddef>
#include <span>

namespace rtcg::detail {

class Transport {
public:
    virtual ~Transport() = default;

    // The most bytes one message of a collective may carry (MPI's int counts for MPI transports).
    virtual std::size_t max_message_bytes() const noexcept = 0;
    // Makes room for a collective that sends `send_bytes` and receives `recv_bytes` whole, before
    // the ranks agree, so that a failure to get memory is reported to every rank. OutOfMemory.
    virtual void reserve(std::size_t send_bytes, std::size_t recv_bytes) = 0;

    virtual void all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) = 0;
    virtual void broadcast(const ArrayData& data, int root) = 0;
    virtual void reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) = 0;
    virtual void all_gather(const ArrayData& send, const ArrayData& recv) = 0;
    virtual void all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) = 0;
    virtual void reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) = 0;
    virtual void all_to_all(const ArrayData& send, const ArrayData& recv) = 0;
    virtual void all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts, const ArrayData& recv,
                              std::span<const std::size_t> recv_counts) = 0;
    // Point to point, after the header exchange has matched the two sides.
    virtual void send(const ArrayData& data, int destination, int tag) = 0;
    virtual void recv(const ArrayData& data, int source, int tag) = 0;
};

} // namespace rtcg::detail
