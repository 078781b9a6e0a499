#pragma once
// Every MPI call of the distributed layer goes through mpi_check, which turns an error code into
// an MpiError naming the call, MPI's error class and MPI's own message.
#include <mpi.h>

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// Throws MpiError when `code` is not MPI_SUCCESS; `call` names the MPI function.
void mpi_check(int code, std::string_view call);

// `count` as MPI's int count; InvalidArgument naming `where` when it does not fit.
int mpi_count(std::size_t count, std::string_view where);

// Byte counts and displacements of a v-collective's consecutive blocks of `counts` elements of
// `element_size`, as MPI's ints (the Communicator has checked that they fit).
void byte_layout(std::span<const std::size_t> counts, std::size_t element_size, std::vector<int>& bytes,
                 std::vector<int>& displacements);

} // namespace rtcg::detail
