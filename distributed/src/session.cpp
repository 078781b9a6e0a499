#include <rtcg/distributed/session.hpp>

#include "mpi_call.hpp"

#include <rtcg/core/backends.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/distributed/errors.hpp>

#include <spdlog/logger.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace rtcg {

namespace {

int world_rank_for_log() {
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int world_size_for_log() {
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

// While an MpiSession lives: an exception that leaves main uncaught ends every rank, not this one
// alone (the others would wait for it in their next collective).
[[noreturn]] void abort_on_terminate() {
    std::string why = "std::terminate";
    if (const std::exception_ptr current = std::current_exception()) {
        try {
            std::rethrow_exception(current);
        } catch (const std::exception& e) {
            why = std::string("uncaught exception: ") + e.what();
        } catch (...) {
            why = "uncaught exception that is not a std::exception";
        }
    }
    plugin::logger().error("rank {} of {}: {}; aborting every rank", world_rank_for_log(), world_size_for_log(), why);
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();
}

} // namespace

MpiSession::MpiSession(int& argc, char**& argv) { start(&argc, &argv); }

MpiSession::MpiSession() { start(nullptr, nullptr); }

void MpiSession::start(int* argc, char*** argv) {
    int finalized = 0;
    detail::mpi_check(MPI_Finalized(&finalized), "MPI_Finalized");
    if (finalized) throw MpiError("MPI was finalised already and cannot start again", "MpiSession");
    int initialized = 0;
    detail::mpi_check(MPI_Initialized(&initialized), "MPI_Initialized");
    if (!initialized) {
        int provided = 0;
        detail::mpi_check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
        owns_ = true;
    }
    detail::mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    detail::mpi_check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
    uncaught_ = std::uncaught_exceptions();
    previous_terminate_ = std::set_terminate(abort_on_terminate);
}

MpiSession::~MpiSession() {
    // This rank leaves with an exception while others may wait for it in a collective.
    if (std::uncaught_exceptions() > uncaught_) abort("an exception leaves the MpiSession");
    std::set_terminate(previous_terminate_);
    if (owns_) MPI_Finalize();
}

void MpiSession::abort(std::string_view why, int code) const {
    plugin::logger().error("rank {} of {}: {}; aborting every rank", rank_, size_, why);
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();
}

int node_local_rank(MPI_Comm comm) {
    MPI_Comm node = MPI_COMM_NULL;
    detail::mpi_check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node),
                      "MPI_Comm_split_type");
    int rank = 0;
    const int code = MPI_Comm_rank(node, &rank);
    MPI_Comm_free(&node);
    detail::mpi_check(code, "MPI_Comm_rank");
    return rank;
}

namespace {

std::vector<std::string> fields_of(const std::string& text) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t colon; (colon = text.find(':', start)) != std::string::npos; start = colon + 1)
        fields.push_back(text.substr(start, colon - start));
    fields.push_back(text.substr(start));
    return fields;
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// Whether a platform field (an index or a case-insensitive part of the name or vendor; empty
// matches all) names `device`'s platform, as RTCG_BACKEND's fields do.
bool platform_matches(const std::string& field, const DeviceDescription& device) {
    if (field.empty()) return true;
    if (std::all_of(field.begin(), field.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::stoull(field) == device.platform_index;
    const std::string part = lower(field);
    return lower(device.platform).find(part) != std::string::npos ||
           lower(device.platform_vendor).find(part) != std::string::npos;
}

// The devices a rank chooses among: see rank_device_selector.
std::vector<DeviceDescription> candidates(const std::vector<std::string>& fields) {
    const std::vector<BackendReport> reports = backend_reports();
    const auto report_of = [&](const std::string& name) -> const BackendReport* {
        for (const BackendReport& report : reports)
            if (report.name == name && report.available) return &report;
        return nullptr;
    };
    std::vector<DeviceDescription> devices;
    if (!fields.empty()) {
        if (const BackendReport* report = report_of(fields[0])) {
            const std::string platform = fields.size() > 1 && fields[0] == "opencl" ? fields[1] : std::string();
            // The first platform that matches, as Context::create takes.
            for (const DeviceDescription& device : report->devices)
                if (platform_matches(platform, device) &&
                    (devices.empty() || device.platform_index == devices.front().platform_index))
                    devices.push_back(device);
        }
        return devices;
    }
    if (const BackendReport* cuda = report_of("cuda"); cuda && !cuda->devices.empty()) return cuda->devices;
    if (const BackendReport* opencl = report_of("opencl"); opencl && !opencl->devices.empty()) {
        const std::size_t platform = opencl->devices.front().platform_index;
        for (const DeviceDescription& device : opencl->devices)
            if (device.platform_index == platform && device.info.type == DeviceType::gpu) devices.push_back(device);
        if (devices.empty())
            for (const DeviceDescription& device : opencl->devices)
                if (device.platform_index == platform) devices.push_back(device);
    }
    return devices;
}

} // namespace

std::string rank_device_selector(int local_rank) {
    const char* environment = std::getenv("RTCG_BACKEND");
    const std::string named = environment ? environment : "";
    std::vector<std::string> fields;
    if (!named.empty()) {
        fields = fields_of(named);
        // A full selector names one device: every rank of the node takes it.
        const std::size_t full = fields[0] == "opencl" ? 3 : fields[0] == "cuda" ? 2 : 0;
        if (full == 0 || fields.size() >= full) return named;
    }
    const std::vector<DeviceDescription> devices = candidates(fields);
    if (devices.empty())
        throw BackendUnavailable(named.empty() ? "no backend offers a device (rtcg-info says why)"
                                               : "RTCG_BACKEND='" + named + "' matches no usable device",
                                 "rank_device_selector");
    const auto k = static_cast<std::size_t>(local_rank) % devices.size();
    return devices[k].selector;
}

Context rank_context(MPI_Comm comm) {
    const int local = node_local_rank(comm);
    const std::string selector = rank_device_selector(local);
    plugin::logger().debug("node-local rank {} takes device {}", local, selector);
    return Context::create(selector);
}

} // namespace rtcg
