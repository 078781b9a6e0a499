#pragma once
// Building kernels as syntax trees, the third way the papers generate code (after keyword
// substitution and templates; in the spirit of CodePy's cgen). A tree is dialect-neutral; it is
// printed for CUDA or OpenCL C with clean indentation:
//
//   using namespace rtcg::codegen::syntax;
//   Module module{{
//       Kernel("add", "float *tgt, const float *a, const float *b", Block{{
//           Index("i", IndexQuery::global_id, 0),
//           If("i < n", Assign("tgt[i]", "a[i] + b[i]")),
//       }}),
//   }};
//   std::string source = print(module, Dialect::opencl);
//
// Expressions are C text, as in cgen; everything that differs between the dialects (kernel and
// function qualifiers, address spaces, index queries, barriers) is a node, so the printed text is
// plain CUDA or plain OpenCL C. PerDialect covers what the nodes do not. The printed source still
// goes through with_prelude() before compiling (OpenCL's fp64 pragma, complex support, RTCG_*
// macros used in expressions).
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

// Accumulates printed lines at the current indentation (four spaces a level).
class RTCG_API Printer {
public:
    explicit Printer(Dialect dialect) : dialect_(dialect) {}

    Dialect dialect() const noexcept { return dialect_; }
    // One line at the current indentation; an empty line stays empty.
    void line(std::string_view text);
    // Every line of `text`, each at the current indentation.
    void lines(std::string_view text);
    void indent() noexcept { ++depth_; }
    void dedent() noexcept { --depth_; }
    std::string take() { return std::move(text_); }

private:
    Dialect dialect_;
    int depth_ = 0;
    std::string text_;
};

// Every node prints itself; users may derive their own.
class RTCG_API Node {
public:
    virtual ~Node() = default;
    virtual void print(Printer& out) const = 0;
};

// Any node, shared and immutable once built, so trees are cheap to copy and to reuse.
class RTCG_API Code {
public:
    template <std::derived_from<Node> N>
    Code(N node) : node_(std::make_shared<const N>(std::move(node))) {}

    void print(Printer& out) const { node_->print(out); }
    // The node as N, or nullptr (printers use it to lay out `else if` and blocks).
    template <std::derived_from<Node> N>
    const N* as() const noexcept {
        return dynamic_cast<const N*>(node_.get());
    }

private:
    std::shared_ptr<const Node> node_;
};

// The tree as `dialect` source text.
RTCG_API std::string print(const Code& code, Dialect dialect);

// ---- Lines --------------------------------------------------------------------------------

// Text copied as it is, line by line, at the current indentation.
struct RTCG_API Raw : Node {
    explicit Raw(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text;
};

// `// text`, one comment line per line of text.
struct RTCG_API Comment : Node {
    explicit Comment(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text;
};

// An expression statement: `text;`.
struct RTCG_API Statement : Node {
    explicit Statement(std::string text_) : text(std::move(text_)) {}
    void print(Printer& out) const override;
    std::string text;
};

// `#define name value`, unindented.
struct RTCG_API Define : Node {
    Define(std::string name_, std::string value_) : name(std::move(name_)), value(std::move(value_)) {}
    void print(Printer& out) const override;
    std::string name;
    std::string value;
};

// `lhs op rhs;`, op being `=`, `+=`, `*=`, ...
struct RTCG_API Assign : Node {
    Assign(std::string lhs_, std::string rhs_, std::string op_ = "=")
        : lhs(std::move(lhs_)), rhs(std::move(rhs_)), op(std::move(op_)) {}
    void print(Printer& out) const override;
    std::string lhs;
    std::string rhs;
    std::string op;
};

// A variable: `const float x = 1.0f;`, `__local float tile[256];`, `__constant int table[4] = {...};`.
struct RTCG_API Declare : Node {
    Declare(DType type_, std::string name_, std::optional<std::string> initializer_ = std::nullopt)
        : type(std::move(type_)), name(std::move(name_)), initializer(std::move(initializer_)) {}
    void print(Printer& out) const override;

    Declare& constant() & { is_const = true; return *this; }
    Declare&& constant() && { is_const = true; return std::move(*this); }
    Declare& array(std::size_t count) & { elements = count; return *this; }
    Declare&& array(std::size_t count) && { elements = count; return std::move(*this); }
    // Local (work-group shared) or constant memory; refuses global, which kernels cannot declare.
    Declare& in(AddressSpace where) &;
    Declare&& in(AddressSpace where) && { in(where); return std::move(*this); }

