#include "nccl_transport.hpp"

#include "agreement.hpp"
#include "cuda_binding.hpp"
#include "mpi_call.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/interop.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/distributed/errors.hpp>

#include <spdlog/logger.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>

namespace rtcg::detail {
namespace {

// ncclResult_t's names, for code_name().
std::string result_name(int result) {
    switch (result) {
    case 0: return "ncclSuccess";
    case 1: return "ncclUnhandledCudaError";
    case 2: return "ncclSystemError";
    case 3: return "ncclInternalError";
    case 4: return "ncclInvalidArgument";
    case 5: return "ncclInvalidUsage";
    case 6: return "ncclRemoteError";
    case 7: return "ncclInProgress";
    default: return "ncclResult_t " + std::to_string(result);
    }
}

// How NCCL reduces elements of `dtype`: its type and the NCCL elements per element (a complex sum
// is the sum of the real and imaginary parts as reals). None for 16-bit integers (NCCL has none)
// and complex products.
struct NcclReduction {
    int type;
    std::size_t lanes;
};

std::optional<NcclReduction> nccl_reduction(const codegen::DType& dtype, ReduceOp op) {
    using codegen::DType;
    if (dtype.is_complex()) {
        if (op != ReduceOp::sum) return std::nullopt;
        return NcclReduction{dtype == DType::complex64() ? nccl_float32 : nccl_float64, 2};
    }
    static const std::pair<DType, int> types[] = {
        {DType::int8(), nccl_int8},       {DType::uint8(), nccl_uint8},     {DType::int32(), nccl_int32},
        {DType::uint32(), nccl_uint32},   {DType::int64(), nccl_int64},     {DType::uint64(), nccl_uint64},
        {DType::float32(), nccl_float32}, {DType::float64(), nccl_float64},
    };
    for (const auto& [type, nccl] : types)
        if (type == dtype) return NcclReduction{nccl, 1};
    return std::nullopt;
}

int nccl_op(ReduceOp op) {
    switch (op) {
    case ReduceOp::sum: return nccl_sum;
    case ReduceOp::prod: return nccl_prod;
    case ReduceOp::min: return nccl_min;
    case ReduceOp::max: return nccl_max;
    }
    return nccl_sum;
}

// Byte offsets of consecutive blocks of `counts` elements of `element_size`.
std::vector<std::size_t> byte_offsets(std::span<const std::size_t> counts, std::size_t element_size) {
    std::vector<std::size_t> offsets(counts.size());
    std::size_t offset = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        offsets[r] = offset;
        offset += counts[r] * element_size;
    }
    return offsets;
}

char* at(void* base, std::size_t bytes) { return static_cast<char*>(base) + bytes; }

} // namespace

NcclTransport::NcclTransport(MPI_Comm comm, const Context& context, std::size_t chunk_bytes, const NcclApi& api)
    : mpi_(comm), context_(context), chunk_bytes_(chunk_bytes), api_(api) {
    mpi_check(MPI_Comm_rank(mpi_, &rank_), "MPI_Comm_rank");
    mpi_check(MPI_Comm_size(mpi_, &size_), "MPI_Comm_size");
    // NVLink multicast (NVLS) stays off whatever the environment says; NCCL reads it at its
    // first initialisation.
    const char* nvls = std::getenv("NCCL_NVLS_ENABLE");
    if (!nvls || std::strcmp(nvls, "0") != 0) ::setenv("NCCL_NVLS_ENABLE", "0", 1);

    // Rank 0's id (or its failure to make one) goes to every rank.
    struct {
        int result;
        NcclUniqueId id;
    } start{};
    if (rank_ == 0) start.result = api_.get_unique_id(&start.id);
    mpi_check(MPI_Bcast(&start, sizeof start, MPI_BYTE, 0, mpi_), "MPI_Bcast");
    if (start.result != nccl_success)
        throw NcclError(std::string("rank 0 could not make NCCL's unique id: ") + api_.get_error_string(start.result),
                        "ncclGetUniqueId", start.result, result_name(start.result));

    // Every rank binds its device before any starts NCCL: ncclCommInitRank waits for all ranks.
    std::exception_ptr failure;
    try {
        cuda_context_ = static_cast<std::uintptr_t>(interop::native_context(context_, "cuda").context);
        CudaContextBinding probe(cuda_context_);
    } catch (...) {
        failure = std::current_exception();
    }
    agree(mpi_, {.operation = "NCCL start"}, failure);

    {
        CudaContextBinding bound(cuda_context_);
        const int result = api_.comm_init_rank(&comm_, size_, start.id, rank_);
        if (result != nccl_success) {
            comm_ = nullptr;
            failure = std::make_exception_ptr(NcclError(std::string("NCCL did not start on rank ") +
                                                            std::to_string(rank_) + ": " +
                                                            api_.get_error_string(result),
                                                        "ncclCommInitRank", result, result_name(result)));
        }
    }
    try {
        agree(mpi_, {.operation = "NCCL start"}, failure);
    } catch (...) {
        if (comm_) {
            CudaContextBinding bound(cuda_context_);
            static_cast<void>(api_.comm_abort(comm_));
        }
        throw;
    }
}

