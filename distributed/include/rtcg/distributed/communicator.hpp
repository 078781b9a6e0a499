#pragma once
/// \file
/// Communicator: collectives and point-to-point transfers of Arrays between the ranks of an MPI
/// communicator, one rank per device.
///
/// \code
///   rtcg::MpiSession mpi(argc, argv);                    // MPI_Init_thread .. MPI_Finalize
///   rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);   // this rank's device
///   rtcg::Communicator comm(MPI_COMM_WORLD, ctx);
///   auto x = rtcg::Array<float>::full(ctx, 1000, float(comm.rank()));
///   comm.all_reduce(x, rtcg::ReduceOp::sum);             // in place, on every rank
/// \endcode
///
/// The communicator works on its own duplicate of the MPI communicator it is given (the caller's
/// keeps its error handler and its messages stay apart from rtcg's), with MPI_ERRORS_RETURN, so
/// that every MPI failure becomes an MpiError.
///
/// Arrays must be C-contiguous (a contiguous view of a larger array is fine); send and receive
/// arrays are either the same array or do not overlap. The data is read after the work already on
/// the array's context's current queue (queue_scope.hpp) and written before the work that follows
/// on that queue. With the host transport (and CUDA-aware MPI) a call returns when its data has
/// moved; with NCCL it returns once the transfer is enqueued on that queue's stream, so the host
/// sees the result after the queue's finish(), an Event recorded after the call, or a read of the
/// array (which goes through the queue).
///
/// Every collective first agrees on a small descriptor (operation, element type, counts, root,
/// reduction) with one small all-reduce: ranks that disagree all throw CollectiveMismatch, and a
/// rank whose own arguments are bad throws its InvalidArgument while the others throw PeerFailure
/// naming it, so that no rank is left waiting. Under RTCG_DEBUG=1 the counts of all_to_all_v are
/// also matched against the other ranks' (one more all-to-all of the counts).
///
/// The transport is chosen when the communicator is made (transports.hpp): staging through
/// pinned host memory always works; RTCG_COMM=host|mpi|nccl forces one. The host transport cuts
/// all-reduce, broadcast, reduce, send and recv into chunks of any total size; the gathers,
/// reduce_scatter and the all-to-alls go through MPI whole, at most 2^31 - 1 bytes per call and
/// rank (InvalidArgument beyond).
///
/// A moved-from communicator may only be destroyed or assigned to.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/distributed/errors.hpp>
#include <rtcg/distributed/transports.hpp>

#include <mpi.h>

#include <cstddef>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg {

/// The reductions of all_reduce, reduce and reduce_scatter. min and max are for real types only.
enum class ReduceOp { sum, prod, min, max };

/// "sum", "prod", "min", "max".
RTCG_API const char* to_string(ReduceOp op) noexcept;

/// A reduction of the caller's for Communicator::all_reduce, in ReductionKernel's terms
/// (rtcg/arrays/reduction.hpp): `reduce_expr` is a C expression combining `a` and `b`, two values
/// of the element type, and must be associative and commutative; `neutral` is the value it leaves
/// unchanged; `preamble` holds helper functions the expression calls. Every rank passes the same
/// text.
struct UserReduction {
    std::string reduce_expr; ///< "a ^ b", "my_max(a, b)", ...
    std::string neutral;     ///< reduce_expr's identity: "0", "-INFINITY", ...
    std::string preamble = {}; ///< functions and macros for reduce_expr
};

namespace detail {
struct CommunicatorState;
}

/// Collectives over the ranks of an MPI communicator, each rank with its own Context; see
/// communicator.hpp. Move-only; frees its duplicate of the MPI communicator when destroyed.
class RTCG_API Communicator {
public:
    /// Duplicates `comm` (collective over its ranks) and chooses the transport for `context`.
    /// MpiError when MPI is not initialised or a call fails; BackendUnavailable when RTCG_COMM
    /// forces a transport that is not available, saying why.
    Communicator(MPI_Comm comm, Context context);
    ~Communicator();
    /// Moves leave the source empty.
    Communicator(Communicator&&) noexcept;
    /// Moves leave the source empty.
    Communicator& operator=(Communicator&&) noexcept;

    /// This rank's index in the communicator.
    int rank() const noexcept;
    /// The number of ranks.
    int size() const noexcept;
    /// The context this rank's arrays live in.
    const Context& context() const noexcept;
    /// The communicator's own duplicate of the MPI communicator, for the caller's MPI calls.
    MPI_Comm mpi_comm() const noexcept;
    /// The transport chosen, and why the others were not (also in the debug log).
    const TransportReport& transport() const noexcept;

    /// Waits until every rank has called it.
    void barrier();

