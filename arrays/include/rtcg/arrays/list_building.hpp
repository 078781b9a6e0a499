#pragma once
/// \file
/// ListOfListsBuilder: variable-length lists built in parallel, one list per index, as PyOpenCL's
/// pyopencl.algorithm.ListOfListsBuilder:
///
/// \code
///   // For each i in [0, n), the divisors of x[i] up to 10, and how many there are above 10.
///   rtcg::ListOfListsBuilder divisors(ctx, {{.name = "small", .dtype = rtcg::codegen::DType::int32()},
///                                           {.name = "large", .dtype = rtcg::codegen::DType::int32(),
///                                            .count_only = true}},
///                                     "for (int d = 1; d <= x[i]; ++d)\n"
///                                     "    if (x[i] % d == 0) { if (d <= 10) APPEND_small(d); else APPEND_large(d); }",
///                                     "const int *x");
///   std::vector<rtcg::BuiltList> built = divisors(x.size(), x);   // x: Array<int>
///   rtcg::Array<int> small = built[0].items<int>();               // every list, one after another
///   rtcg::Array<std::int64_t> at = built[0].starts<std::int64_t>(); // list i: items [at[i], at[i + 1])
///   std::size_t above_ten = built[1].count();                     // counted, not written
/// \endcode
///
/// The generator is C statements, the body of a device function run once for every index `i`
/// (rtcg_index_t) in [0, n). It sees `i` and the arguments (declared as ElementwiseKernel's are;
/// pointer arguments point to the arrays' first elements), may `return` early, and appends a value
/// to list L of index i with `APPEND_L(value)`, any number of times. It runs twice per index: a
/// counting pass, where APPEND_L only counts (it does not evaluate `value`), then, after an
/// exclusive scan of the counts gives each index its place, a writing pass, where APPEND_L stores
/// `value` converted to the list's type. So the generator must append the same number of times in
/// both passes (be a function of i and its arguments), and should only read its arrays: an array
/// that is not contiguous is read through a contiguous copy. Appends beyond the count of the
/// counting pass are dropped, never written out of bounds.
///
/// Synchronisation: a build reads the totals back to the host (the lists' sizes depend on them),
/// once, between the counting and the writing pass, so it waits for the queue there. Everything
/// runs on the context's current queue (queue_scope.hpp).
///
/// Built once per context: the generated kernels are ElementwiseKernels and ScanKernels, so a
/// builder constructed again with the same lists, generator, arguments and options finds them
/// compiled.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg {

/// One list a ListOfListsBuilder builds.
struct OutputList {
    /// A C identifier: the generator appends to list `l` with `APPEND_l(value)`. Names are distinct.
    std::string name;
    /// The items' type: an integer, floating or complex type, bool, or a vector type.
    codegen::DType dtype = codegen::DType::int32();
    /// Only counted: the result has starts and count, but no items are written (items() is empty),
    /// as PyOpenCL's `omit_lists`.
    bool count_only = false;
    /// Starts only for the indices that appended something, which nonempty_indices() names, as
    /// PyOpenCL's `eliminate_empty_output_lists`.
    bool eliminate_empty = false;
};

/// What a ListOfListsBuilder may take beyond its lists, generator and arguments.
struct ListOfListsOptions {
    /// A C identifier naming the kernels: rtcg_ew_ and the name, then _count or _write.
    std::string name = "list_builder";
    /// Declarations and functions the generator may use, put before it.
    std::string preamble = {};
    /// The type of the starts: int64 or int32. A list with more items than it holds is an
    /// InvalidArgument, never a wrapped offset.
    codegen::DType index_type = codegen::DType::int64();
};

/// One list of a build: items of every index one after another, and where each index's start.
class RTCG_API BuiltList {
public:
    /// Only ListOfListsBuilder makes these.
    BuiltList(std::string name, std::size_t count, detail::ArrayData items, detail::ArrayData starts,
              std::optional<detail::ArrayData> nonempty_indices);

    /// The list's name (OutputList::name).
    const std::string& name() const noexcept { return name_; }
    /// How many items the list has over every index (counted ones included).
    std::size_t count() const noexcept { return count_; }
    /// The items, `count()` of them, in index order and, within an index, in the order appended;
    /// empty for a count_only list. InvalidArgument unless T is the list's type.
    template <class T>
    Array<T> items() const {
        return Array<T>::from_data(items_);
    }
    /// n + 1 offsets (or, with eliminate_empty, one per non-empty index and one more): the items of
    /// index i are items()[starts[i], starts[i + 1]), and the last offset is count(). I is the
    /// builder's index type (InvalidArgument otherwise).
    template <class I>
    Array<I> starts() const {
        return Array<I>::from_data(starts_);
    }
    /// With eliminate_empty: the indices that appended at least one item, ascending, one per entry
    /// of starts() but the last. InvalidArgument for a list built without eliminate_empty.
    Array<std::int64_t> nonempty_indices() const;

private:
    std::string name_;
    std::size_t count_ = 0;
    detail::ArrayData items_;
    detail::ArrayData starts_;
    std::optional<detail::ArrayData> nonempty_indices_;
};

/// Builds variable-length lists in parallel; see list_building.hpp.
class RTCG_API ListOfListsBuilder {
public:
    /// `lists`: at least one, with distinct names; `generator`: the statements run per index;
    /// `arguments` as parse_arguments takes them (rtcg/codegen/declaration.hpp), none named `i` or
    /// beginning with `lb_` (the builder's own arguments). InvalidArgument for those, for a list
    /// name that is not a C identifier, an index type other than int32 or int64, or an empty
    /// generator; DeclarationError for a bad declaration; CompileError, with the build log and the
    /// offending source lines, when the generator does not compile.
    ListOfListsBuilder(const Context& context, std::vector<OutputList> lists, std::string_view generator,
                       std::string_view arguments, ListOfListsOptions options = {});

    /// The context the kernels are compiled for.
    const Context& context() const noexcept { return context_; }
    /// The lists, in the order given.
    const std::vector<OutputList>& lists() const noexcept { return lists_; }
    /// The generator's arguments, in order.
    const std::vector<codegen::Argument>& arguments() const noexcept { return arguments_; }
    /// The complete sources of the counting pass and, unless every list is count_only, of the
    /// writing pass, for `dialect`: what the builder compiles for its own.
    std::vector<std::string> sources(codegen::Dialect dialect) const;

    /// Runs the generator for every i in [0, n) with `args` (Arrays for pointer arguments, values
    /// for scalars, checked as ElementwiseKernel checks them) on the context's current queue, and
    /// returns the lists in the order of lists(). InvalidArgument for arguments that do not match,
    /// or a list whose item count the index type cannot hold (nothing is returned then).
    template <class... Args>
    std::vector<BuiltList> operator()(std::size_t n, const Args&... args) const {
        const std::array<detail::CallArgument, sizeof...(Args)> described{detail::call_argument(args)...};
        return build(n, described);
    }

private:
    std::vector<BuiltList> build(std::size_t n, std::span<const detail::CallArgument> args) const;

    Context context_;
    std::vector<OutputList> lists_;
    std::vector<codegen::Argument> arguments_;
    std::string generator_;
    ListOfListsOptions options_;
    ElementwiseKernel count_pass_;
    /// Empty when every list is count_only: then nothing is written.
    std::optional<ElementwiseKernel> write_pass_;
};

} // namespace rtcg
