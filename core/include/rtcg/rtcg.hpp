#pragma once
// Everything a user of rtcg needs.
#include <rtcg/core/backends.hpp>
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/offline_compiler.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/core/version.hpp>
