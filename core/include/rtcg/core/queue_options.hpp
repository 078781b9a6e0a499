#pragma once
/// \file
/// How a queue runs its work (Context::create_queue(const QueueOptions&)).
///
/// An in-order queue, the default and what CUDA streams are, starts each command once the one
/// before it has finished. An out-of-order queue (OpenCL's CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
/// where DeviceInfo::out_of_order_queues says the device has it) may run the commands queued on it
/// in any order and at once: the caller orders them with Queue::barrier() and with events
/// (Queue::record, Queue::wait_for). Blocking reads and writes wait for their own transfer only.
/// The arrays layer assumes in-order queues and refuses an out-of-order one.
#include <cstdint>

namespace rtcg {

/// Whether a queue runs its commands one after the other or in any order.
enum class QueueOrder : std::uint8_t {
    in_order,     ///< each command starts once the one before it has finished
    out_of_order, ///< commands run in any order unless barriers and events order them
};

/// The properties of a new queue.
struct QueueOptions {
    QueueOrder order = QueueOrder::in_order; ///< in order unless asked otherwise
};

} // namespace rtcg
