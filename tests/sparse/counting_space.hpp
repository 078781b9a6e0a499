#pragma once
// The single-device vector space that counts the regions the solvers hand it and checks their
// bounds: how many reductions a solve takes, where one combine is one all-reduce of a
// distributed space.
#include <rtcg/sparse/operator.hpp>

#include <doctest/doctest.h>

#include <cstddef>

namespace rtcg::test {

class CountingSpace final : public VectorSpace<double> {
public:
    void combine(const Array<double>& partials, std::size_t first, std::size_t count, std::size_t sums) const override {
        CHECK(first + count * sums <= partials.size());
        calls += 1;
        regions += sums;
    }
    mutable std::size_t calls = 0;
    mutable std::size_t regions = 0;
};

} // namespace rtcg::test
