#pragma once
// Everything of rtcg's arrays: Array<T>, expressions and their operators and functions,
// reductions, and the kernel generators ElementwiseKernel and ReductionKernel.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/device_scalar.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/reductions.hpp>
