#include <rtcg/distributed/communicator.hpp>

#include "agreement.hpp"
#include "mpi_call.hpp"
#include "mpi_types.hpp"
#include "transport_selection.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <spdlog/logger.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace rtcg {

const char* to_string(ReduceOp op) noexcept {
    switch (op) {
    case ReduceOp::sum: return "sum";
    case ReduceOp::prod: return "prod";
    case ReduceOp::min: return "min";
    case ReduceOp::max: return "max";
    }
    return "?";
}

namespace detail {
namespace {

constexpr std::size_t default_chunk_bytes = std::size_t(4) << 20;

// RTCG_COMM_CHUNK_BYTES, the host transport's chunk size, else default_chunk_bytes.
std::size_t chunk_bytes_from_environment() {
    const char* text = std::getenv("RTCG_COMM_CHUNK_BYTES");
    if (!text || !*text) return default_chunk_bytes;
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (*end != '\0' || value < 64 || value > (std::size_t(1) << 32))
        throw InvalidArgument(std::string("RTCG_COMM_CHUNK_BYTES='") + text +
                                  "' is not a byte count from 64 to 2^32",
                              "Communicator");
    return static_cast<std::size_t>(value);
}

// RTCG_DEBUG, a yes/no variable read as core reads it.
bool debug_mode() {
    const char* text = std::getenv("RTCG_DEBUG");
    std::string word = text ? text : "";
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
    if (word.empty() || word == "0" || word == "false" || word == "no" || word == "off") return false;
    if (word == "1" || word == "true" || word == "yes" || word == "on") return true;
    throw InvalidArgument(std::string("RTCG_DEBUG='") + text + "' is not one of 1, true, yes, on, 0, false, no, off",
                          "Communicator");
}

MPI_Comm duplicate(MPI_Comm comm) {
    int initialized = 0;
    mpi_check(MPI_Initialized(&initialized), "MPI_Initialized");
    if (!initialized) throw MpiError("MPI is not initialised (MpiSession or MPI_Init first)", "Communicator");
    MPI_Comm own = MPI_COMM_NULL;
    mpi_check(MPI_Comm_dup(comm, &own), "MPI_Comm_dup");
    const int code = MPI_Comm_set_errhandler(own, MPI_ERRORS_RETURN);
    if (code != MPI_SUCCESS) {
        MPI_Comm_free(&own);
        mpi_check(code, "MPI_Comm_set_errhandler");
    }
    return own;
}

} // namespace

struct CommunicatorState {
    CommunicatorState(MPI_Comm comm, Context ctx)
        : context(std::move(ctx)), chunk_bytes(chunk_bytes_from_environment()), debug(debug_mode()),
          own(duplicate(comm)) {
        try {
            mpi_check(MPI_Comm_rank(own, &rank), "MPI_Comm_rank");
            mpi_check(MPI_Comm_size(own, &size), "MPI_Comm_size");
            transport = make_transport(own, context, chunk_bytes, forced_transport(), report);
        } catch (...) {
            MPI_Comm_free(&own);
            throw;
        }
        plugin::logger().debug("rank {} of {} on {}: transport {}", rank, size, context.selector(), report.describe());
    }
    ~CommunicatorState() {
        transport.reset();
        // After MPI_Finalize (a communicator outliving its MpiSession) MPI has freed it already.
        int finalized = 0;
        if (MPI_Finalized(&finalized) == MPI_SUCCESS && !finalized) MPI_Comm_free(&own);
    }
    CommunicatorState(const CommunicatorState&) = delete;
    CommunicatorState& operator=(const CommunicatorState&) = delete;

    // Runs `prepare` (the local checks, which fill in the descriptor), then agrees with the other
    // ranks: a local failure is reported to them and rethrown here.
    template <class Prepare>
    void agreed(CallDescriptor descriptor, Prepare&& prepare) {
        std::exception_ptr failure;
        try {
            prepare(descriptor);
        } catch (...) {
            failure = std::current_exception();
        }
        agree(own, descriptor, failure);
    }