NcclTransport::~NcclTransport() {
    if (!comm_ || aborted_) return;
    try {
        CudaContextBinding bound(cuda_context_);
        if (const int result = api_.comm_destroy(comm_); result != nccl_success)
            plugin::logger().warn("ncclCommDestroy: {}", api_.get_error_string(result));
    } catch (const std::exception& e) {
        plugin::logger().warn("the NCCL communicator was not destroyed: {}", e.what());
    }
}

void NcclTransport::fail(int result, const char* call, const std::string& context) {
    if (comm_ && !aborted_) {
        aborted_ = true;
        static_cast<void>(api_.comm_abort(comm_));
    }
    throw NcclError(context + api_.get_error_string(result) + "; the NCCL communicator is aborted", call, result,
                    result_name(result));
}

void NcclTransport::check(int result, const char* call) {
    if (result != nccl_success) fail(result, call, "");
}

template <class Body>
void NcclTransport::run(const char* where, Body&& body) {
    if (aborted_) throw NcclError("the NCCL communicator was aborted after an earlier error", where);
    CudaContextBinding bound(cuda_context_);
    const NativeHandle queue = interop::native_queue(current_queue(context_), "cuda");
    body(reinterpret_cast<CudaStream>(static_cast<std::uintptr_t>(queue)));
    int asynchronous = nccl_success;
    check(api_.comm_get_async_error(comm_, &asynchronous), "ncclCommGetAsyncError");
    if (asynchronous != nccl_success && asynchronous != nccl_in_progress)
        fail(asynchronous, where, "NCCL reported an asynchronous error: ");
}

HostTransport& NcclTransport::fallback() {
    if (!fallback_) fallback_ = std::make_unique<HostTransport>(mpi_, context_, chunk_bytes_);
    return *fallback_;
}

std::size_t NcclTransport::max_message_bytes() const noexcept { return max_array_bytes; }

// NCCL works in the arrays' own memory: nothing to reserve.
void NcclTransport::reserve(std::size_t, std::size_t) {}

void NcclTransport::all_reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const std::optional<NcclReduction> type = nccl_reduction(send.dtype(), op);
    if (!type) return fallback().all_reduce(send, recv, op);
    if (send.size() == 0) return;
    run("Communicator::all_reduce", [&](CudaStream stream) {
        check(api_.all_reduce(cuda_address(send), cuda_address(recv), send.size() * type->lanes, type->type,
                              nccl_op(op), comm_, stream),
              "ncclAllReduce");
    });
}

void NcclTransport::broadcast(const ArrayData& data, int root) {
    if (data.nbytes() == 0) return;
    run("Communicator::broadcast", [&](CudaStream stream) {
        check(api_.broadcast(cuda_address(data), cuda_address(data), data.nbytes(), nccl_uint8, root, comm_, stream),
              "ncclBroadcast");
    });
}

void NcclTransport::reduce(const ArrayData& send, const ArrayData& recv, ReduceOp op, int root) {
    const std::optional<NcclReduction> type = nccl_reduction(send.dtype(), op);
    if (!type) return fallback().reduce(send, recv, op, root);
    if (send.size() == 0) return;
    run("Communicator::reduce", [&](CudaStream stream) {
        check(api_.reduce(cuda_address(send), cuda_address(recv), send.size() * type->lanes, type->type, nccl_op(op),
                          root, comm_, stream),
              "ncclReduce");
    });
}

void NcclTransport::all_gather(const ArrayData& send, const ArrayData& recv) {
    if (send.nbytes() == 0) return;
    run("Communicator::all_gather", [&](CudaStream stream) {
        check(api_.all_gather(cuda_address(send), cuda_address(recv), send.nbytes(), nccl_uint8, comm_, stream),
              "ncclAllGather");
    });
}

