#pragma once
/// \file
/// Everything of rtcg's core: contexts, memory, queues, modules, kernels and their launches, the
/// compile cache, images and offline compiles (link rtcg::rtcg). <rtcg/rtcg.hpp> adds the other parts.
#include <rtcg/core/backends.hpp>
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/buffer_view.hpp>
#include <rtcg/core/compiled_binary.hpp>
#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/graph.hpp>
#include <rtcg/core/image.hpp>
#include <rtcg/core/interop.hpp>
#include <rtcg/core/json_text.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/kernel_attributes.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/mapped_host_buffer.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/offline_compiler.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/core/rect_copy.hpp>
#include <rtcg/core/version.hpp>