    void check_array(const ArrayData& array, const char* role, const std::string& where) const {
        if (!(array.context() == context))
            throw InvalidArgument(std::string(role) + " array belongs to " + array.context().selector() +
                                      ", not to the communicator's context " + context.selector(),
                                  where);
        if (!array.is_contiguous())
            throw InvalidArgument(std::string(role) + " array of shape " + shape_text(array.shape()) +
                                      " is not contiguous; pass ascontiguousarray(array)",
                                  where);
    }
    void check_pair(const ArrayData& send, const ArrayData& recv, const std::string& where) const {
        check_array(send, "the send", where);
        check_array(recv, "the receive", where);
        if (send.dtype() != recv.dtype())
            throw InvalidArgument("the send array holds " + std::string(send.dtype().name()) +
                                      ", the receive array " + std::string(recv.dtype().name()),
                                  where);
    }
    void check_same_size(const ArrayData& send, const ArrayData& recv, const std::string& where) const {
        if (send.size() != recv.size())
            throw InvalidArgument("the send array has " + std::to_string(send.size()) + " elements, the receive array " +
                                      std::to_string(recv.size()),
                                  where);
    }
    void check_root(int root, const std::string& where) const {
        if (root < 0 || root >= size)
            throw InvalidArgument("root " + std::to_string(root) + " is not a rank of a communicator of " +
                                      std::to_string(size),
                                  where);
    }
    void check_peer(int peer, const char* role, const std::string& where) const {
        if (peer < 0 || peer >= size)
            throw InvalidArgument(std::string(role) + " " + std::to_string(peer) +
                                      " is not a rank of a communicator of " + std::to_string(size),
                                  where);
    }
    void check_counts(std::span<const std::size_t> counts, const char* role, const std::string& where) const {
        if (counts.size() != static_cast<std::size_t>(size))
            throw InvalidArgument(std::string(role) + " has " + std::to_string(counts.size()) + " entries for " +
                                      std::to_string(size) + " ranks",
                                  where);
    }
    // The bytes of `counts` elements of `element_size`, and their sum, within one message.
    void check_message(std::span<const std::size_t> counts, std::size_t element_size, const std::string& where) const {
        const std::size_t limit = transport->max_message_bytes();
        std::size_t total = 0;
        for (const std::size_t count : counts) {
            if (count > limit / element_size || count * element_size > limit - total)
                throw InvalidArgument("the collective moves more than the transport's " + std::to_string(limit) +
                                          " bytes in one message",
                                      where);
            total += count * element_size;
        }
    }
    void check_message(std::size_t bytes, const std::string& where) const {
        const std::size_t one[] = {bytes};
        check_message(one, 1, where);
    }

    Context context;
    std::size_t chunk_bytes;
    bool debug;
    TransportReport report;
    MPI_Comm own = MPI_COMM_NULL;
    int rank = 0;
    int size = 1;
    std::unique_ptr<Transport> transport;
};

} // namespace detail

using detail::ArrayData;
using detail::CallDescriptor;
using detail::mpi_check;

Communicator::Communicator(MPI_Comm comm, Context context)
    : state_(std::make_unique<detail::CommunicatorState>(comm, std::move(context))) {}
Communicator::~Communicator() = default;
Communicator::Communicator(Communicator&&) noexcept = default;
Communicator& Communicator::operator=(Communicator&&) noexcept = default;

int Communicator::rank() const noexcept { return state_->rank; }
int Communicator::size() const noexcept { return state_->size; }
const Context& Communicator::context() const noexcept { return state_->context; }
MPI_Comm Communicator::mpi_comm() const noexcept { return state_->own; }
const TransportReport& Communicator::transport() const noexcept { return state_->report; }

Event Communicator::enqueued() { return detail::current_queue(state_->context).record(); }

void Communicator::barrier() {
    state_->agreed({.operation = "barrier"}, [](CallDescriptor&) {});
    mpi_check(MPI_Barrier(state_->own), "MPI_Barrier");
}

