#pragma once
// The generated kernels built for one context, found by a key that names everything their source
// depends on. One ContextKernels exists per context while anything holds it (ElementwiseKernels
// and arrays of the context do); a process-wide registry finds it without keeping it alive, so a
// context and its kernels go away once nothing uses them.
#include <rtcg/core/context.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace rtcg::detail {

struct ElementwiseProgram;

class ContextKernels {
public:
    explicit ContextKernels(Context context) : context_(std::move(context)) {}

    static std::shared_ptr<ContextKernels> of(const Context& context);

    const Context& context() const noexcept { return context_; }

    std::shared_ptr<const ElementwiseProgram> find(const std::string& key) const;
    // Keeps `program` under `key`, unless another thread was first: then returns that one.
    std::shared_ptr<const ElementwiseProgram> insert(const std::string& key,
                                                     std::shared_ptr<const ElementwiseProgram> program);

private:
    // Held so that the registry's key (the context's state) cannot be reused while this lives.
    Context context_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<const ElementwiseProgram>> programs_;
};

} // namespace rtcg::detail