    /// Element-wise reduction of every rank's `send` into every rank's `recv` (of the same size;
    /// may be `send` itself).
    template <class T>
    void all_reduce(const Array<T>& send, const Array<T>& recv, ReduceOp op) {
        all_reduce(send.data(), recv.data(), op);
    }
    /// In place: `data` becomes the reduction of every rank's `data`.
    template <class T>
    void all_reduce(const Array<T>& data, ReduceOp op) {
        all_reduce(data.data(), data.data(), op);
    }
    /// Element-wise reduction by a reduction of the caller's, into every rank's `recv` (of
    /// `send`'s size; may be `send` itself). No transport runs code of the caller's, so each rank
    /// gathers every rank's `send` (all_gather: size() times the bytes all_reduce moves) and folds
    /// them along the ranks on its own device with a ReductionKernel built from `op`; every rank
    /// gets the same result. The arrays are checked as all_reduce's are (contiguous, of the
    /// communicator's context, of one size), and a rank whose arrays fail throws its
    /// InvalidArgument while the others throw PeerFailure; CollectiveMismatch when the ranks pass
    /// different sizes or texts; CompileError when `op` does not compile.
    template <class T>
    void all_reduce(const Array<T>& send, const Array<T>& recv, const UserReduction& op) {
        agree_on_user_reduction(op, send.data(), recv.data());
        if (send.size() == 0) return;
        const Array<T> gathered = Array<T>::empty(context(), {static_cast<std::size_t>(size()), send.size()});
        all_gather(send.ravel(), gathered.ravel());
        const ReductionKernel<T> fold(
            context(), {codegen::Argument::pointer(codegen::dtype_of<T>(), "x", codegen::AddressSpace::global, true)},
            {.map_expr = "x[i]", .reduce_expr = op.reduce_expr, .neutral = op.neutral},
            {.name = "communicator_user_reduction", .preamble = op.preamble});
        Array<T> result = recv;
        result.assign(fold(Along{.axes = 0}, gathered).reshape(recv.shape()));
    }
    /// Root's `data` is copied into every rank's `data` (of the same size).
    template <class T>
    void broadcast(const Array<T>& data, int root) {
        broadcast(data.data(), root);
    }
    /// Element-wise reduction of every rank's `send` into root's `recv` (other ranks' `recv` is
    /// not touched; it must still have send's size).
    template <class T>
    void reduce(const Array<T>& send, const Array<T>& recv, ReduceOp op, int root) {
        reduce(send.data(), recv.data(), op, root);
    }
    /// Every rank's `send` (each of one size n), one after another in rank order, into every
    /// rank's `recv` of size() * n elements.
    template <class T>
    void all_gather(const Array<T>& send, const Array<T>& recv) {
        all_gather(send.data(), recv.data());
    }
    /// Rank r's `send` of counts[r] elements, one after another in rank order, into every rank's
    /// `recv` of sum(counts) elements. `counts` has size() entries and is the same on every rank.
    template <class T>
    void all_gather_v(const Array<T>& send, const Array<T>& recv, std::span<const std::size_t> counts) {
        all_gather_v(send.data(), recv.data(), counts);
    }
    /// `send` of size() * n elements is reduced element-wise over the ranks, and rank r receives
    /// block r (elements [r * n, (r + 1) * n)) in its `recv` of n elements.
    template <class T>
    void reduce_scatter(const Array<T>& send, const Array<T>& recv, ReduceOp op) {
        reduce_scatter(send.data(), recv.data(), op);
    }
    /// Block j of n elements of rank i's `send` (size() * n elements) goes to block i of rank j's
    /// `recv` (size() * n elements).
    template <class T>
    void all_to_all(const Array<T>& send, const Array<T>& recv) {
        all_to_all(send.data(), recv.data());
    }
    /// Rank i sends send_counts[j] elements to rank j, consecutive blocks of `send` in rank order,
    /// and receives recv_counts[j] from rank j, consecutive blocks of `recv`. Rank i's
    /// send_counts[j] must equal rank j's recv_counts[i].
    template <class T>
    void all_to_all_v(const Array<T>& send, std::span<const std::size_t> send_counts, const Array<T>& recv,
                      std::span<const std::size_t> recv_counts) {
        all_to_all_v(send.data(), send_counts, recv.data(), recv_counts);
    }
    /// Sends `data` to rank `destination`, which receives it with recv of the same size and tag.
    template <class T>
    void send(const Array<T>& data, int destination, int tag = 0) {
        send(data.data(), destination, tag);
    }
    /// Receives into `data` what rank `source` sends with the same tag. MpiError when it sends
    /// another number of bytes.
    template <class T>
    void recv(const Array<T>& data, int source, int tag = 0) {
        recv(data.data(), source, tag);
    }

