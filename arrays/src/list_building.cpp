// ListOfListsBuilder as two ElementwiseKernels around a scan: the user's generator becomes a device
// function in each kernel's preamble, whose APPEND_<list> macros count appends in the counting
// pass and store them in the writing pass; list_offsets.hpp turns the counts into starts between
// the two. The kernel arguments the builder adds are named lb_<role>_<list>.
#include "list_offsets.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/arrays/list_building.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <utility>

namespace rtcg {
namespace {

using codegen::AddressSpace;
using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

constexpr std::string_view where = "ListOfListsBuilder";
constexpr std::string_view reserved_prefix = "lb_";

std::string counts_name(const OutputList& list) { return "lb_counts_" + list.name; }
std::string starts_name(const OutputList& list) { return "lb_starts_" + list.name; }
std::string items_name(const OutputList& list) { return "lb_items_" + list.name; }
// The generator's own variables, in the kernels and the device function.
std::string appended_name(const OutputList& list) { return "rtcg_lb_appended_" + list.name; }
std::string position_name(const OutputList& list) { return "rtcg_lb_at_" + list.name; }
std::string end_name(const OutputList& list) { return "rtcg_lb_end_" + list.name; }

void check_lists(const std::vector<OutputList>& lists) {
    if (lists.empty()) throw InvalidArgument("needs at least one list", std::string(where));
    std::set<std::string> names;
    for (const OutputList& list : lists) {
        if (!codegen::is_c_identifier(list.name))
            throw InvalidArgument("the list name '" + list.name + "' is not a C identifier", std::string(where));
        if (!names.insert(list.name).second)
            throw InvalidArgument("two lists are named '" + list.name + "'", std::string(where));
        if (list.dtype.kind() == codegen::TypeKind::structure)
            throw InvalidArgument("list '" + list.name + "': items of struct type are not supported",
                                  std::string(where));
    }
}

void check_arguments(const std::vector<Argument>& arguments) {
    for (const Argument& argument : arguments) {
        if (argument.name == "i")
            throw InvalidArgument("the argument 'i' would hide the generator's index", std::string(where));
        if (argument.name.starts_with(reserved_prefix))
            throw InvalidArgument("the argument '" + argument.name + "' begins with '" + std::string(reserved_prefix) +
                                      "', which names the builder's own arguments",
                                  std::string(where));
        if (argument.is_pointer && argument.space != AddressSpace::global)
            throw InvalidArgument("the argument '" + argument.name + "' must point to global memory",
                                  std::string(where));
    }
}

// The generator as `rtcg_lb_generate(<list parameters>, <arguments>, i)`, with APPEND_<list>
// defined for its body (counting or storing, as `writing` says), and the user's preamble before it.
std::string generator_function(const std::vector<OutputList>& lists, const std::vector<Argument>& arguments,
                               std::string_view generator, std::string_view preamble, Dialect dialect,
                               bool writing) {
    std::string parameters;
    std::string macros;
    for (const OutputList& list : lists) {
        const std::string macro = "#define APPEND_" + list.name + "(value) ";
        if (!writing) {
            parameters += "rtcg_index_t *" + appended_name(list) + ", ";
            macros += macro + "(++*" + appended_name(list) + ")\n";
        } else if (list.count_only) {
            macros += macro + "((void)0)\n";
        } else {
            // The bound keeps a generator that appends more than it counted inside its own items.
            parameters += Argument::pointer(list.dtype, items_name(list)).declaration(dialect) + ", rtcg_index_t *" +
                          position_name(list) + ", rtcg_index_t " + end_name(list) + ", ";
            macros += macro + "(*" + position_name(list) + " < " + end_name(list) + " ? (void)(" + items_name(list) +
                      "[(*" + position_name(list) + ")++] = (value)) : (void)0)\n";
        }
    }
    for (const Argument& argument : arguments) parameters += argument.declaration(dialect) + ", ";
    std::string undefine;
    for (const OutputList& list : lists) undefine += "#undef APPEND_" + list.name + "\n";
    return std::string(preamble) + "\n" + macros + "RTCG_DEVICE void rtcg_lb_generate(" + parameters +
           "rtcg_index_t i)\n{\n" + std::string(generator) + "\n}\n" + undefine;
}

std::string argument_names(const std::vector<Argument>& arguments) {
    std::string names;
    for (const Argument& argument : arguments) names += argument.name + ", ";
    return names;
}

// One pass of the builder: the parts of its ElementwiseKernel.
struct Pass {
    std::vector<Argument> arguments;
    std::string operation;
    std::string name;
    std::string preamble;
};

Pass count_pass(const std::vector<OutputList>& lists, const std::vector<Argument>& arguments,
                std::string_view generator, const ListOfListsOptions& options, Dialect dialect) {
    Pass pass{{}, {}, options.name + "_count", generator_function(lists, arguments, generator, options.preamble, dialect, false)};
    std::string call = "rtcg_lb_generate(";
    std::string after;
    for (const OutputList& list : lists) {
        pass.arguments.push_back(Argument::pointer(DType::int64(), counts_name(list)));
        pass.operation += "rtcg_index_t " + appended_name(list) + " = 0;\n";
        call += "&" + appended_name(list) + ", ";
        after += counts_name(list) + "[i] = " + appended_name(list) + ";\n";
    }
    pass.arguments.insert(pass.arguments.end(), arguments.begin(), arguments.end());
    pass.operation += call + argument_names(arguments) + "i);\n" + after;
    return pass;
}

// Empty when every list is count_only.
std::optional<Pass> write_pass(const std::vector<OutputList>& lists, const std::vector<Argument>& arguments,
                               std::string_view generator, const ListOfListsOptions& options, Dialect dialect) {
    Pass pass{{}, {}, options.name + "_write", generator_function(lists, arguments, generator, options.preamble, dialect, true)};
    std::string call = "rtcg_lb_generate(";
    for (const OutputList& list : lists) {
        if (list.count_only) continue;
        pass.arguments.push_back(Argument::pointer(DType::int64(), starts_name(list), AddressSpace::global, true));
        pass.arguments.push_back(Argument::pointer(list.dtype, items_name(list)));
        pass.operation += "rtcg_index_t " + position_name(list) + " = " + starts_name(list) + "[i];\n";
        call += items_name(list) + ", &" + position_name(list) + ", " + starts_name(list) + "[i + 1], ";
    }
    if (pass.arguments.empty()) return std::nullopt;
    pass.arguments.insert(pass.arguments.end(), arguments.begin(), arguments.end());
    pass.operation += call + argument_names(arguments) + "i);\n";
    return pass;
}

ElementwiseKernel pass_kernel(const Context& context, const Pass& pass) {
    return ElementwiseKernel(context, pass.arguments, pass.operation, {.name = pass.name, .preamble = pass.preamble});
}

std::optional<ElementwiseKernel> optional_kernel(const Context& context, const std::optional<Pass>& pass) {
    if (!pass) return std::nullopt;
    return pass_kernel(context, *pass);
}

std::vector<Argument> checked_arguments(std::string_view arguments) {
    std::vector<Argument> parsed = arguments.empty() ? std::vector<Argument>{} : codegen::parse_arguments(arguments);
    check_arguments(parsed);
    return parsed;
}

const DType& checked_index_type(const ListOfListsOptions& options) {
    if (options.index_type != DType::int64() && options.index_type != DType::int32())
        throw InvalidArgument("the index type must be int32 or int64, not " +
                                  std::string(options.index_type.name()),
                              std::string(where));
    return options.index_type;
}

std::string_view checked_generator(std::string_view generator) {
    if (generator.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InvalidArgument("the generator is empty", std::string(where));
    return generator;
}

std::int64_t largest_offset(const DType& index_type) {
    return index_type == DType::int32() ? std::numeric_limits<std::int32_t>::max()
                                        : std::numeric_limits<std::int64_t>::max() - 1;
}

detail::ArrayData first(const detail::ArrayData& array, std::size_t count) {
    const Index range[] = {rtcg::slice(0, static_cast<std::int64_t>(count))};
    return array.index(range);
}

} // namespace

BuiltList::BuiltList(std::string name, std::size_t count, detail::ArrayData items, detail::ArrayData starts,
                     std::optional<detail::ArrayData> nonempty_indices)
    : name_(std::move(name)), count_(count), items_(std::move(items)), starts_(std::move(starts)),
      nonempty_indices_(std::move(nonempty_indices)) {}

Array<std::int64_t> BuiltList::nonempty_indices() const {
    if (!nonempty_indices_)
        throw InvalidArgument("list '" + name_ + "' was built without eliminate_empty", "BuiltList::nonempty_indices");
    return Array<std::int64_t>::from_data(*nonempty_indices_);
}

ListOfListsBuilder::ListOfListsBuilder(const Context& context, std::vector<OutputList> lists,
                                       std::string_view generator, std::string_view arguments,
                                       ListOfListsOptions options)
    : context_(context), lists_((check_lists(lists), std::move(lists))), arguments_(checked_arguments(arguments)),
      generator_(checked_generator(generator)), options_((checked_index_type(options), std::move(options))),
      count_pass_(pass_kernel(context_, count_pass(lists_, arguments_, generator_, options_,
                                                   codegen::dialect_of(context_.device())))),
      write_pass_(optional_kernel(context_, write_pass(lists_, arguments_, generator_, options_,
                                                       codegen::dialect_of(context_.device())))) {}

std::vector<std::string> ListOfListsBuilder::sources(Dialect dialect) const {
    std::vector<std::string> texts;
    const Pass counting = count_pass(lists_, arguments_, generator_, options_, dialect);
    texts.push_back(elementwise_source(dialect, counting.arguments, counting.operation, counting.name, counting.preamble));
    if (const std::optional<Pass> writing = write_pass(lists_, arguments_, generator_, options_, dialect))
        texts.push_back(elementwise_source(dialect, writing->arguments, writing->operation, writing->name, writing->preamble));
    return texts;
}

std::vector<BuiltList> ListOfListsBuilder::build(std::size_t n, std::span<const detail::CallArgument> args) const {
    if (args.size() != arguments_.size())
        throw InvalidArgument("the generator takes " + std::to_string(arguments_.size()) + " arguments, not " +
                                  std::to_string(args.size()),
                              std::string(where));
    if (n >= static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()))
        throw InvalidArgument("n = " + std::to_string(n) + " is more indices than rtcg_index_t counts",
                              std::string(where));
    Queue& queue = detail::current_queue(context_);
    const Range indices{0, static_cast<std::int64_t>(n), 1};