    DType type;
    std::string name;
    std::optional<std::string> initializer;
    bool is_const = false;
    std::size_t elements = 0; // an array of this many, 0 for a plain variable
    AddressSpace space = AddressSpace::private_space;
};

// `const size_t name = <the work-item's id or a size>;` in the dialect's own spelling.
struct RTCG_API Index : Node {
    Index(std::string name, IndexQuery query, int dimension);
    void print(Printer& out) const override;
    std::string name;
    IndexQuery query;
    int dimension;
};

// A work-group barrier; `global` also orders global memory.
struct RTCG_API Barrier : Node {
    explicit Barrier(AddressSpace scope = AddressSpace::local);
    void print(Printer& out) const override;
    AddressSpace scope;
};

// Different code per dialect, for what the other nodes do not cover.
struct RTCG_API PerDialect : Node {
    PerDialect(Code cuda_, Code opencl_) : cuda(std::move(cuda_)), opencl(std::move(opencl_)) {}
    void print(Printer& out) const override;
    Code cuda;
    Code opencl;
};

// ---- Compound statements -------------------------------------------------------------------

// `{ ... }`
struct RTCG_API Block : Node {
    Block() = default;
    explicit Block(std::vector<Code> body_) : body(std::move(body_)) {}
    void print(Printer& out) const override;
    // The statements without the braces (bodies of for/if/functions print their own).
    void print_body(Printer& out) const;
    std::vector<Code> body;
};

// A sequence printed at the current level with no braces (several statements where one Code
// is expected, e.g. an unrolled loop).
struct RTCG_API Sequence : Node {
    explicit Sequence(std::vector<Code> items_) : items(std::move(items_)) {}
    void print(Printer& out) const override;
    std::vector<Code> items;
};

// `if (condition) { then } else { otherwise }`; an If as `otherwise` prints as `else if`.
// Bodies always get braces.
struct RTCG_API If : Node {
    If(std::string condition_, Code then_, std::optional<Code> otherwise_ = std::nullopt)
        : condition(std::move(condition_)), then(std::move(then_)), otherwise(std::move(otherwise_)) {}
    void print(Printer& out) const override;
    std::string condition;
    Code then;
    std::optional<Code> otherwise;
};

// `for (start; condition; update) { body }`
struct RTCG_API For : Node {
    For(std::string start_, std::string condition_, std::string update_, Code body_)
        : start(std::move(start_)), condition(std::move(condition_)), update(std::move(update_)), body(std::move(body_)) {}
    void print(Printer& out) const override;
    std::string start;
    std::string condition;
    std::string update;
    Code body;
};

// `while (condition) { body }`
struct RTCG_API While : Node {
    While(std::string condition_, Code body_) : condition(std::move(condition_)), body(std::move(body_)) {}
    void print(Printer& out) const override;
    std::string condition;
    Code body;
};

// ---- Functions and modules -----------------------------------------------------------------

// A kernel or a device function. `return_type` nullopt means void (kernels are always void).
struct RTCG_API Function : Node {
    enum class Kind { kernel, device };
    Function(Kind kind, std::optional<DType> return_type, std::string name, std::vector<Argument> parameters, Block body);
    void print(Printer& out) const override;
    Kind kind;
    std::optional<DType> return_type;
    std::string name;
    std::vector<Argument> parameters;
    Block body;
};

// A kernel whose parameters are given as objects or as a C declaration list (parse_arguments).
RTCG_API Function Kernel(std::string name, std::vector<Argument> parameters, Block body);
RTCG_API Function Kernel(std::string name, std::string_view parameters, Block body);
// A helper function callable from kernels.
RTCG_API Function DeviceFunction(std::optional<DType> return_type, std::string name, std::vector<Argument> parameters,
                                 Block body);
RTCG_API Function DeviceFunction(std::optional<DType> return_type, std::string name, std::string_view parameters,
                                 Block body);

// Top-level items (struct declarations as Raw, constants, functions, kernels), separated by
// blank lines.
struct RTCG_API Module : Node {
    explicit Module(std::vector<Code> items_) : items(std::move(items_)) {}
    void print(Printer& out) const override;
    std::vector<Code> items;
};

} // namespace rtcg::codegen::syntax
