#pragma once
// Owning wrappers over OpenCL objects: each holds one reference and releases it on
// destruction, logging (never throwing) when the release fails. They can be moved out of (to
// hand a new object to its owner) but not copied or reassigned, so every reference has exactly
// one owner for its whole life.
#include "status.hpp"

#include <CL/cl.h>

#include <utility>

namespace rtcg::opencl {

template <typename Object>
struct Release;

template <>
struct Release<cl_context> {
    static cl_int apply(cl_context object) { return clReleaseContext(object); }
    static constexpr const char* call = "clReleaseContext";
};
template <>
struct Release<cl_command_queue> {
    static cl_int apply(cl_command_queue object) { return clReleaseCommandQueue(object); }
    static constexpr const char* call = "clReleaseCommandQueue";
};
template <>
struct Release<cl_mem> {
    static cl_int apply(cl_mem object) { return clReleaseMemObject(object); }
    static constexpr const char* call = "clReleaseMemObject";
};
template <>
struct Release<cl_program> {
    static cl_int apply(cl_program object) { return clReleaseProgram(object); }
    static constexpr const char* call = "clReleaseProgram";
};
template <>
struct Release<cl_kernel> {
    static cl_int apply(cl_kernel object) { return clReleaseKernel(object); }
    static constexpr const char* call = "clReleaseKernel";
};
template <>
struct Release<cl_event> {
    static cl_int apply(cl_event object) { return clReleaseEvent(object); }
    static constexpr const char* call = "clReleaseEvent";
};

template <>
struct Release<cl_sampler> {
    static cl_int apply(cl_sampler object) { return clReleaseSampler(object); }
    static constexpr const char* call = "clReleaseSampler";
};

template <typename Object>
class Handle {
public:
    // Takes over the reference that a clCreate* / clEnqueue* call returned.
    explicit Handle(Object object) noexcept : object_(object) {}
    Handle(Handle&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
    Handle& operator=(Handle&&) = delete;
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() {
        if (object_ != nullptr) warn_on_failure(Release<Object>::apply(object_), Release<Object>::call);
    }

    Object get() const noexcept { return object_; }

private:
    Object object_;
};

using ContextHandle = Handle<cl_context>;
using QueueHandle = Handle<cl_command_queue>;
using MemHandle = Handle<cl_mem>;
using ProgramHandle = Handle<cl_program>;
using KernelHandle = Handle<cl_kernel>;
using EventHandle = Handle<cl_event>;
using SamplerHandle = Handle<cl_sampler>;

} // namespace rtcg::opencl
