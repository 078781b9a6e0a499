#pragma once
// The pieces the running scans (cumsum, cumprod; rtcg/arrays/scan.hpp) share between the flat
// scan and the scans along an axis.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/scan.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace rtcg::detail {

// `operation` combining a (earlier) with b (later) as a C expression, and its neutral element.
std::string running_combine(RunningOperation operation);
std::string running_neutral(RunningOperation operation);

// The running `operation` of each row of `row_length` consecutive elements of `in`, written to
// `out` (both of one dtype, context and size, a multiple of row_length): one segmented ScanKernel,
// or a plain one where a single row covers the arrays.
void scan_rows(const ArrayData& in, const ArrayData& out, std::size_t row_length, RunningOperation operation,
               bool exclusive);

// InvalidArgument naming `where` for an output some of whose elements are others' memory too (a
// broadcast view), which a scan cannot write.
void check_distinct_elements(const ArrayData& out, std::string_view where);

// Runs `scan`, which writes its result to the array it is given, so that the result lands in
// `out`: `scan` is given `out` itself where it can take it (contiguous, when `needs_contiguous`;
// and either apart from `in`'s storage or `in`'s very elements, which every scan route reads
// before it writes them), else a new contiguous array, which is then copied into `out`.
void scan_into(const ArrayData& in, const ArrayData& out, bool needs_contiguous,
               const std::function<void(const ArrayData&)>& scan);

} // namespace rtcg::detail
