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

KernelArgument store_index(ArgumentSlot& slot, std::int64_t value) {
    std::memcpy(slot.bytes, &value, sizeof value);
    return KernelArgument{nullptr, slot.bytes, sizeof value};
}

void check_array(const std::string& kernel, const Argument& declared, const CallArgument& given,
                 const Context& context) {
    const std::string argument = kernel + ": pointer argument '" + declared.name + "' (" +
                                 std::string(declared.type.name()) + ")";
    if (!given.array) throw InvalidArgument(argument + " needs an Array, not a scalar");
    if (given.array->dtype() != declared.type)
        throw InvalidArgument(argument + " was given an array of " + std::string(given.array->dtype().name()));
    if (given.array->context() != context) throw InvalidArgument(argument + " was given an array of another context");
}

class Binder {
public:
    Binder(const std::string& kernel, std::span<const Argument> declared) : kernel_(kernel), declared_(declared) {}

    InvalidArgument error(const std::string& why) const { return InvalidArgument(kernel_ + ": " + why); }

    // The number of indices: the arrays' common size, or the range's, checked against each array.
    std::size_t indices(const Range* range, std::span<const CallArgument> args) const {
        const auto sized = [](const CallArgument& a) { return a.array && !a.broadcast; };
        const auto first_array = std::find_if(args.begin(), args.end(), sized);
        if (!range) {
            if (first_array == args.end())
                throw error("a kernel without array arguments needs a Range to know which indices to cover");
            const std::size_t size = first_array->array->size();
            for (std::size_t k = 0; k < args.size(); ++k)
                if (sized(args[k]) && args[k].array->size() != size)
                    throw error("the arrays differ in size: '" + declared_[first_array - args.begin()].name + "' has " +
                                std::to_string(size) + " elements, '" + declared_[k].name + "' has " +
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
                            ", outside array '" + declared_[k].name + "' of " + std::to_string(size) + " elements");
        }
        return count;
    }

private:
    const std::string& kernel_;
    std::span<const Argument> declared_;
};

// The declared arguments for a message: all of a short list; of a long one (a generated kernel can
// declare thousands), the first few and the last, and how many there are.
std::string argument_list(std::span<const Argument> declared) {
    constexpr std::size_t listed_in_full = 8, listed_first = 4;
    if (declared.size() <= listed_in_full)
        return codegen::print_arguments({declared.begin(), declared.end()}, codegen::Dialect::cuda);
    return codegen::print_arguments({declared.begin(), declared.begin() + listed_first}, codegen::Dialect::cuda) +
           ", ..., " + codegen::print_arguments({declared.end() - 1, declared.end()}, codegen::Dialect::cuda);
}

} // namespace

std::size_t pack_arguments(const std::string& kernel, std::span<const Argument> declared, const Context& context,
                           std::span<const CallArgument> args, std::span<ArgumentSlot> slots,
                           std::span<KernelArgument> packed) {
    if (args.size() != declared.size())
        throw InvalidArgument(kernel + ": expected " + std::to_string(declared.size()) + " arguments (" +
                              argument_list(declared) + "), got " + std::to_string(args.size()));
    std::size_t next = 0;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (declared[k].is_pointer) {
            check_array(kernel, declared[k], args[k], context);
            packed[next++] = kernel_argument(args[k].array->buffer());
            packed[next++] = store_index(slots[k], static_cast<std::int64_t>(args[k].array->offset()));
        } else {
            if (args[k].array)
                throw InvalidArgument(kernel + ": scalar argument '" + declared[k].name + "' (" +
                                      std::string(declared[k].type.name()) + ") needs a value, not an Array");
            packed[next++] = convert_scalar(declared[k], args[k].scalar, slots[k], kernel);
        }
    }
    return next;
}

Binding bind_arguments(const std::string& kernel, std::span<const Argument> declared, const Context& context,
                       const Range* range, std::span<const CallArgument> args, std::span<ArgumentSlot> slots,
                       std::span<KernelArgument> packed) {
    std::size_t next = pack_arguments(kernel, declared, context, args, slots, packed);
    const std::size_t count = Binder(kernel, declared).indices(range, args);
    ArgumentSlot* launch_slots = slots.data() + args.size();
    packed[next++] = store_index(launch_slots[0], range ? range->start : 0);
    packed[next++] = store_index(launch_slots[1], range ? range->step : 1);
    packed[next++] = store_index(launch_slots[2], static_cast<std::int64_t>(count));
    return Binding{count, next};
}

} // namespace rtcg::detail
