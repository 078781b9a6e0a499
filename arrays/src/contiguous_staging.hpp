#pragma once
// Contiguous stand-ins for the arrays of a call whose kernel cannot read them through strides:
// each array that is not contiguous (or, for a broadcast call, not of the call's shape) is copied
// into a new contiguous array first, and the stand-ins of arrays the kernel may write (pointer
// arguments that are not const) are copied back after it ran. An array passed twice gets one
// stand-in, so that a kernel that writes through one argument and reads through the other sees its
// own writes as it would in place.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace rtcg::detail {

class ContiguousStaging {
public:
    // `shape`, for broadcast calls: every array is broadcast to it before it is copied, so that
    // each stand-in has the call's size. Null: arrays keep their shapes. Arrays flagged broadcast
    // (read at index 0 only) stay as they are.
    ContiguousStaging(std::span<const codegen::Argument> declared, std::span<const CallArgument> args,
                      const std::vector<std::size_t>* shape);

    // Whether any array needed a stand-in.
    bool any() const noexcept { return !stand_ins_.empty(); }
    // The call's arguments with the stand-ins in place of the arrays they stand for.
    std::span<const CallArgument> arguments() const noexcept { return args_; }
    // Copies the stand-ins of written arrays back (one kernel each).
    void write_back() const;

private:
    struct StandIn {
        const ArrayData* original;
        ArrayData copy;
        bool written;
    };
    std::vector<CallArgument> args_;
    std::vector<StandIn> stand_ins_;
};

} // namespace rtcg::detail
