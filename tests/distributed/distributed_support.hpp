#pragma once
// What the distributed tests share: the communicator over MPI_COMM_WORLD that main opens, and the
// data each rank contributes, which every rank can also compute for any other rank (the host
// references need the others' data).
#include <rtcg/distributed/communicator.hpp>

#include <cstddef>
#include <vector>

namespace rtcg::test {

Communicator& comm();

// Rank r's value at index i: small integers, exact in float and int arithmetic alike.
template <class T>
T rank_value(int r, std::size_t i) {
    return static_cast<T>(static_cast<int>((i * 7 + static_cast<std::size_t>(r) * 13) % 11) - 3);
}

template <class T>
std::vector<T> rank_values(int r, std::size_t n) {
    std::vector<T> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = rank_value<T>(r, i);
    return values;
}

} // namespace rtcg::test
