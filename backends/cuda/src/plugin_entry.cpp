#include <rtcg/core/plugin/backend.hpp>
