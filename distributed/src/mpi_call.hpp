#pragma once
// Every MPI call of the distributed layer goes through mpi_check, which turns an error code into
// an MpiError naming the call, MPI's error class and MPI's own message.
#include <mpi.h>

#include <cstddef>
#include <string_view>

namespace rtcg::detail {

// Throws MpiError when `code` is not MPI_SUCCESS; `call` names the MPI function.
void mpi_check(int code, std::string_view call);

// `count` as MPI's int count; InvalidArgument naming `where` when it does not fit.
int mpi_count(std::size_t count, std::string_view where);

} // namespace rtcg::detail
