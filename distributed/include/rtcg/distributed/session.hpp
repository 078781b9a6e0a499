#pragma once
/// \file
/// The process model: MPI ranks, one per device. MpiSession starts and ends MPI for programs
/// that do not do it themselves; rank_context opens this rank's device.
///
/// \code
///   int main(int argc, char** argv) {
///       rtcg::MpiSession mpi(argc, argv);
///       rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);
///       rtcg::Communicator comm(MPI_COMM_WORLD, ctx);
///       ...
///   }
/// \endcode
///
/// A rank that fails: collectives whose arguments are bad on one rank end with an error on every
/// rank (communicator.hpp). A rank that stops while the others wait for it in a collective would
/// leave them waiting for ever, so an MpiSession ends the whole job instead, with MPI_Abort on
/// MPI_COMM_WORLD (mpiexec exits non-zero and every rank ends), after logging
/// "rank r of n: ...; aborting every rank":
/// - when an exception leaves its scope (its destructor runs during stack unwinding);
/// - when an exception leaves main uncaught (its std::terminate handler, installed for its life);
/// - when the program calls MpiSession::abort, e.g. from a catch clause inside its scope.
/// A rank that catches an error and returns from main normally finalises MPI, which waits for the
/// other ranks: do that only for errors every rank sees (those of the collectives).
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <mpi.h>

#include <exception>
#include <string>
#include <string_view>

namespace rtcg {

/// Initialises MPI (MPI_Init_thread, MPI_THREAD_FUNNELED) unless it already is, and finalises it
/// on destruction if it initialised it. See session.hpp for what happens when an exception
/// leaves its scope. Not copyable or movable; one per process.
class RTCG_API MpiSession {
public:
    /// MPI_Init_thread with the program's arguments. MpiError when MPI fails to start or was
    /// already finalised.
    MpiSession(int& argc, char**& argv);
    /// MPI_Init_thread without arguments.
    MpiSession();
    /// MPI_Finalize (when this session initialised MPI), or MPI_Abort during stack unwinding.
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    /// Logs `why` with this rank's number and ends every rank of the job with MPI_Abort(`code`).
    [[noreturn]] void abort(std::string_view why, int code = 1) const;

    /// MPI_COMM_WORLD's rank and size.
    ///@{
    int world_rank() const noexcept { return rank_; }
    int world_size() const noexcept { return size_; }
    ///@}

private:
    void start(int* argc, char*** argv);

    bool owns_ = false;
    int uncaught_ = 0;
    std::terminate_handler previous_terminate_ = nullptr;
    int rank_ = 0;
    int size_ = 1;
};

/// This rank's index among the ranks of `comm` on the same node (MPI_Comm_split_type with
/// MPI_COMM_TYPE_SHARED). MpiError when MPI fails.
RTCG_API int node_local_rank(MPI_Comm comm);

/// The device selector rank_context opens for node-local rank `local_rank`: RTCG_BACKEND as it is
/// where it names a device ("cuda:1", "opencl:0:2"); otherwise device local_rank modulo the number
/// of devices, among the devices of the backend (and platform) RTCG_BACKEND names, or, without
/// RTCG_BACKEND, among CUDA's devices, else the first OpenCL platform's GPUs, else its devices.
/// BackendUnavailable when there is no device to choose from.
RTCG_API std::string rank_device_selector(int local_rank);

/// This rank's context: Context::create(rank_device_selector(node_local_rank(comm))), so that the
/// ranks of one node share its devices out one each (round robin when there are more ranks).
RTCG_API Context rank_context(MPI_Comm comm);

} // namespace rtcg
