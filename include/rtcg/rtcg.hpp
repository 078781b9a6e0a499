#pragma once
// Everything public of rtcg: core, codegen, arrays, tuning, sparse and fft. Link rtcg::all.
#include <rtcg/arrays.hpp>
#include <rtcg/codegen.hpp>
#include <rtcg/core.hpp>
#include <rtcg/fft.hpp>
#include <rtcg/sparse.hpp>
#include <rtcg/tuning.hpp>
