#pragma once
// The pieces the running scans (cumsum, cumprod; rtcg/arrays/scan.hpp) share between the flat
// scan and the scans along an axis.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/scan.hpp>

#include <cstddef>
#include <string>

namespace rtcg::detail {

// `operation` combining a (earlier) with b (later) as a C expression, and its neutral element.
std::string running_combine(RunningOperation operation);
std::string running_neutral(RunningOperation operation);

// The running `operation` of each row of `row_length` consecutive elements of `in`, written to
// `out` (both of one dtype, context and size, a multiple of row_length): one segmented ScanKernel,
// or a plain one where a single row covers the arrays.
void scan_rows(const ArrayData& in, const ArrayData& out, std::size_t row_length, RunningOperation operation,
               bool exclusive);

} // namespace rtcg::detail
