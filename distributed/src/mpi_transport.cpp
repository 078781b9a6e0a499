#include "mpi_transport.hpp"

#include "cuda_binding.hpp"
#include "mpi_call.hpp"
#include "mpi_types.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/interop.hpp>

#include <algorithm>
#include <climits>
#include <vector>

namespace rtcg::detail {
namespace {

// Calls `step(offset, elements)` over [0, count) elements in pieces whose bytes fit MPI's int
// counts, as the host transport's chunks let all-reduce, broadcast, reduce, send and receive carry
// any size.
template <class Step>
void in_pieces(std::size_t count, std::size_t element_size, Step&& step) {
    const std::size_t piece = static_cast<std::size_t>(INT_MAX) / element_size;
    for (std::size_t offset = 0; offset < count; offset += piece) step(offset, std::min(piece, count - offset));
}

char* at(void* base, std::size_t elements, std::size_t element_size) {
    return static_cast<char*>(base) + elements * element_size;
}

// The send buffer, or MPI_IN_PLACE where it is the receive buffer (MPI forbids aliased buffers;
// the Communicator lets one array be both where the sizes allow, as on one rank).
void* in_place(const ArrayData& send, const ArrayData& recv) {
    void* source = cuda_address(send);
    return source != nullptr && source == cuda_address(recv) ? MPI_IN_PLACE : source;
}

} // namespace

MpiTransport::MpiTransport(MPI_Comm comm, const Context& context)
    : comm_(comm), context_(context),
      cuda_context_(static_cast<std::uintptr_t>(interop::native_context(context, "cuda").context)) {
    mpi_check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
    mpi_check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
}

template <class Call>
void MpiTransport::run(Call&& call) {
    current_queue(context_).finish();
    CudaContextBinding bound(cuda_context_);
    call();
}

std::size_t MpiTransport::max_message_bytes() const noexcept { return INT_MAX; }

void MpiTransport::reserve(std::size_t, std::size_t) {}

void MpiTransport::all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::all_reduce");
    if (send.size() == 0) return;
    void* source = cuda_address(send);
    void* target = cuda_address(recv);
    const std::size_t element = send.dtype().size();
    run([&] {
        in_pieces(send.size(), element, [&](std::size_t offset, std::size_t count) {
            mpi_check(MPI_Allreduce(source == target ? MPI_IN_PLACE : at(source, offset, element),
                                    at(target, offset, element), static_cast<int>(count), type, mpi_op(op), comm_),
                      "MPI_Allreduce");
        });
    });
}

void MpiTransport::broadcast(const ArrayData& data, int root) {
    if (data.nbytes() == 0) return;
    void* memory = cuda_address(data);
    run([&] {
        in_pieces(data.nbytes(), 1, [&](std::size_t offset, std::size_t bytes) {
            mpi_check(MPI_Bcast(at(memory, offset, 1), static_cast<int>(bytes), MPI_BYTE, root, comm_), "MPI_Bcast");
        });
    });
}

void MpiTransport::reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::reduce");
    if (send.size() == 0) return;
    void* source = cuda_address(send);
    void* target = rank_ == root ? cuda_address(recv) : nullptr;
    const std::size_t element = send.dtype().size();
    run([&] {
        in_pieces(send.size(), element, [&](std::size_t offset, std::size_t count) {
            mpi_check(MPI_Reduce(source == target ? MPI_IN_PLACE : at(source, offset, element),
                                 target ? at(target, offset, element) : nullptr, static_cast<int>(count), type,
                                 mpi_op(op), root, comm_),
                      "MPI_Reduce");
        });
    });
}

void MpiTransport::all_gather(const ArrayData& send, const ArrayData& recv) {
    if (send.nbytes() == 0) return;
    const int bytes = static_cast<int>(send.nbytes());
    run([&] {
        mpi_check(MPI_Allgather(in_place(send, recv), bytes, MPI_BYTE, cuda_address(recv), bytes, MPI_BYTE, comm_),
                  "MPI_Allgather");
    });
}

void MpiTransport::all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) {
    std::vector<int> bytes, displacements;
    byte_layout(counts, send.dtype().size(), bytes, displacements);
    run([&] {
        mpi_check(MPI_Allgatherv(in_place(send, recv), bytes[static_cast<std::size_t>(rank_)], MPI_BYTE,
                                 cuda_address(recv), bytes.data(), displacements.data(), MPI_BYTE, comm_),
                  "MPI_Allgatherv");
    });
}

void MpiTransport::reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const MPI_Datatype type = reduction_type(send.dtype(), op, "Communicator::reduce_scatter");
    if (recv.size() == 0) return;
    run([&] {
        mpi_check(MPI_Reduce_scatter_block(in_place(send, recv), cuda_address(recv), static_cast<int>(recv.size()),
                                           type, mpi_op(op), comm_),
                  "MPI_Reduce_scatter_block");
    });
}

void MpiTransport::all_to_all(const ArrayData& send, const ArrayData& recv) {
    if (send.nbytes() == 0) return;
    const int block = static_cast<int>(send.nbytes() / static_cast<std::size_t>(size_));
    run([&] {
        mpi_check(MPI_Alltoall(in_place(send, recv), block, MPI_BYTE, cuda_address(recv), block, MPI_BYTE, comm_),
                  "MPI_Alltoall");
    });
}

void MpiTransport::all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts, const ArrayData& recv,
                                std::span<const std::size_t> recv_counts) {
    std::vector<int> send_bytes, send_displacements, recv_bytes, recv_displacements;
    byte_layout(send_counts, send.dtype().size(), send_bytes, send_displacements);
    byte_layout(recv_counts, recv.dtype().size(), recv_bytes, recv_displacements);
    run([&] {
        mpi_check(MPI_Alltoallv(in_place(send, recv), send_bytes.data(), send_displacements.data(), MPI_BYTE,
                                cuda_address(recv), recv_bytes.data(), recv_displacements.data(), MPI_BYTE, comm_),
                  "MPI_Alltoallv");
    });
}

void MpiTransport::send(const ArrayData& data, int destination, int tag) {
    void* memory = cuda_address(data);
    run([&] {
        in_pieces(data.nbytes(), 1, [&](std::size_t offset, std::size_t bytes) {
            mpi_check(MPI_Send(at(memory, offset, 1), static_cast<int>(bytes), MPI_BYTE, destination, tag, comm_),
                      "MPI_Send");
        });
    });
}

void MpiTransport::recv(const ArrayData& data, int source, int tag) {
    void* memory = cuda_address(data);
    run([&] {
        in_pieces(data.nbytes(), 1, [&](std::size_t offset, std::size_t bytes) {
            mpi_check(MPI_Recv(at(memory, offset, 1), static_cast<int>(bytes), MPI_BYTE, source, tag, comm_,
                               MPI_STATUS_IGNORE),
                      "MPI_Recv");
        });
    });
}

} // namespace rtcg::detail
