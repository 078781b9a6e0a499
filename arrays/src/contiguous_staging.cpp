#include "contiguous_staging.hpp"
#include "storage_overlap.hpp"


namespace rtcg::detail {

ContiguousStaging::ContiguousStaging(std::span<const codegen::Argument> declared, std::span<const CallArgument> args,
                                     const std::vector<std::size_t>* shape)
    : args_(args.begin(), args.end()) {
    // A call the kernel will refuse is left as it is, for the kernel's checks to report.
    if (args.size() != declared.size()) return;
    stand_ins_.reserve(args.size()); // the arguments point into it
    for (std::size_t k = 0; k < args_.size(); ++k) {
        CallArgument& argument = args_[k];
        if (!argument.array || argument.broadcast || !declared[k].is_pointer) continue;
        const ArrayData& array = *argument.array;
        if (array.dtype() != declared[k].type) continue;
        if (array.is_contiguous() && (!shape || array.shape() == *shape)) continue;
        const bool written = !declared[k].is_const;
        StandIn* stand_in = nullptr;
        for (StandIn& earlier : stand_ins_)
            if (same_elements(*earlier.original, array)) stand_in = &earlier;
        if (!stand_in) {
            const ArrayData source = shape ? array.broadcast_to(*shape) : array;
            stand_ins_.push_back(StandIn{&array, contiguous(source), false});
            stand_in = &stand_ins_.back();
        }
        stand_in->written = stand_in->written || written;
        argument.array = &stand_in->copy;
    }
}

void ContiguousStaging::write_back() const {
    for (const StandIn& stand_in : stand_ins_)
        if (stand_in.written) copy_elements(*stand_in.original, stand_in.copy);
}

} // namespace rtcg::detail
