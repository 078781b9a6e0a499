#pragma once
/// \file
/// Everything of rtcg's arrays: Array<T>, its indices, indexing by arrays and masks, building
/// arrays from arrays, the current queue, expressions and their operators and functions,
/// reductions, scans and the algorithms on them (copy_if, partition, unique, sort, list building,
/// key-value grouping, reduce_by_key), searching and counting (searchsorted, bincount, histogram), random
/// numbers, and the kernel generators ElementwiseKernel, ReductionKernel and ScanKernel.
/// Link rtcg::arrays.
#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/arrays/counted.hpp>
#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/device_library.hpp>
#include <rtcg/arrays/device_scalar.hpp>
#include <rtcg/arrays/dlpack.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/key_value_sort.hpp>
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/arrays/like.hpp>
#include <rtcg/arrays/list_building.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/policy.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/arrays/reduce_by_key.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/arrays/shaping.hpp>