void Communicator::all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    auto& s = *state_;
    s.agreed({.operation = "all_reduce", .reduction = static_cast<std::int64_t>(op)}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::all_reduce";
        s.check_pair(send, recv, where);
        s.check_same_size(send, recv, where);
        detail::reduction_type(send.dtype(), op, where);
        d.dtype_name = send.dtype().name();
        d.count = static_cast<std::int64_t>(send.size());
    });
    s.transport->all_reduce(send, recv, op);
}

void Communicator::agree_on_user_reduction(const UserReduction& op, const ArrayData& send, const ArrayData& recv) {
    auto& s = *state_;
    // The texts, each ended by a NUL, stand in the reduction's field: ranks that pass other texts
    // differ there.
    const std::string text = op.reduce_expr + '\0' + op.neutral + '\0' + op.preamble;
    s.agreed({.operation = "all_reduce (user reduction)", .reduction = detail::text_hash(text)},
             [&](CallDescriptor& d) {
                 const std::string where = "Communicator::all_reduce";
                 s.check_pair(send, recv, where);
                 s.check_same_size(send, recv, where);
                 if (op.reduce_expr.empty() || op.neutral.empty())
                     throw InvalidArgument("a UserReduction needs both reduce_expr and neutral", where);
                 d.dtype_name = send.dtype().name();
                 d.count = static_cast<std::int64_t>(send.size());
             });
}

void Communicator::broadcast(const ArrayData& data, int root) {
    auto& s = *state_;
    s.agreed({.operation = "broadcast", .root = root}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::broadcast";
        s.check_root(root, where);
        s.check_array(data, "the", where);
        d.dtype_name = data.dtype().name();
        d.count = static_cast<std::int64_t>(data.size());
    });
    s.transport->broadcast(data, root);
}

void Communicator::reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) {
    auto& s = *state_;
    s.agreed({.operation = "reduce", .root = root, .reduction = static_cast<std::int64_t>(op)},
             [&](CallDescriptor& d) {
                 const std::string where = "Communicator::reduce";
                 s.check_root(root, where);
                 s.check_pair(send, recv, where);
                 s.check_same_size(send, recv, where);
                 detail::reduction_type(send.dtype(), op, where);
                 d.dtype_name = send.dtype().name();
                 d.count = static_cast<std::int64_t>(send.size());
             });
    s.transport->reduce(send, recv, op, root);
}

void Communicator::all_gather(const ArrayData& send, const ArrayData& recv) {
    auto& s = *state_;
    s.agreed({.operation = "all_gather"}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::all_gather";
        s.check_pair(send, recv, where);
        if (recv.size() != send.size() * static_cast<std::size_t>(s.size))
            throw InvalidArgument("the receive array has " + std::to_string(recv.size()) + " elements, not " +
                                      std::to_string(s.size) + " ranks times the send array's " +
                                      std::to_string(send.size()),
                                  where);
        s.check_message(recv.nbytes(), where);
        s.transport->reserve(send.nbytes(), recv.nbytes());
        d.dtype_name = send.dtype().name();
        d.count = static_cast<std::int64_t>(send.size());
    });
    s.transport->all_gather(send, recv);
}

void Communicator::all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) {
    auto& s = *state_;
    s.agreed({.operation = "all_gather_v"}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::all_gather_v";
        s.check_pair(send, recv, where);
        s.check_counts(counts, "counts", where);
        const std::size_t own = counts[static_cast<std::size_t>(s.rank)];
        if (own != send.size())
            throw InvalidArgument("counts[" + std::to_string(s.rank) + "] is " + std::to_string(own) +
                                      ", but this rank's send array has " + std::to_string(send.size()) + " elements",
                                  where);
        s.check_message(counts, send.dtype().size(), where);
        const std::size_t total = std::accumulate(counts.begin(), counts.end(), std::size_t(0));
        if (recv.size() != total)
            throw InvalidArgument("the receive array has " + std::to_string(recv.size()) +
                                      " elements, the counts add up to " + std::to_string(total),
                                  where);
        s.transport->reserve(send.nbytes(), recv.nbytes());
        d.dtype_name = send.dtype().name();
        d.counts_hash = detail::counts_hash(counts);
    });
    s.transport->all_gather_v(send, recv, counts);
}

