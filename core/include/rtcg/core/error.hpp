#pragma once
/// \file
/// The exceptions rtcg throws. Every failure is an rtcg::Error; the subclasses let callers
/// react to the kinds that are worth telling apart (out of memory, bad input, compile errors,
/// a backend that is not there at all).
///
/// A message is bounded: what() carries at most Error::message_limit characters. A longer one
/// (a build log of thousands of errors, a signature of thousands of arguments) keeps its beginning
/// and its end and says how many characters were cut between them.
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace rtcg {

/// The base of every exception rtcg throws: what failed (where()), why (why()) and, for backend
/// calls, the status code.
class RTCG_API Error : public std::runtime_error {
public:
    /// The most characters what() and why() carry.
    static constexpr std::size_t message_limit = 16 * 1024;

    /// `where`: the API call or rtcg operation that failed ("cuMemAlloc", "Queue::write").
    /// `code` / `code_name`: the backend's status code, when a backend call failed.
    explicit Error(std::string why, std::string where = {}, std::optional<long long> code = {},
                   std::string code_name = {});

    /// The reason, bounded like what().
    const std::string& why() const noexcept { return why_; }
    /// The API call or rtcg operation that failed, e.g. "cuMemAlloc" or "Queue::write".
    const std::string& where() const noexcept { return where_; }
    /// The backend's status code, when a backend call failed.
    const std::optional<long long>& code() const noexcept { return code_; }
    /// The status code's name, e.g. "CUDA_ERROR_OUT_OF_MEMORY"; empty without a code.
    const std::string& code_name() const noexcept { return code_name_; }

private:
    std::string why_;
    std::string where_;
    std::optional<long long> code_;
    std::string code_name_;
};

/// A backend API call returned an error status.
class RTCG_API BackendError : public Error {
public:
    using Error::Error;
};

/// Device (or pinned host) memory could not be had: the request exceeds the device's limits,
/// or the driver ran out.
class RTCG_API OutOfMemory : public Error {
public:
    using Error::Error;
};

/// The caller passed something rtcg or the backend cannot accept: wrong argument count or
/// size, a copy past a buffer's end, an unknown kernel name, a malformed RTCG_BACKEND.
class RTCG_API InvalidArgument : public Error {
public:
    using Error::Error;
};

/// A native handle was asked of, or given to, an object of another backend than the call names
/// (a cl_mem of a CUDA buffer, a CUstream for an OpenCL context). what() names both backends.
class RTCG_API BackendMismatch : public InvalidArgument {
public:
    using InvalidArgument::InvalidArgument;
};

/// A backend, platform or device that was asked for is not usable here; the message says why
/// (no driver, no platform, plug-in or library not found) and what is available instead.
class RTCG_API BackendUnavailable : public Error {
public:
    using Error::Error;
};

/// Kernel source did not compile. Carries the compiler's whole log and the source lines the
/// log points at, each with its line number. what() shows the log's first lines and the source
/// lines (within message_limit); build_log() has all of it.
class RTCG_API CompileError : public Error {
public:
    /// `build_log`: the compiler's whole log; `source_excerpt`: the source lines it points at.
    CompileError(std::string why, std::string where, std::string build_log, std::string source_excerpt,
                 std::optional<long long> code = {}, std::string code_name = {});

    /// The compiler's whole log.
    const std::string& build_log() const noexcept { return build_log_; }
    /// The source lines the log points at, each with its line number.
    const std::string& source_excerpt() const noexcept { return source_excerpt_; }

private:
    std::string build_log_;
    std::string source_excerpt_;
};

/// The units of Module::link compiled, but the linker could not join them: a symbol one unit uses
/// and none defines, one defined twice. build_log() has the linker's log.
class RTCG_API LinkError : public CompileError {
public:
    using CompileError::CompileError;
};

/// A host callback (Queue::host_function, Event::on_complete) threw, or did not run because the
/// device work it waited for failed. Thrown on the caller's thread by the next Queue::finish() or
/// Context::wait_for_callbacks() of the callback's context; why() has the first failure's message
/// and how many more there were since the last report.
class RTCG_API CallbackError : public Error {
public:
    using Error::Error;
};

} // namespace rtcg
