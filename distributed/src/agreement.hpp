#pragma once
// The check every collective makes before it moves data: the ranks agree on a small descriptor
// of the call with one all-reduce, so that mismatched calls and ranks whose own arguments are bad
// end in an error on every rank rather than a hang or a truncated transfer.
#include <rtcg/codegen/dtype.hpp>

#include <mpi.h>

#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <string_view>

namespace rtcg::detail {

// What the ranks of one collective call must agree on. Fields left at -1 are not compared.
struct CallDescriptor {
    const char* operation = "";   // "all_reduce", for messages; compared through its text
    std::string dtype_name = {};  // empty: not compared
    std::int64_t count = -1;      // elements each rank passes
    std::int64_t root = -1;
    std::int64_t reduction = -1;  // a ReduceOp
    std::int64_t counts_hash = -1; // of a count list every rank passes the same
};

// Exchanges `mine` and whether this rank failed (`own_failure`) with every rank of `comm`.
// Returns when all agree and none failed. Otherwise every rank throws: a rank that failed
// rethrows its own error; the others throw PeerFailure naming the lowest failed rank and its
// reason, or, when none failed, CollectiveMismatch naming what differs and each rank's value.
void agree(MPI_Comm comm, const CallDescriptor& mine, const std::exception_ptr& own_failure);

// A hash of a list of counts, for CallDescriptor::counts_hash.
std::int64_t counts_hash(std::span<const std::size_t> counts);
// A hash of a text (non-negative), for a CallDescriptor field that stands for one.
std::int64_t text_hash(std::string_view text);

} // namespace rtcg::detail