    // The generator indexes its arrays as it likes, so they take no part in the size checks
    // (broadcast), and are read flat: views through contiguous copies.
    std::vector<detail::ArrayData> flat;
    flat.reserve(args.size());
    std::vector<detail::CallArgument> user(args.begin(), args.end());
    for (detail::CallArgument& argument : user) {
        if (!argument.array) continue;
        flat.push_back(detail::contiguous(*argument.array));
        argument = {&flat.back(), {}, true};
    }

    const std::size_t list_count = lists_.size();
    std::vector<detail::ArrayData> counts;
    for (std::size_t k = 0; k < list_count; ++k) counts.emplace_back(context_, DType::int64(), std::vector{n});
    std::vector<detail::CallArgument> counting;
    for (const detail::ArrayData& count : counts) counting.push_back({&count, {}});
    counting.insert(counting.end(), user.begin(), user.end());
    detail::UntypedCalls::launch(count_pass_, queue, indices, counting);

    // totals[k]: the items of list k; totals[list_count + k]: its non-empty indices. The starts
    // are int64 until the totals are known to fit the index type.
    const detail::ArrayData totals(context_, DType::int64(), {2 * list_count});
    detail::fill(totals, detail::host_scalar(std::int64_t{0}));
    std::vector<detail::ArrayData> starts;
    std::vector<std::optional<std::pair<detail::ArrayData, detail::ArrayData>>> compacted(list_count);
    for (std::size_t k = 0; k < list_count; ++k) {
        starts.emplace_back(context_, DType::int64(), std::vector{n + 1});
        detail::scan_offsets(counts[k], starts[k], totals, k);
        if (!lists_[k].eliminate_empty) continue;
        const detail::ArrayData positions(context_, DType::int64(), {n + 1});
        detail::scan_offsets(counts[k], positions, totals, list_count + k, true);
        compacted[k].emplace(detail::ArrayData(context_, DType::int64(), {n + 1}),
                             detail::ArrayData(context_, DType::int64(), {std::max<std::size_t>(n, 1)}));
        if (n == 0)
            detail::fill(compacted[k]->first, detail::host_scalar(std::int64_t{0}));
        else
            detail::compact_offsets(counts[k], starts[k], positions, compacted[k]->first, compacted[k]->second);
    }
    std::vector<std::int64_t> sizes(2 * list_count);
    totals.read(sizes.data(), sizes.size() * sizeof(std::int64_t));
    for (std::size_t k = 0; k < list_count; ++k)
        if (sizes[k] > largest_offset(options_.index_type))
            throw InvalidArgument("list '" + lists_[k].name + "' has " +
                                      (sizes[k] == std::numeric_limits<std::int64_t>::max()
                                           ? std::string("2^63 - 1 or more")
                                           : std::to_string(sizes[k])) +
                                      " items, more than its " + std::string(options_.index_type.name()) +
                                      " starts can hold",
                                  std::string(where));