void Communicator::reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    auto& s = *state_;
    s.agreed({.operation = "reduce_scatter", .reduction = static_cast<std::int64_t>(op)}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::reduce_scatter";
        s.check_pair(send, recv, where);
        if (send.size() != recv.size() * static_cast<std::size_t>(s.size))
            throw InvalidArgument("the send array has " + std::to_string(send.size()) + " elements, not " +
                                      std::to_string(s.size) + " ranks times the receive array's " +
                                      std::to_string(recv.size()),
                                  where);
        detail::reduction_type(send.dtype(), op, where);
        s.check_message(send.nbytes(), where);
        s.transport->reserve(send.nbytes(), recv.nbytes());
        d.dtype_name = send.dtype().name();
        d.count = static_cast<std::int64_t>(recv.size());
    });
    s.transport->reduce_scatter(send, recv, op);
}

void Communicator::all_to_all(const ArrayData& send, const ArrayData& recv) {
    auto& s = *state_;
    s.agreed({.operation = "all_to_all"}, [&](CallDescriptor& d) {
        const std::string where = "Communicator::all_to_all";
        s.check_pair(send, recv, where);
        const auto ranks = static_cast<std::size_t>(s.size);
        if (send.size() % ranks != 0 || recv.size() != send.size())
            throw InvalidArgument("the send and receive arrays have " + std::to_string(send.size()) + " and " +
                                      std::to_string(recv.size()) + " elements: both need one block per rank, " +
                                      std::to_string(ranks) + " equal blocks",
                                  where);
        s.check_message(send.nbytes(), where);
        s.transport->reserve(send.nbytes(), recv.nbytes());
        d.dtype_name = send.dtype().name();
        d.count = static_cast<std::int64_t>(send.size());
    });
    s.transport->all_to_all(send, recv);
}

void Communicator::all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts,
                                const ArrayData& recv, std::span<const std::size_t> recv_counts) {
    auto& s = *state_;
    const std::string where = "Communicator::all_to_all_v";
    s.agreed({.operation = "all_to_all_v"}, [&](CallDescriptor& d) {
        s.check_pair(send, recv, where);
        s.check_counts(send_counts, "send_counts", where);
        s.check_counts(recv_counts, "recv_counts", where);
        s.check_message(send_counts, send.dtype().size(), where);
        s.check_message(recv_counts, send.dtype().size(), where);
        const std::size_t sent = std::accumulate(send_counts.begin(), send_counts.end(), std::size_t(0));
        const std::size_t received = std::accumulate(recv_counts.begin(), recv_counts.end(), std::size_t(0));
        if (sent != send.size() || received != recv.size())
            throw InvalidArgument("the send counts add up to " + std::to_string(sent) + " for a send array of " +
                                      std::to_string(send.size()) + ", the receive counts to " +
                                      std::to_string(received) + " for a receive array of " +
                                      std::to_string(recv.size()),
                                  where);
        s.transport->reserve(send.nbytes(), recv.nbytes());
        d.dtype_name = send.dtype().name();
    });
    if (s.debug) {
        // Every rank learns what the others send it, and all agree on whether that matches.
        std::vector<std::uint64_t> incoming(send_counts.size());
        const std::vector<std::uint64_t> outgoing(send_counts.begin(), send_counts.end());
        mpi_check(MPI_Alltoall(outgoing.data(), 1, MPI_UINT64_T, incoming.data(), 1, MPI_UINT64_T, s.own),
                  "MPI_Alltoall");
        s.agreed({.operation = "all_to_all_v"}, [&](CallDescriptor&) {
            for (std::size_t r = 0; r < incoming.size(); ++r)
                if (incoming[r] != recv_counts[r])
                    throw InvalidArgument("rank " + std::to_string(r) + " sends " + std::to_string(incoming[r]) +
                                              " elements, recv_counts[" + std::to_string(r) + "] expects " +
                                              std::to_string(recv_counts[r]),
                                          where);
        });
    }
    s.transport->all_to_all_v(send, send_counts, recv, recv_counts);
}