    /// \name Asynchronous forms
    /// Each runs the collective as the form above does, ordered after the work already on the
    /// context's current queue (queue_scope.hpp), and returns an Event of that queue that happens
    /// when the result is in place: another queue orders its work after the collective with
    /// Queue::wait_for(event), the host with event.wait(). With the nccl transport the call
    /// returns as soon as the transfer is enqueued, so host work and other queues' work overlap
    /// it; the host and mpi transports move the data before returning (the Event has happened
    /// then), so there the overlap comes from issuing the call from a second queue's QueueScope
    /// while the first queue's kernels run (as DistributedCsrOperator does). Collective as the
    /// blocking forms: every rank calls them in the same order.
    ///@{
    /// all_reduce, returning its Event.
    template <class T>
    Event all_reduce_async(const Array<T>& send, const Array<T>& recv, ReduceOp op) {
        all_reduce(send.data(), recv.data(), op);
        return enqueued();
    }
    /// broadcast, returning its Event.
    template <class T>
    Event broadcast_async(const Array<T>& data, int root) {
        broadcast(data.data(), root);
        return enqueued();
    }
    /// all_gather_v, returning its Event.
    template <class T>
    Event all_gather_v_async(const Array<T>& send, const Array<T>& recv, std::span<const std::size_t> counts) {
        all_gather_v(send.data(), recv.data(), counts);
        return enqueued();
    }
    /// all_to_all_v, returning its Event.
    template <class T>
    Event all_to_all_v_async(const Array<T>& send, std::span<const std::size_t> send_counts, const Array<T>& recv,
                             std::span<const std::size_t> recv_counts) {
        all_to_all_v(send.data(), send_counts, recv.data(), recv_counts);
        return enqueued();
    }
    ///@}

    /// A host value reduced over the ranks (arithmetic types).
    template <class T>
        requires std::is_arithmetic_v<T>
    T all_reduce(T value, ReduceOp op) {
        all_reduce_host(&value, codegen::dtype_of<T>(), op, false);
        return value;
    }
    /// The reduction of the values of ranks 0 .. rank() - 1 (as MPI_Exscan), the
    /// reduction's neutral element on rank 0.
    template <class T>
        requires std::is_arithmetic_v<T>
    T exclusive_scan(T value, ReduceOp op) {
        all_reduce_host(&value, codegen::dtype_of<T>(), op, true);
        if (rank() != 0) return value;
        switch (op) {
        case ReduceOp::sum: return T(0);
        case ReduceOp::prod: return T(1);
        case ReduceOp::min:
            return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                        : std::numeric_limits<T>::max();
        case ReduceOp::max:
            return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                        : std::numeric_limits<T>::lowest();
        }
        return value;
    }
    /// Every rank's host value, in rank order.
    template <class T>
        requires std::is_trivially_copyable_v<T>
    std::vector<T> all_gather(const T& value) {
        std::vector<T> values(static_cast<std::size_t>(size()));
        all_gather_host(&value, values.data(), sizeof(T));
        return values;
    }

    /// The untyped forms of the collectives above, for generators that know the element type
    /// only at run time.
    ///@{
    void all_reduce(const detail::ArrayData& send, const detail::ArrayData& recv, ReduceOp op);
    void broadcast(const detail::ArrayData& data, int root);
    void reduce(const detail::ArrayData& send, const detail::ArrayData& recv, ReduceOp op, int root);
    void all_gather(const detail::ArrayData& send, const detail::ArrayData& recv);
    void all_gather_v(const detail::ArrayData& send, const detail::ArrayData& recv, std::span<const std::size_t> counts);
    void reduce_scatter(const detail::ArrayData& send, const detail::ArrayData& recv, ReduceOp op);
    void all_to_all(const detail::ArrayData& send, const detail::ArrayData& recv);
    void all_to_all_v(const detail::ArrayData& send, std::span<const std::size_t> send_counts,
                      const detail::ArrayData& recv, std::span<const std::size_t> recv_counts);
    void send(const detail::ArrayData& data, int destination, int tag);
    void recv(const detail::ArrayData& data, int source, int tag);
    ///@}

private:
    // An Event of the context's current queue, recorded after the collective just issued.
    Event enqueued();
    // The ranks agree on a user reduction's text and arrays, as all_reduce's agreement does.
    void agree_on_user_reduction(const UserReduction& op, const detail::ArrayData& send, const detail::ArrayData& recv);
    void all_reduce_host(void* value, const codegen::DType& dtype, ReduceOp op, bool exclusive);
    void all_gather_host(const void* value, void* values, std::size_t bytes);

    std::unique_ptr<detail::CommunicatorState> state_;
};

} // namespace rtcg
