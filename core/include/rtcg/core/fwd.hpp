#pragma once
/// \file
/// Forward declarations shared by the public headers.
namespace rtcg {
class Context;
class Queue;
class Buffer;
class PinnedHostBuffer;
class Event;
class Module;
class Kernel;
class MemoryPool;
namespace detail {
struct ContextState;
struct LoadedModule;
class BufferRecycler;
class CaptureState;
struct GraphState;
class Interop;
class MemoryPoolState;
} // namespace detail
namespace plugin {
class BufferImpl;
class HostBufferImpl;
class EventImpl;
class QueueImpl;
class KernelImpl;
class GraphImpl;
class OfflineCompiler;
} // namespace plugin
} // namespace rtcg
