#pragma once
// Everything public of rtcg: core, codegen, arrays and tuning. Link rtcg::all.
#include <rtcg/arrays.hpp>
#include <rtcg/codegen.hpp>
#include <rtcg/core.hpp>
#include <rtcg/tuning.hpp>
