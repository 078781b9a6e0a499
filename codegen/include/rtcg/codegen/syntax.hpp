#pragma once
/// \file
/// Building kernels as syntax trees, the third way the papers generate code (after keyword
/// substitution and templates; in the spirit of CodePy's cgen). A tree is dialect-neutral; it is
/// printed for CUDA or OpenCL C with clean indentation:
///
/// \code
///   using namespace rtcg::codegen::syntax;
///   Module module{{
///       Kernel("add", "float *tgt, const float *a, const float *b", Block{{
///           Index("i", IndexQuery::global_id, 0),
///           If("i < n", Assign("tgt[i]", "a[i] + b[i]")),
///       }}),
///   }};
///   std::string source = print(module, Dialect::opencl);
/// \endcode
///
/// Expressions are C text, as in cgen; everything that differs between the dialects (kernel and
/// function qualifiers, address spaces, index queries, barriers) is a node, so the printed text is
/// plain CUDA or plain OpenCL C. PerDialect covers what the nodes do not. The printed source still
/// goes through with_prelude() before compiling (OpenCL's fp64 pragma, complex support, RTCG_*
/// macros used in expressions).
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen::syntax {

/// Accumulates printed lines at the current indentation (four spaces a level).
class RTCG_API Printer {
public:
    /// An empty text, for `dialect`.
    explicit Printer(Dialect dialect) : dialect_(dialect) {}

    /// The dialect nodes print for.
    Dialect dialect() const noexcept { return dialect_; }
    /// One line at the current indentation; an empty line stays empty.
    void line(std::string_view text);
    /// Every line of `text`, each at the current indentation.
    void lines(std::string_view text);
    /// One level deeper for the lines that follow.
    void indent() noexcept { ++depth_; }
    /// One level back.
    void dedent() noexcept { --depth_; }
    /// The text printed so far; the printer is left empty.
    std::string take() { return std::move(text_); }

private:
    Dialect dialect_;
    int depth_ = 0;
    std::string text_;
};

/// Every node prints itself; users may derive their own.
class RTCG_API Node {
public:
    virtual ~Node() = default;
    /// Prints the node's lines to `out`.
    virtual void print(Printer& out) const = 0;
};

/// Any node, shared and immutable once built, so trees are cheap to copy and to reuse.
class RTCG_API Code {
public:
    /// Wraps any node.
    template <std::derived_from<Node> N>
    Code(N node) : node_(std::make_shared<const N>(std::move(node))) {}

    /// Prints the node's lines to `out`.
    void print(Printer& out) const { node_->print(out); }
    /// The node as N, or nullptr (printers use it to lay out `else if` and blocks).
    template <std::derived_from<Node> N>
    const N* as() const noexcept {
        return dynamic_cast<const N*>(node_.get());
    }

private:
    std::shared_ptr<const Node> node_;
};

/// The tree as `dialect` source text.
RTCG_API std::string print(const Code& code, Dialect dialect);

// ---- Lines --------------------------------------------------------------------------------

/// Text copied as it is, line by line, at the current indentation.
struct RTCG_API Raw : Node {
    /// `text`: the lines to copy.
    explicit Raw(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text; ///< the lines to copy
};

/// `// text`, one comment line per line of text.
struct RTCG_API Comment : Node {
    /// `text`: the comment's lines.
    explicit Comment(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text; ///< the comment's lines, without `//`
};

/// An expression statement: `text;`.
struct RTCG_API Statement : Node {
    /// `text`: the expression, without the semicolon.
    explicit Statement(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text; ///< the expression, without the semicolon
};

/// `#define name value`, unindented.
struct RTCG_API Define : Node {
    /// `#define name value`.
    Define(std::string name_, std::string value_) : name(std::move(name_)), value(std::move(value_)) {}
    void print(Printer& out) const override;
    std::string name; ///< the macro's name
    std::string value; ///< its replacement text
};

/// `lhs op rhs;`, op being `=`, `+=`, `*=`, ...
struct RTCG_API Assign : Node {
    /// `lhs op rhs;`.
    Assign(std::string lhs_, std::string rhs_, std::string op_ = "=")
        : lhs(std::move(lhs_)), rhs(std::move(rhs_)), op(std::move(op_)) {}
    void print(Printer& out) const override;
    std::string lhs; ///< the assigned expression
    std::string rhs; ///< the value
    std::string op; ///< `=` or a compound assignment operator
};

/// A variable: `const float x = 1.0f;`, `__local float tile[256];`, `__constant int table[4] = {...};`.
struct RTCG_API Declare : Node {
    /// A variable of `type` named `name`, initialized when `initializer` is given.
    Declare(DType type_, std::string name_, std::optional<std::string> initializer_ = std::nullopt)
        : type(std::move(type_)), name(std::move(name_)), initializer(std::move(initializer_)) {}
    void print(Printer& out) const override;

    /// Makes the variable const.
    Declare& constant() & { is_const = true; return *this; }
    /// Makes the variable const.
    Declare&& constant() && { is_const = true; return std::move(*this); }
    /// Makes the variable an array of `count` elements.
    Declare& array(std::size_t count) & { elements = count; return *this; }
    /// Makes the variable an array of `count` elements.
    Declare&& array(std::size_t count) && { elements = count; return std::move(*this); }
    /// Local (work-group shared) or constant memory; refuses global, which kernels cannot declare.
    Declare& in(AddressSpace where) &;
    /// Local (work-group shared) or constant memory; refuses global.
    Declare&& in(AddressSpace where) && { in(where); return std::move(*this); }

    DType type; ///< the type (of each element for an array)
    std::string name; ///< the variable's name
    std::optional<std::string> initializer; ///< the initializer's text, if any
    bool is_const = false; ///< whether the variable is const
    std::size_t elements = 0; ///< an array of this many, 0 for a plain variable
    AddressSpace space = AddressSpace::private_space; ///< private, local or constant memory
};

/// `const size_t name = <the work-item's id or a size>;` in the dialect's own spelling.
struct RTCG_API Index : Node {
    /// `const size_t name` = the work-item's `query` in `dimension` (0, 1 or 2).
    Index(std::string name, IndexQuery query, int dimension);
    void print(Printer& out) const override;
    std::string name; ///< the variable's name
    IndexQuery query; ///< which id or size
    int dimension; ///< 0, 1 or 2
};

/// A work-group barrier; `global` also orders global memory.
struct RTCG_API Barrier : Node {
    /// A barrier whose memory fence covers `scope`: local, or global as well.
    explicit Barrier(AddressSpace scope = AddressSpace::local);
    void print(Printer& out) const override;
    AddressSpace scope; ///< local, or global as well
};

/// Different code per dialect, for what the other nodes do not cover.
struct RTCG_API PerDialect : Node {
    /// `cuda_` printed for CUDA, `opencl_` for OpenCL.
    PerDialect(Code cuda_, Code opencl_) : cuda(std::move(cuda_)), opencl(std::move(opencl_)) {}
    void print(Printer& out) const override;
    Code cuda; ///< printed for CUDA
    Code opencl; ///< printed for OpenCL
};

// ---- Compound statements -------------------------------------------------------------------

/// `{ ... }`
struct RTCG_API Block : Node {
    /// An empty block.
    Block() = default;
    /// A block of `body_`'s statements.
    explicit Block(std::vector<Code> body_) : body(std::move(body_)) {}
    void print(Printer& out) const override;
    /// The statements without the braces (bodies of for/if/functions print their own).
    void print_body(Printer& out) const;
    std::vector<Code> body; ///< the statements, in order
};

/// A sequence printed at the current level with no braces (several statements where one Code
/// is expected, e.g. an unrolled loop).
struct RTCG_API Sequence : Node {
    /// The items, printed in order.
    explicit Sequence(std::vector<Code> items_) : items(std::move(items_)) {}
    void print(Printer& out) const override;
    std::vector<Code> items; ///< the items, in order
};

/// `if (condition) { then } else { otherwise }`; an If as `otherwise` prints as `else if`.
/// Bodies always get braces.
struct RTCG_API If : Node {
    /// `if (condition_) then_ else otherwise_`.
    If(std::string condition_, Code then_, std::optional<Code> otherwise_ = std::nullopt)
        : condition(std::move(condition_)), then(std::move(then_)), otherwise(std::move(otherwise_)) {}
    void print(Printer& out) const override;
    std::string condition; ///< the condition's text
    Code then; ///< run when the condition holds
    std::optional<Code> otherwise; ///< run otherwise; absent for no `else`
};

/// `for (start; condition; update) { body }`
struct RTCG_API For : Node {
    /// `for (start_; condition_; update_) body_`.
    For(std::string start_, std::string condition_, std::string update_, Code body_)
        : start(std::move(start_)), condition(std::move(condition_)), update(std::move(update_)), body(std::move(body_)) {}
    void print(Printer& out) const override;
    std::string start; ///< the init statement, without the semicolon
    std::string condition; ///< the loop condition
    std::string update; ///< the update expression
    Code body; ///< the loop body
};

/// `while (condition) { body }`
struct RTCG_API While : Node {
    /// `while (condition_) body_`.
    While(std::string condition_, Code body_) : condition(std::move(condition_)), body(std::move(body_)) {}
    void print(Printer& out) const override;
    std::string condition; ///< the loop condition
    Code body; ///< the loop body
};

// ---- Functions and modules -----------------------------------------------------------------

/// A kernel or a device function. `return_type` nullopt means void (kernels are always void).
struct RTCG_API Function : Node {
    /// A kernel (launched from the host) or a device function (called from kernels).
    enum class Kind { kernel, device };
    /// A function of `kind`; `return_type` nullopt means void.
    Function(Kind kind, std::optional<DType> return_type, std::string name, std::vector<Argument> parameters, Block body);
    void print(Printer& out) const override;
    Kind kind; ///< kernel or device function
    std::optional<DType> return_type; ///< nullopt for void
    std::string name; ///< the function's name
    std::vector<Argument> parameters; ///< the parameters, in order
    Block body; ///< the function's body
};

/// A kernel whose parameters are given as objects or as a C declaration list (parse_arguments).
RTCG_API Function Kernel(std::string name, std::vector<Argument> parameters, Block body);
/// A kernel whose parameters are a C declaration list (parse_arguments).
RTCG_API Function Kernel(std::string name, std::string_view parameters, Block body);
/// A helper function callable from kernels.
RTCG_API Function DeviceFunction(std::optional<DType> return_type, std::string name, std::vector<Argument> parameters,
                                 Block body);
/// A helper function whose parameters are a C declaration list (parse_arguments).
RTCG_API Function DeviceFunction(std::optional<DType> return_type, std::string name, std::string_view parameters,
                                 Block body);

/// Top-level items (struct declarations as Raw, constants, functions, kernels), separated by
/// blank lines.
struct RTCG_API Module : Node {
    /// The items, printed in order, separated by blank lines.
    explicit Module(std::vector<Code> items_) : items(std::move(items_)) {}
    void print(Printer& out) const override;
    std::vector<Code> items; ///< the items, in order
};

} // namespace rtcg::codegen::syntax
