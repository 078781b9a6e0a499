#pragma once
// Everything of rtcg's tuning: parameter spaces, search strategies, the tuner and its database,
// reports, and tuning policies kept in the database. Link rtcg::tuning.
#include <rtcg/tuning/configuration.hpp>
#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/parallel_compile.hpp>
#include <rtcg/tuning/parameter_space.hpp>
#include <rtcg/tuning/policies.hpp>
#include <rtcg/tuning/report.hpp>
#include <rtcg/tuning/size_class.hpp>
#include <rtcg/tuning/strategy.hpp>
#include <rtcg/tuning/tuner.hpp>