void NcclTransport::all_gather_v(const ArrayData& send, const ArrayData& recv, std::span<const std::size_t> counts) {
    const std::size_t element = send.dtype().size();
    const std::vector<std::size_t> offsets = byte_offsets(counts, element);
    void* target = cuda_address(recv);
    // One broadcast from each rank into its block, grouped so that NCCL runs them together.
    run("Communicator::all_gather_v", [&](CudaStream stream) {
        check(api_.group_start(), "ncclGroupStart");
        int result = nccl_success;
        const char* failed = "";
        for (std::size_t r = 0; r < counts.size() && result == nccl_success; ++r) {
            if (counts[r] == 0) continue;
            void* block = at(target, offsets[r]);
            const void* source = static_cast<int>(r) == rank_ ? cuda_address(send) : block;
            result = api_.broadcast(source, block, counts[r] * element, nccl_uint8, static_cast<int>(r), comm_, stream);
            failed = "ncclBroadcast";
        }
        const int ended = api_.group_end();
        check(result, failed);
        check(ended, "ncclGroupEnd");
    });
}

void NcclTransport::reduce_scatter(const ArrayData& send, const ArrayData& recv, ReduceOp op) {
    const std::optional<NcclReduction> type = nccl_reduction(send.dtype(), op);
    if (!type) {
        HostTransport& host = fallback();
        host.reserve(send.nbytes(), recv.nbytes());
        return host.reduce_scatter(send, recv, op);
    }
    if (recv.size() == 0) return;
    run("Communicator::reduce_scatter", [&](CudaStream stream) {
        check(api_.reduce_scatter(cuda_address(send), cuda_address(recv), recv.size() * type->lanes, type->type,
                                  nccl_op(op), comm_, stream),
              "ncclReduceScatter");
    });
}

void NcclTransport::all_to_all(const ArrayData& send, const ArrayData& recv) {
    const std::vector<std::size_t> counts(static_cast<std::size_t>(size_),
                                          send.size() / static_cast<std::size_t>(size_));
    all_to_all_v(send, counts, recv, counts);
}

void NcclTransport::all_to_all_v(const ArrayData& send, std::span<const std::size_t> send_counts, const ArrayData& recv,
                                 std::span<const std::size_t> recv_counts) {
    const std::size_t element = send.dtype().size();
    const std::vector<std::size_t> send_offsets = byte_offsets(send_counts, element);
    const std::vector<std::size_t> recv_offsets = byte_offsets(recv_counts, element);
    const auto self = static_cast<std::size_t>(rank_);
    // This rank's own block is a device copy on the same queue; the others are sends and
    // receives grouped into one NCCL operation.
    if (send_counts[self] != 0)
        current_queue(context_).copy(send.buffer(), recv.buffer(), send_counts[self] * element,
                                     send.offset() * element + send_offsets[self],
                                     recv.offset() * element + recv_offsets[self]);
    void* source = cuda_address(send);
    void* target = cuda_address(recv);
    run("Communicator::all_to_all_v", [&](CudaStream stream) {
        check(api_.group_start(), "ncclGroupStart");
        int result = nccl_success;
        const char* failed = "";
        for (std::size_t r = 0; r < send_counts.size() && result == nccl_success; ++r) {
            if (r == self) continue;
            const int peer = static_cast<int>(r);
            if (send_counts[r] != 0) {
                result = api_.send(at(source, send_offsets[r]), send_counts[r] * element, nccl_uint8, peer, comm_,
                                   stream);
                failed = "ncclSend";
            }
            if (result == nccl_success && recv_counts[r] != 0) {
                result = api_.recv(at(target, recv_offsets[r]), recv_counts[r] * element, nccl_uint8, peer, comm_,
                                   stream);
                failed = "ncclRecv";
            }
        }
        const int ended = api_.group_end();
        check(result, failed);
        check(ended, "ncclGroupEnd");
    });
}

// NCCL has no tags: the Communicator's header exchange over MPI has matched the two sides, and
// NCCL keeps each pair's transfers in the order they were called.
void NcclTransport::send(const ArrayData& data, int destination, int) {
    if (data.nbytes() == 0) return;
    run("Communicator::send", [&](CudaStream stream) {
        check(api_.send(cuda_address(data), data.nbytes(), nccl_uint8, destination, comm_, stream), "ncclSend");
    });
}

void NcclTransport::recv(const ArrayData& data, int source, int) {
    if (data.nbytes() == 0) return;
    run("Communicator::recv", [&](CudaStream stream) {
        check(api_.recv(cuda_address(data), data.nbytes(), nccl_uint8, source, comm_, stream), "ncclRecv");
    });
}

} // namespace rtcg::detail
