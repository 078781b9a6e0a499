#include "argument_binding.hpp"

#include "scalar_conversion.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::Argument;

plugin::KernelArgument store_index(ArgumentSlot& slot, std::int64_t value) {
    std::memcpy(slot.bytes, &value, sizeof value);
    return plugin::KernelArgument{nullptr, slot.bytes, sizeof value};
}

class Binder {
public:
    Binder(const ElementwiseProgram& program, const Context& context) : program_(program), context_(context) {}

    InvalidArgument error(const std::string& why) const {
        return InvalidArgument("ElementwiseKernel '" + program_.name + "': " + why);
    }

    void check_array(const Argument& declared, const CallArgument& given) const {
        const std::string argument = "pointer argument '" + declared.name + "' (" + std::string(declared.type.name()) + ")";
        if (!given.array) throw error(argument + " needs an Array, not a scalar");
        if (given.array->dtype() != declared.type)
            throw error(argument + " was given an array of " + std::string(given.array->dtype().name()));
        if (given.array->context() != context_) throw error(argument + " was given an array of another context");
    }

    // The number of indices: the arrays' common size, or the range's, checked against each array.
    std::size_t indices(const Range* range, std::span<const CallArgument> args) const {
        const auto& declared = program_.arguments;
        const auto sized = [](const CallArgument& a) { return a.array && !a.broadcast; };
        const auto first_array = std::find_if(args.begin(), args.end(), sized);
        if (!range) {
            if (first_array == args.end())
                throw error("a kernel without array arguments needs a Range to know which indices to cover");
            const std::size_t size = first_array->array->size();
            for (std::size_t k = 0; k < args.size(); ++k)
                if (sized(args[k]) && args[k].array->size() != size)
                    throw error("the arrays differ in size: '" + declared[first_array - args.begin()].name + "' has " +
                                std::to_string(size) + " elements, '" + declared[k].name + "' has " +
                                std::to_string(args[k].array->size()) + " (pass a Range to cover fewer indices)");
            return size;
        }
        const std::size_t count = range->size();
        if (count == 0) return 0;
        const std::int64_t lowest = std::min(range->start, range->at(count - 1));
        const std::int64_t highest = std::max(range->start, range->at(count - 1));
        for (std::size_t k = 0; k < args.size(); ++k) {
            if (!sized(args[k])) continue;
            const std::size_t size = args[k].array->size();
            if (lowest < 0 || static_cast<std::uint64_t>(highest) >= size)
                throw error("the range reaches indices " + std::to_string(lowest) + " to " + std::to_string(highest) +
                            ", outside array '" + declared[k].name + "' of " + std::to_string(size) + " elements");
        }
        return count;
    }

private:
    const ElementwiseProgram& program_;
    const Context& context_;
};

} // namespace

Binding bind_arguments(const ElementwiseProgram& program, const Context& context, const Range* range,
                       std::span<const CallArgument> args, std::span<ArgumentSlot> slots,
                       std::span<plugin::KernelArgument> packed) {
    const Binder binder(program, context);
    const auto& declared = program.arguments;
    if (args.size() != declared.size())
        throw binder.error("expected " + std::to_string(declared.size()) + " arguments (" +
                           codegen::print_arguments(declared, codegen::Dialect::cuda) + "), got " +
                           std::to_string(args.size()));

    std::size_t next = 0;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (declared[k].is_pointer) {
            binder.check_array(declared[k], args[k]);
            packed[next++] = plugin::KernelArgument{args[k].array->buffer().impl(), nullptr, 0};
            packed[next++] = store_index(slots[k], static_cast<std::int64_t>(args[k].array->offset()));
        } else {
            if (args[k].array)
                throw binder.error("scalar argument '" + declared[k].name + "' (" +
                                   std::string(declared[k].type.name()) + ") needs a value, not an Array");
            packed[next++] = convert_scalar(declared[k], args[k].scalar, slots[k], program.name);
        }
    }

    const std::size_t count = binder.indices(range, args);
    ArgumentSlot* launch_slots = slots.data() + args.size();
    packed[next++] = store_index(launch_slots[0], range ? range->start : 0);
    packed[next++] = store_index(launch_slots[1], range ? range->step : 1);
    packed[next++] = store_index(launch_slots[2], static_cast<std::int64_t>(count));
    return Binding{count, next};
}

} // namespace rtcg::detail
