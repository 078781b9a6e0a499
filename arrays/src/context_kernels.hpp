#pragma once
// The generated kernels built for one context, found by a key that names everything their source
// depends on. Each generator keeps its own program type (ElementwiseProgram, ReductionProgram,
// ...) here; keys start with the generator's name, so one key never names two types. One ContextKernels exists per context while anything holds it (ElementwiseKernels
// and arrays of the context do); a process-wide registry finds it without keeping it alive, so a
// context and its kernels go away once nothing uses them.
#include <rtcg/core/context.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace rtcg::detail {

class ContextKernels {
public:
    explicit ContextKernels(Context context) : context_(std::move(context)) {}

    static std::shared_ptr<ContextKernels> of(const Context& context);

    const Context& context() const noexcept { return context_; }

    template <class Program>
    std::shared_ptr<const Program> find(const std::string& key) const {
        return std::static_pointer_cast<const Program>(find_any(key));
    }
    // Keeps `program` under `key`, unless another thread was first: then returns that one.
    template <class Program>
    std::shared_ptr<const Program> insert(const std::string& key, std::shared_ptr<const Program> program) {
        return std::static_pointer_cast<const Program>(insert_any(key, std::move(program)));
    }

private:
    std::shared_ptr<const void> find_any(const std::string& key) const;
    std::shared_ptr<const void> insert_any(const std::string& key, std::shared_ptr<const void> program);

    // Held so that the registry's key (the context's state) cannot be reused while this lives.
    Context context_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<const void>> programs_;
};

} // namespace rtcg::detail
