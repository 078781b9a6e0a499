#pragma once
/// \file
/// rtcg builds with hidden symbols by default; RTCG_API marks what librtcg.so exports. Exception
/// classes and the plug-in interfaces must be exported so that their type information is one and
/// the same in core, the plug-ins and the user's program (catch clauses depend on it).
#if defined(_WIN32)
#define RTCG_API
#else
/// Marks a declaration that librtcg.so exports.
#define RTCG_API __attribute__((visibility("default")))
#endif