// Point to point: the sender first sends a header (element type and bytes), the receiver answers
// whether it matches, and only then does the data flow, so that a mismatch is an error on both
// sides rather than a truncated or hanging transfer.
namespace {

struct PointHeader {
    std::uint64_t bytes;
    char dtype[48];
};

} // namespace

void Communicator::send(const ArrayData& data, int destination, int tag) {
    auto& s = *state_;
    const std::string where = "Communicator::send";
    s.check_array(data, "the", where);
    s.check_peer(destination, "destination", where);
    PointHeader header{data.nbytes(), {}};
    const std::string_view name = data.dtype().name();
    name.copy(header.dtype, std::min(name.size(), sizeof header.dtype - 1));
    mpi_check(MPI_Send(&header, sizeof header, MPI_BYTE, destination, tag, s.own), "MPI_Send");
    char answer[256] = {};
    mpi_check(MPI_Recv(answer, sizeof answer, MPI_CHAR, destination, tag, s.own, MPI_STATUS_IGNORE), "MPI_Recv");
    answer[sizeof answer - 1] = '\0';
    if (answer[0] != '\0')
        throw CollectiveMismatch("rank " + std::to_string(destination) + " refused the transfer: " + answer, where);
    s.transport->send(data, destination, tag);
}

void Communicator::recv(const ArrayData& data, int source, int tag) {
    auto& s = *state_;
    const std::string where = "Communicator::recv";
    s.check_array(data, "the", where);
    s.check_peer(source, "source", where);
    PointHeader header{};
    mpi_check(MPI_Recv(&header, sizeof header, MPI_BYTE, source, tag, s.own, MPI_STATUS_IGNORE), "MPI_Recv");
    header.dtype[sizeof header.dtype - 1] = '\0';
    std::string refusal;
    if (header.dtype != data.dtype().name() || header.bytes != data.nbytes())
        refusal = "it sends " + std::to_string(header.bytes) + " bytes of " + header.dtype + ", rank " +
                  std::to_string(s.rank) + " receives " + std::to_string(data.nbytes()) + " bytes of " +
                  std::string(data.dtype().name());
    char answer[256] = {};
    refusal.copy(answer, std::min(refusal.size(), sizeof answer - 1));
    mpi_check(MPI_Send(answer, sizeof answer, MPI_CHAR, source, tag, s.own), "MPI_Send");
    if (!refusal.empty()) throw CollectiveMismatch("rank " + std::to_string(source) + " " + refusal, where);
    s.transport->recv(data, source, tag);
}

void Communicator::all_reduce_host(void* value, const codegen::DType& dtype, ReduceOp op, bool exclusive) {
    auto& s = *state_;
    const char* operation = exclusive ? "exclusive_scan" : "all_reduce";
    MPI_Datatype type = MPI_DATATYPE_NULL;
    s.agreed({.operation = operation, .dtype_name = std::string(dtype.name()), .reduction = static_cast<std::int64_t>(op)},
             [&](CallDescriptor&) { type = detail::reduction_type(dtype, op, std::string("Communicator::") + operation); });
    if (!exclusive) {
        mpi_check(MPI_Allreduce(MPI_IN_PLACE, value, 1, type, detail::mpi_op(op), s.own), "MPI_Allreduce");
        return;
    }
    // MPI leaves rank 0's result undefined; exclusive_scan sets it to the neutral element.
    std::vector<unsigned char> result(dtype.size());
    mpi_check(MPI_Exscan(value, result.data(), 1, type, detail::mpi_op(op), s.own), "MPI_Exscan");
    if (s.rank != 0) std::copy(result.begin(), result.end(), static_cast<unsigned char*>(value));
}

void Communicator::all_gather_host(const void* value, void* values, std::size_t bytes) {
    auto& s = *state_;
    s.agreed({.operation = "all_gather", .count = static_cast<std::int64_t>(bytes)}, [](CallDescriptor&) {});
    const int count = detail::mpi_count(bytes, "Communicator::all_gather");
    mpi_check(MPI_Allgather(value, count, MPI_BYTE, values, count, MPI_BYTE, s.own), "MPI_Allgather");
}

} // namespace rtcg
