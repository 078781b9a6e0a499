// Every collective of Communicator against a host reference computed from every rank's data,
// with arrays larger than the host transport's chunks (CTest sets RTCG_COMM_CHUNK_BYTES small),
// uneven and empty blocks, and the errors of mismatched and bad calls.
#include "distributed_support.hpp"

#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/distributed/errors.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

namespace rtcg::test {
namespace {

constexpr std::size_t n = 1000; // elements: several chunks of the tests' RTCG_COMM_CHUNK_BYTES

template <class T>
Array<T> mine(std::size_t count = n) {
    return Array<T>::to_device(comm().context(), rank_values<T>(comm().rank(), count));
}

template <class T>
T combine(ReduceOp op, T a, T b) {
    switch (op) {
    case ReduceOp::sum: return static_cast<T>(a + b);
    case ReduceOp::prod: return static_cast<T>(a * b);
    case ReduceOp::min: return std::min(a, b);
    case ReduceOp::max: return std::max(a, b);
    }
    return a;
}

// The reduction over ranks of every rank's rank_values.
template <class T>
std::vector<T> reduced(ReduceOp op, std::size_t count = n) {
    std::vector<T> result = rank_values<T>(0, count);
    for (int r = 1; r < comm().size(); ++r)
        for (std::size_t i = 0; i < count; ++i) result[i] = combine(op, result[i], rank_value<T>(r, i));
    return result;
}

// Rank r's block size in the uneven tests: some ranks' blocks are empty.
std::size_t uneven(int r) { return r % 2 == 1 ? 0 : static_cast<std::size_t>(3 * r + 5); }

} // namespace

TEST_CASE_TEMPLATE("all_reduce: every reduction, in place and into another array", T, float, std::int32_t) {
    for (const ReduceOp op : {ReduceOp::sum, ReduceOp::prod, ReduceOp::min, ReduceOp::max}) {
        CAPTURE(to_string(op));
        const Array<T> data = mine<T>();
        const Array<T> out = Array<T>::empty(comm().context(), n);
        comm().all_reduce(data, out, op);
        CHECK(out.get() == reduced<T>(op));
        comm().all_reduce(data, op);
        CHECK(data.get() == reduced<T>(op));
    }
}

// 16-bit integers and complex products have no NCCL type or operation: the nccl transport
// reduces them through the host; complex sums are sums of reals there.
TEST_CASE("all_reduce of 16-bit integers and complex numbers") {
    for (const ReduceOp op : {ReduceOp::sum, ReduceOp::max}) {
        const Array<std::int16_t> data = mine<std::int16_t>();
        comm().all_reduce(data, op);
        CHECK(data.get() == reduced<std::int16_t>(op));
    }
    const auto complex_values = [](int r) {
        std::vector<std::complex<float>> values(n);
        for (std::size_t i = 0; i < n; ++i) values[i] = {rank_value<float>(r, i), rank_value<float>(r, i + 1)};
        return values;
    };
    for (const ReduceOp op : {ReduceOp::sum, ReduceOp::prod}) {
        CAPTURE(to_string(op));
        std::vector<std::complex<float>> expected = complex_values(0);
        for (int r = 1; r < comm().size(); ++r) {
            const std::vector<std::complex<float>> theirs = complex_values(r);
            for (std::size_t i = 0; i < n; ++i)
                expected[i] = op == ReduceOp::sum ? expected[i] + theirs[i] : expected[i] * theirs[i];
        }
        const auto data = Array<std::complex<float>>::to_device(comm().context(), complex_values(comm().rank()));
        comm().all_reduce(data, op);
        CHECK(data.get() == expected);
    }
}

TEST_CASE("all_reduce: a contiguous view, an empty array, host values") {
    const Array<double> whole = mine<double>(n + 10);
    const Array<double> middle = whole(slice(5, 5 + static_cast<std::int64_t>(n)));
    comm().all_reduce(middle, ReduceOp::sum);
    const std::vector<double> got = whole.get();
    const std::vector<double> expected = reduced<double>(ReduceOp::sum, n + 10);
    CHECK(std::vector<double>(got.begin() + 5, got.begin() + 5 + n) ==
          std::vector<double>(expected.begin() + 5, expected.begin() + 5 + n));
    CHECK(got[0] == rank_value<double>(comm().rank(), 0)); // outside the view: untouched

    comm().all_reduce(Array<float>::empty(comm().context(), 0), ReduceOp::max);

    const int p = comm().size();
    CHECK(comm().all_reduce(comm().rank() + 1, ReduceOp::sum) == p * (p + 1) / 2);
    CHECK(comm().all_reduce(double(comm().rank()), ReduceOp::max) == p - 1);
    CHECK(comm().exclusive_scan(std::int64_t(comm().rank() + 1), ReduceOp::sum) ==
          std::int64_t(comm().rank()) * (comm().rank() + 1) / 2);
    CHECK(comm().exclusive_scan(1.5f, ReduceOp::min) ==
          (comm().rank() == 0 ? std::numeric_limits<float>::infinity() : 1.5f));
    std::vector<int> ranks(static_cast<std::size_t>(p));
    std::iota(ranks.begin(), ranks.end(), 0);
    CHECK(comm().all_gather(comm().rank()) == ranks);
    comm().barrier();
}

TEST_CASE("all_reduce with a user reduction: xor and a preamble's function, in place, 2-D, empty, refusals") {
    // Bitwise xor, which no ReduceOp is.
    const Array<std::int32_t> data = mine<std::int32_t>();
    std::vector<std::int32_t> xored = rank_values<std::int32_t>(0, n);
    for (int r = 1; r < comm().size(); ++r)
        for (std::size_t i = 0; i < n; ++i) xored[i] ^= rank_value<std::int32_t>(r, i);
    const UserReduction xor_op{.reduce_expr = "a ^ b", .neutral = "0"};
    const Array<std::int32_t> out = Array<std::int32_t>::empty(comm().context(), n);
    comm().all_reduce(data, out, xor_op);
    CHECK(out.get() == xored);
    comm().all_reduce(data, data, xor_op); // in place
    CHECK(data.get() == xored);

    // The largest magnitude (the larger value among equal ones, so that the order of folding does
    // not matter), through a function of the preamble, on a matrix.
    const auto matrix = Array<float>::to_device(comm().context(), rank_values<float>(comm().rank(), n)).reshape({40, 25});
    const UserReduction largest{.reduce_expr = "largest_magnitude(a, b)",
                                .neutral = "0.0f",
                                .preamble = "RTCG_DEVICE float largest_magnitude(float a, float b) { "
                                            "return fabs(a) > fabs(b) || (fabs(a) == fabs(b) && a > b) ? a : b; }"};
    comm().all_reduce(matrix, matrix, largest);
    const auto larger_magnitude = [](float a, float b) {
        return std::abs(a) > std::abs(b) || (std::abs(a) == std::abs(b) && a > b) ? a : b;
    };
    std::vector<float> expected = rank_values<float>(0, n);
    for (int r = 1; r < comm().size(); ++r)
        for (std::size_t i = 0; i < n; ++i) expected[i] = larger_magnitude(expected[i], rank_value<float>(r, i));
    CHECK(matrix.get() == expected);

    comm().all_reduce(Array<float>::empty(comm().context(), 0), Array<float>::empty(comm().context(), 0), largest);

    // A rank whose arrays differ in size throws InvalidArgument, the others PeerFailure.
    const Array<std::int32_t> short_out = Array<std::int32_t>::empty(comm().context(), comm().rank() == 0 ? n - 1 : n);
    if (comm().rank() == 0)
        CHECK_THROWS_AS(comm().all_reduce(data, short_out, xor_op), InvalidArgument);
    else
        CHECK_THROWS_AS(comm().all_reduce(data, short_out, xor_op), PeerFailure);
    CHECK_THROWS_AS(comm().all_reduce(data, out, UserReduction{.reduce_expr = "a ^ b", .neutral = ""}), InvalidArgument);
    if (comm().size() > 1) {
        const UserReduction other{.reduce_expr = comm().rank() == 0 ? "a ^ b" : "a | b", .neutral = "0"};
        CHECK_THROWS_AS(comm().all_reduce(data, out, other), CollectiveMismatch);
    }
    // The communicator still works.
    comm().all_reduce(data, out, xor_op);
}

TEST_CASE("asynchronous forms: Events of the current queue, which another queue waits for") {
    const Array<float> data = mine<float>();
    Event reduced_event = comm().all_reduce_async(data, data, ReduceOp::sum);
    reduced_event.wait();
    CHECK(data.get() == reduced<float>(ReduceOp::sum));

    // Issued from a second queue; the context's own queue orders its read after the Event.
    Queue side = comm().context().create_queue();
    const Array<float> broadcast = mine<float>();
    Array<float> copy = Array<float>::empty(comm().context(), n);
    Event done;
    {
        QueueScope on_side(side);
        done = comm().broadcast_async(broadcast, 0);
    }
    comm().context().queue().wait_for(done);
    copy.assign(broadcast);
    CHECK(copy.get() == rank_values<float>(0, n));

    const int p = comm().size();
    const std::vector<std::size_t> counts(static_cast<std::size_t>(p), 3);
    const Array<float> send = mine<float>(3 * static_cast<std::size_t>(p));
    const Array<float> recv = Array<float>::empty(comm().context(), 3 * static_cast<std::size_t>(p));
    comm().all_to_all_v_async(send, counts, recv, counts).wait();
    std::vector<float> expected;
    for (int r = 0; r < p; ++r)
        for (std::size_t i = 0; i < 3; ++i)
            expected.push_back(rank_value<float>(r, 3 * static_cast<std::size_t>(comm().rank()) + i));
    CHECK(recv.get() == expected);
    const Array<float> gathered = Array<float>::empty(comm().context(), 3 * static_cast<std::size_t>(p));
    comm().all_gather_v_async(mine<float>(3), gathered, counts).wait();
    std::vector<float> all;
    for (int r = 0; r < p; ++r)
        for (std::size_t i = 0; i < 3; ++i) all.push_back(rank_value<float>(r, i));
    CHECK(gathered.get() == all);
}

TEST_CASE("broadcast and reduce from every root") {
    for (int root = 0; root < comm().size(); ++root) {
        CAPTURE(root);
        const Array<float> data = mine<float>();
        comm().broadcast(data, root);
        CHECK(data.get() == rank_values<float>(root, n));

        const Array<std::int32_t> send = mine<std::int32_t>();
        const Array<std::int32_t> recv = Array<std::int32_t>::to_device(comm().context(), std::vector<std::int32_t>(n, 99));
        comm().reduce(send, recv, ReduceOp::sum, root);
        CHECK(recv.get() == (comm().rank() == root ? reduced<std::int32_t>(ReduceOp::sum)
                                                   : std::vector<std::int32_t>(n, 99)));
    }
}

TEST_CASE("all_gather and all_gather_v with empty blocks") {
    const int p = comm().size();
    const std::size_t block = 37;
    const Array<float> all = Array<float>::empty(comm().context(), block * static_cast<std::size_t>(p));
    comm().all_gather(mine<float>(block), all);
    std::vector<float> expected;
    for (int r = 0; r < p; ++r) {
        const auto values = rank_values<float>(r, block);
        expected.insert(expected.end(), values.begin(), values.end());
    }
    CHECK(all.get() == expected);

    std::vector<std::size_t> counts;
    expected.clear();
    for (int r = 0; r < p; ++r) {
        counts.push_back(uneven(r));
        const auto values = rank_values<float>(r, uneven(r));
        expected.insert(expected.end(), values.begin(), values.end());
    }
    const Array<float> gathered = Array<float>::empty(comm().context(), expected.size());
    comm().all_gather_v(mine<float>(uneven(comm().rank())), gathered, counts);
    CHECK(gathered.get() == expected);
}

TEST_CASE("reduce_scatter and all_to_all") {
    const auto p = static_cast<std::size_t>(comm().size());
    const auto r = static_cast<std::size_t>(comm().rank());
    const std::size_t block = 41;
    const Array<std::int32_t> part = Array<std::int32_t>::empty(comm().context(), block);
    comm().reduce_scatter(mine<std::int32_t>(block * p), part, ReduceOp::max);
    const auto all = reduced<std::int32_t>(ReduceOp::max, block * p);
    CHECK(part.get() == std::vector<std::int32_t>(all.begin() + r * block, all.begin() + (r + 1) * block));

    const Array<float> exchanged = Array<float>::empty(comm().context(), block * p);
    comm().all_to_all(mine<float>(block * p), exchanged);
    std::vector<float> expected;
    for (std::size_t from = 0; from < p; ++from) {
        const auto theirs = rank_values<float>(static_cast<int>(from), block * p);
        expected.insert(expected.end(), theirs.begin() + r * block, theirs.begin() + (r + 1) * block);
    }
    CHECK(exchanged.get() == expected);
}

TEST_CASE("all_to_all_v with uneven and empty blocks") {
    const int p = comm().size();
    const int me = comm().rank();
    // Rank i sends (i + 2 * j) % 3 elements to rank j: some blocks are empty.
    const auto amount = [](int from, int to) { return static_cast<std::size_t>((from + 2 * to) % 3); };
    std::vector<std::size_t> send_counts, recv_counts;
    for (int j = 0; j < p; ++j) {
        send_counts.push_back(amount(me, j));
        recv_counts.push_back(amount(j, me));
    }
    const std::size_t sent = std::accumulate(send_counts.begin(), send_counts.end(), std::size_t(0));
    const std::size_t received = std::accumulate(recv_counts.begin(), recv_counts.end(), std::size_t(0));
    const Array<std::int32_t> out = Array<std::int32_t>::empty(comm().context(), received);
    comm().all_to_all_v(mine<std::int32_t>(sent), send_counts, out, recv_counts);
    std::vector<std::int32_t> expected;
    for (int from = 0; from < p; ++from) {
        std::size_t start = 0;
        for (int j = 0; j < me; ++j) start += amount(from, j);
        const auto theirs = rank_values<std::int32_t>(from, start + amount(from, me));
        expected.insert(expected.end(), theirs.begin() + static_cast<std::ptrdiff_t>(start), theirs.end());
    }
    CHECK(out.get() == expected);
}

TEST_CASE("RTCG_DEBUG=1: all_to_all_v's counts are matched between ranks") {
    ::setenv("RTCG_DEBUG", "1", 1);
    Communicator checked(MPI_COMM_WORLD, comm().context());
    ::unsetenv("RTCG_DEBUG");
    const auto p = static_cast<std::size_t>(comm().size());
    // Every rank sends 2 elements to every rank, and rank 0 expects 3 from the last rank.
    std::vector<std::size_t> send_counts(p, 2), recv_counts(p, 2);
    if (comm().rank() == 0) recv_counts.back() = 3;
    const Array<float> out = Array<float>::empty(comm().context(), 2 * p + (comm().rank() == 0 ? 1 : 0));
    if (comm().rank() == 0) {
        CHECK_THROWS_WITH_AS(checked.all_to_all_v(mine<float>(2 * p), send_counts, out, recv_counts),
                             doctest::Contains("expects 3"), InvalidArgument);
    } else {
        CHECK_THROWS_AS(checked.all_to_all_v(mine<float>(2 * p), send_counts, out, recv_counts), PeerFailure);
    }
    recv_counts.back() = 2;
    const Array<float> fitting = Array<float>::empty(comm().context(), 2 * p);
    checked.all_to_all_v(mine<float>(2 * p), send_counts, fitting, recv_counts);
    std::vector<float> expected;
    for (std::size_t from = 0; from < p; ++from) {
        const auto theirs = rank_values<float>(static_cast<int>(from), 2 * p);
        const auto start = theirs.begin() + static_cast<std::ptrdiff_t>(2 * comm().rank());
        expected.insert(expected.end(), start, start + 2);
    }
    CHECK(fitting.get() == expected);
}

TEST_CASE("send and recv around a ring") {
    const int p = comm().size();
    const int next = (comm().rank() + 1) % p;
    const int previous = (comm().rank() + p - 1) % p;
    const Array<double> incoming = Array<double>::empty(comm().context(), n);
    if (p == 1) {
        return;
    }
    // Even ranks send first, odd ones receive first, so that blocking sends cannot wait on each other.
    if (comm().rank() % 2 == 0) {
        comm().send(mine<double>(), next, 5);
        comm().recv(incoming, previous, 5);
    } else {
        comm().recv(incoming, previous, 5);
        comm().send(mine<double>(), next, 5);
    }
    CHECK(incoming.get() == rank_values<double>(previous, n));
}

TEST_CASE("mismatched calls end in an error on every rank, and the communicator still works") {
    const int p = comm().size();
    if (p > 1) {
        // Rank 1 passes fewer elements.
        const Array<float> data = mine<float>(comm().rank() == 1 ? n - 1 : n);
        CHECK_THROWS_WITH_AS(comm().all_reduce(data, ReduceOp::sum), doctest::Contains("element count"),
                             CollectiveMismatch);
        // Rank 0 reduces int32, the others float.
        if (comm().rank() == 0)
            CHECK_THROWS_WITH_AS(comm().all_reduce(mine<std::int32_t>(), ReduceOp::sum),
                                 doctest::Contains("element type"), CollectiveMismatch);
        else
            CHECK_THROWS_WITH_AS(comm().all_reduce(mine<float>(), ReduceOp::sum), doctest::Contains("element type"),
                                 CollectiveMismatch);
        // Rank 0 broadcasts, the others all-reduce.
        if (comm().rank() == 0)
            CHECK_THROWS_AS(comm().broadcast(mine<float>(), 0), CollectiveMismatch);
        else
            CHECK_THROWS_AS(comm().all_reduce(mine<float>(), ReduceOp::sum), CollectiveMismatch);
        // Different roots.
        CHECK_THROWS_WITH_AS(comm().broadcast(mine<float>(), comm().rank() == 0 ? 0 : 1), doctest::Contains("root"),
                             CollectiveMismatch);
        // A send of 10 floats to a receive of 9.
        if (comm().rank() == 0)
            CHECK_THROWS_AS(comm().send(mine<float>(10), 1, 3), CollectiveMismatch);
        else if (comm().rank() == 1)
            CHECK_THROWS_AS(comm().recv(Array<float>::empty(comm().context(), 9), 0, 3), CollectiveMismatch);
    }
    // Rank 0's receive array has the wrong size: it throws InvalidArgument, the others PeerFailure.
    const Array<float> out = Array<float>::empty(comm().context(), comm().rank() == 0 ? n + 1 : n);
    if (comm().rank() == 0) {
        CHECK_THROWS_AS(comm().all_reduce(mine<float>(), out, ReduceOp::sum), InvalidArgument);
    } else {
        try {
            comm().all_reduce(mine<float>(), out, ReduceOp::sum);
            FAIL("no PeerFailure");
        } catch (const PeerFailure& e) {
            CHECK(e.failed_rank() == 0);
            CHECK(std::string(e.what()).find("rank 0") != std::string::npos);
        }
    }
    // Every rank passes a strided view, or a type MPI cannot reduce: each throws its own error.
    const Array<float> wide = mine<float>(2 * n);
    CHECK_THROWS_WITH_AS(comm().all_reduce(wide(slice(none, none, 2)), ReduceOp::sum),
                         doctest::Contains("not contiguous"), InvalidArgument);
    CHECK_THROWS_AS(comm().all_reduce(Array<std::complex<float>>::empty(comm().context(), 4), ReduceOp::min),
                    InvalidArgument);
    CHECK_THROWS_AS(comm().broadcast(mine<float>(), comm().size()), InvalidArgument);

    const Array<float> data = mine<float>();
    comm().all_reduce(data, ReduceOp::sum);
    CHECK(data.get() == reduced<float>(ReduceOp::sum));
}

TEST_CASE("the transport: host staging on OpenCL, the others say why not, RTCG_COMM forces one") {
    const TransportReport& report = comm().transport();
    REQUIRE(report.candidates.size() == 3);
    CHECK(report.candidates[2].available);
    for (const TransportStatus& status : report.candidates)
        if (!status.available) CHECK_FALSE(status.reason.empty());
    const bool opencl = comm().context().selector().rfind("opencl", 0) == 0;
    if (opencl) {
        CHECK(report.chosen == TransportKind::host);
        CHECK(report.describe().find("not CUDA's") != std::string::npos);
    }
    // The first available transport is the one taken (all of them start where they are found).
    for (const TransportStatus& status : report.candidates) {
        if (!status.available) continue;
        CHECK(report.chosen == status.kind);
        break;
    }
    ::setenv("RTCG_COMM", "nccl", 1);
    if (report.candidates[0].available) {
        // CUDA ranks with NCCL: the forced communicator runs its collectives through NCCL.
        Communicator nccl(MPI_COMM_WORLD, comm().context());
        CHECK(nccl.transport().chosen == TransportKind::nccl);
        const Array<double> data = mine<double>();
        nccl.all_reduce(data, ReduceOp::max);
        CHECK(data.get() == reduced<double>(ReduceOp::max));
    } else {
        CHECK_THROWS_WITH_AS(Communicator(MPI_COMM_WORLD, comm().context()), doctest::Contains("RTCG_COMM=nccl"),
                             BackendUnavailable);
    }
    if (opencl) {
        ::setenv("RTCG_COMM", "mpi", 1);
        CHECK_THROWS_WITH_AS(Communicator(MPI_COMM_WORLD, comm().context()), doctest::Contains("not CUDA's"),
                             BackendUnavailable);
    }
    ::setenv("RTCG_COMM", "pigeon", 1);
    CHECK_THROWS_AS(Communicator(MPI_COMM_WORLD, comm().context()), InvalidArgument);
    ::unsetenv("RTCG_COMM");
    ::setenv("RTCG_COMM_CHUNK_BYTES", "12kB", 1);
    CHECK_THROWS_WITH_AS(Communicator(MPI_COMM_WORLD, comm().context()), doctest::Contains("RTCG_COMM_CHUNK_BYTES"),
                         InvalidArgument);
    ::setenv("RTCG_COMM_CHUNK_BYTES", "256", 1);
    ::setenv("RTCG_COMM", "host", 1);
    Communicator forced(MPI_COMM_WORLD, comm().context());
    ::unsetenv("RTCG_COMM");
    CHECK(forced.transport().forced);
    CHECK(forced.transport().chosen == TransportKind::host);
    CHECK(forced.size() == comm().size());
    CHECK(forced.rank() == comm().rank());
    const Array<float> data = mine<float>();
    forced.all_reduce(data, ReduceOp::min);
    CHECK(data.get() == reduced<float>(ReduceOp::min));
}

} // namespace rtcg::test
