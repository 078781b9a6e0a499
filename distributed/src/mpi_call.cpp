#include "mpi_call.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/distributed/errors.hpp>

#include <climits>
#include <string>

namespace rtcg::detail {
namespace {

// The names of the MPI-3.1 error classes, for code_name(); others print as their number.
std::string error_class_name(int error_class) {
    switch (error_class) {
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_TAG: return "MPI_ERR_TAG";
    case MPI_ERR_COMM: return "MPI_ERR_COMM";
    case MPI_ERR_RANK: return "MPI_ERR_RANK";
    case MPI_ERR_REQUEST: return "MPI_ERR_REQUEST";
    case MPI_ERR_ROOT: return "MPI_ERR_ROOT";
    case MPI_ERR_GROUP: return "MPI_ERR_GROUP";
    case MPI_ERR_OP: return "MPI_ERR_OP";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
    case MPI_ERR_OTHER: return "MPI_ERR_OTHER";
    case MPI_ERR_INTERN: return "MPI_ERR_INTERN";
    case MPI_ERR_PENDING: return "MPI_ERR_PENDING";
    case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
    case MPI_ERR_NO_MEM: return "MPI_ERR_NO_MEM";
    default: return "MPI error class " + std::to_string(error_class);
    }
}

} // namespace

void mpi_check(int code, std::string_view call) {
    if (code == MPI_SUCCESS) return;
    int error_class = code;
    if (MPI_Error_class(code, &error_class) != MPI_SUCCESS) error_class = code;
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    std::string message = MPI_Error_string(code, text, &length) == MPI_SUCCESS
                              ? std::string(text, static_cast<std::size_t>(length))
                              : "MPI error code " + std::to_string(code);
    throw MpiError(std::move(message), std::string(call), error_class, error_class_name(error_class));
}

int mpi_count(std::size_t count, std::string_view where) {
    if (count > static_cast<std::size_t>(INT_MAX))
        throw InvalidArgument(std::to_string(count) + " elements exceed the " + std::to_string(INT_MAX) +
                                  " an MPI count holds in one transfer",
                              std::string(where));
    return static_cast<int>(count);
}

void byte_layout(std::span<const std::size_t> counts, std::size_t element_size, std::vector<int>& bytes,
                 std::vector<int>& displacements) {
    bytes.resize(counts.size());
    displacements.resize(counts.size());
    std::size_t offset = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        bytes[r] = static_cast<int>(counts[r] * element_size);
        displacements[r] = static_cast<int>(offset);
        offset += counts[r] * element_size;
    }
}

} // namespace rtcg::detail