    // A kernel argument cannot be an empty buffer: an empty list is a view of no elements of one.
    std::vector<detail::ArrayData> items;
    for (std::size_t k = 0; k < list_count; ++k) {
        const std::size_t size = lists_[k].count_only ? 0 : static_cast<std::size_t>(sizes[k]);
        items.push_back(first(detail::ArrayData(context_, lists_[k].dtype, {std::max<std::size_t>(size, 1)}), size));
    }
    if (write_pass_) {
        std::vector<detail::CallArgument> writing;
        for (std::size_t k = 0; k < list_count; ++k) {
            if (lists_[k].count_only) continue;
            writing.push_back({&starts[k], {}, true});
            writing.push_back({&items[k], {}, true});
        }
        writing.insert(writing.end(), user.begin(), user.end());
        detail::UntypedCalls::launch(*write_pass_, queue, indices, writing);
    }

    std::vector<BuiltList> built;
    for (std::size_t k = 0; k < list_count; ++k) {
        std::optional<detail::ArrayData> nonempty_indices;
        detail::ArrayData list_starts = starts[k];
        if (compacted[k]) {
            const auto nonempty = static_cast<std::size_t>(sizes[list_count + k]);
            list_starts = first(compacted[k]->first, nonempty + 1);
            nonempty_indices = first(compacted[k]->second, nonempty);
        }
        if (options_.index_type != DType::int64()) {
            const detail::ArrayData narrow(context_, options_.index_type, list_starts.shape());
            detail::narrow_offsets(list_starts, narrow);
            list_starts = narrow;
        }
        built.emplace_back(lists_[k].name, static_cast<std::size_t>(sizes[k]), items[k], std::move(list_starts),
                           std::move(nonempty_indices));
    }
    return built;
}

} // namespace rtcg
