#pragma once
/// \file
/// The errors the distributed layer adds to rtcg::Error's family: a failed MPI or NCCL call, ranks that
/// disagree about a collective, and a rank that could not take part in one.
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <string>

namespace rtcg {

/// An MPI call returned an error: where() names the call, code() its MPI error class and
/// code_name() that class's name ("MPI_ERR_TRUNCATE"), why() MPI's own message.
class RTCG_API MpiError : public BackendError {
public:
    using BackendError::BackendError;
};

/// A NCCL call returned an error, or NCCL reported one of its asynchronous errors
/// (ncclCommGetAsyncError): where() names the call, code() the ncclResult_t and code_name() its
/// name ("ncclUnhandledCudaError"), why() NCCL's own message. The communicator's NCCL communicator
/// has been aborted then: its later collectives throw this error again.
class RTCG_API NcclError : public BackendError {
public:
    using BackendError::BackendError;
};

/// The ranks of a communicator called one collective with arguments that do not fit together
/// (another operation, element type, element count, root or reduction). Every rank of the call
/// throws it, with the same message naming the ranks that differ, instead of waiting forever.
class RTCG_API CollectiveMismatch : public InvalidArgument {
public:
    using InvalidArgument::InvalidArgument;
};

/// Another rank could not take part in a collective (its arguments were bad, or its staging
/// memory could not be had): that rank throws its own error, and every other rank throws this one,
/// which names it (failed_rank()) and repeats its reason.
class RTCG_API PeerFailure : public Error {
public:
    /// `failed_rank`: the lowest rank that failed.
    PeerFailure(std::string why, std::string where, int failed_rank)
        : Error(std::move(why), std::move(where)), failed_rank_(failed_rank) {}
    /// The lowest rank (of the communicator) that failed.
    int failed_rank() const noexcept { return failed_rank_; }

private:
    int failed_rank_;
};

} // namespace rtcg
