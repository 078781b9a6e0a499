#include "host_transport.hpp"

#include "mpi_call.hpp"
#include "mpi_types.hpp"

#include <climits>
#include <vector>

namespace rtcg::detail {

HostTransport::HostTransport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes)
    : comm_(comm), pool_(context, chunk_bytes) {
    mpi_check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
    mpi_check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
}

std::size_t HostTransport::max_message_bytes() const noexcept { return INT_MAX; }

void HostTransport::reserve(std::size_t send_bytes, std::size_t recv_bytes) {
    send_area_ = pool_.area(0, send_bytes);
    recv_area_ = pool_.area(1, recv_bytes);
}

void HostTransport::all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::all_reduce");
    const std::size_t element = send.dtype().size();
    pool_.pipeline(&send, &recv, send.nbytes(), element, [&](void* host, std::size_t bytes) {
        mpi_check(MPI_Allreduce(MPI_IN_PLACE, host, static_cast<int>(bytes / element), type, mpi_op(op), comm_),
                  "MPI_Allreduce");
    });
}

void HostTransport::broadcast(const ArrayData& data, int root) {
    const bool is_root = rank_ == root;
    pool_.pipeline(is_root ? &data : nullptr, is_root ? nullptr : &data, data.nbytes(), data.dtype().size(),
                   [&](void* host, std::size_t bytes) {
                       mpi_check(MPI_Bcast(host, static_cast<int>(bytes), MPI_BYTE, root, comm_), "MPI_Bcast");
                   });
}

void HostTransport::reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::reduce");
    const bool is_root = rank_ == root;
    const std::size_t element = send.dtype().size();
    pool_.pipeline(&send, is_root ? &recv : nullptr, send.nbytes(), element, [&](void* host, std::size_t bytes) {
        const int count = static_cast<int>(bytes / element);
        mpi_check(MPI_Reduce(is_root ? MPI_IN_PLACE : host, is_root ? host : nullptr, count, type, mpi_op(op), root,
                             comm_),
                  "MPI_Reduce");
    });
}

void HostTransport::all_gather(const ArrayData& send, const ArrayData& recv) {
    const int bytes = static_cast<int>(send.nbytes());
    read_array(send, send_area_);
    mpi_check(MPI_Allgather(send_area_, bytes, MPI_BYTE, recv_area_, bytes, MPI_BYTE, comm_), "MPI_Allgather");
    write_array(recv, recv_area_);
}

void HostTransport::all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) {
    std::vector<int> bytes, displacements;
    byte_layout(counts, send.dtype().size(), bytes, displacements);
    read_array(send, send_area_);
    mpi_check(MPI_Allgatherv(send_area_, bytes[static_cast<std::size_t>(rank_)], MPI_BYTE, recv_area_, bytes.data(),
                             displacements.data(), MPI_BYTE, comm_),
              "MPI_Allgatherv");
    write_array(recv, recv_area_);
}

void HostTransport::reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::reduce_scatter");
    read_array(send, send_area_);
    mpi_check(MPI_Reduce_scatter_block(send_area_, recv_area_, static_cast<int>(recv.size()), type, mpi_op(op), comm_),
              "MPI_Reduce_scatter_block");
    write_array(recv, recv_area_);
}

void HostTransport::all_to_all(const ArrayData& send, const ArrayData& recv) {
    const int block = static_cast<int>(send.nbytes() / static_cast<std::size_t>(size_));
    read_array(send, send_area_);
    mpi_check(MPI_Alltoall(send_area_, block, MPI_BYTE, recv_area_, block, MPI_BYTE, comm_), "MPI_Alltoall");
    write_array(recv, recv_area_);
}

void HostTransport::all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts,
                                 const ArrayData& recv, std::span<const std::size_t> recv_counts) {
    std::vector<int> send_bytes, send_displacements, recv_bytes, recv_displacements;
    byte_layout(send_counts, send.dtype().size(), send_bytes, send_displacements);
    byte_layout(recv_counts, recv.dtype().size(), recv_bytes, recv_displacements);
    read_array(send, send_area_);
    mpi_check(MPI_Alltoallv(send_area_, send_bytes.data(), send_displacements.data(), MPI_BYTE, recv_area_,
                            recv_bytes.data(), recv_displacements.data(), MPI_BYTE, comm_),
              "MPI_Alltoallv");
    write_array(recv, recv_area_);
}

void HostTransport::send(const ArrayData& data, int destination, int tag) {
    pool_.pipeline(&data, nullptr, data.nbytes(), data.dtype().size(), [&](void* host, std::size_t bytes) {
        mpi_check(MPI_Send(host, static_cast<int>(bytes), MPI_BYTE, destination, tag, comm_), "MPI_Send");
    });
}

void HostTransport::recv(const ArrayData& data, int source, int tag) {
    pool_.pipeline(nullptr, &data, data.nbytes(), data.dtype().size(), [&](void* host, std::size_t bytes) {
        mpi_check(MPI_Recv(host, static_cast<int>(bytes), MPI_BYTE, source, tag, comm_, MPI_STATUS_IGNORE), "MPI_Recv");
    });
}

} // namespace rtcg::detail
