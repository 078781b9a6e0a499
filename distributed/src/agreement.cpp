#include "agreement.hpp"

#include "mpi_call.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/distributed/errors.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>
#include <vector>

namespace rtcg::detail {
// 64-bit FNV-1a, folded to a non-negative int64 so that -1 stays free for "not compared".
std::int64_t text_hash(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::int64_t>(h >> 1);
}

namespace {

constexpr int field_count = 6;

std::array<std::int64_t, field_count> fields(const CallDescriptor& d) {
    return {text_hash(d.operation), d.dtype_name.empty() ? -1 : text_hash(d.dtype_name), d.count, d.root,
            d.reduction, d.counts_hash};
}

constexpr const char* field_names[field_count] = {"the operation", "the element type", "the element count",
                                                  "the root", "the reduction", "the counts"};

// What each rank sends when something is wrong: enough to name the difference or the failure.
struct Report {
    std::int64_t values[field_count];
    std::int64_t failed;
    char operation[32];
    char dtype[48];
    char reason[400];
};

void copy_text(char* out, std::size_t capacity, std::string_view text) {
    const std::size_t n = std::min(capacity - 1, text.size());
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

std::string failure_reason(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "an exception that is not a std::exception";
    }
}

std::string value_text(const Report& r, int field) {
    if (field == 0) return r.operation;
    if (field == 1) return r.dtype;
    if (field == 4) {
        static constexpr const char* ops[] = {"sum", "prod", "min", "max"};
        const std::int64_t v = r.values[4];
        return v >= 0 && v < 4 ? ops[v] : std::to_string(v);
    }
    return std::to_string(r.values[field]);
}

} // namespace

std::int64_t counts_hash(std::span<const std::size_t> counts) {
    std::string bytes(reinterpret_cast<const char*>(counts.data()), counts.size_bytes());
    return text_hash(bytes);
}

void agree(MPI_Comm comm, const CallDescriptor& mine, const std::exception_ptr& own_failure) {
    const auto values = fields(mine);
    // One all-reduce of MAX over (v, -v, failed) gives every field's maximum and minimum.
    std::int64_t local[2 * field_count + 1];
    for (int k = 0; k < field_count; ++k) {
        local[k] = values[k];
        local[field_count + k] = -values[k];
    }
    local[2 * field_count] = own_failure ? 1 : 0;
    std::int64_t global[2 * field_count + 1];
    mpi_check(MPI_Allreduce(local, global, 2 * field_count + 1, MPI_INT64_T, MPI_MAX, comm), "MPI_Allreduce");
    bool differ = false;
    for (int k = 0; k < field_count; ++k) differ = differ || global[k] != -global[field_count + k];
    if (!differ && global[2 * field_count] == 0) return;

    // Something is wrong on some rank: every rank learns what, from every rank's report.
    Report report{};
    std::copy(values.begin(), values.end(), report.values);
    report.failed = own_failure ? 1 : 0;
    copy_text(report.operation, sizeof report.operation, mine.operation);
    copy_text(report.dtype, sizeof report.dtype, mine.dtype_name);
    if (own_failure) copy_text(report.reason, sizeof report.reason, failure_reason(own_failure));
    int size = 0;
    mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
    std::vector<Report> reports(static_cast<std::size_t>(size));
    mpi_check(MPI_Allgather(&report, sizeof(Report), MPI_BYTE, reports.data(), sizeof(Report), MPI_BYTE, comm),
              "MPI_Allgather");

    if (own_failure) std::rethrow_exception(own_failure);
    const std::string where = std::string("Communicator::") + mine.operation;
    for (int r = 0; r < size; ++r)
        if (reports[static_cast<std::size_t>(r)].failed)
            throw PeerFailure("rank " + std::to_string(r) + " could not take part in " + reports[r].operation +
                                  ": " + reports[static_cast<std::size_t>(r)].reason,
                              where, r);
    for (int k = 0; k < field_count; ++k) {
        if (global[k] == -global[field_count + k]) continue;
        std::string why = "the ranks disagree on " + std::string(field_names[k]) + ":";
        for (int r = 0; r < size; ++r)
            why += (r ? ", rank " : " rank ") + std::to_string(r) + " " +
                   value_text(reports[static_cast<std::size_t>(r)], k);
        throw CollectiveMismatch(why, where);
    }
}

} // namespace rtcg::detail
