#pragma once
// The dialect tests' way to build a kernel: for the test context, and, whatever the context's
// backend, its CUDA text through NVRTC, so that every kernel that runs here also proves that its
// CUDA twin compiles.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace rtcg::test {

// Dialect-neutral source written with the prelude's macros; `options` adds the complex support.
inline Module compile_everywhere(std::string_view source, const codegen::PreludeOptions& options = {}) {
    compile_for_cuda(codegen::with_prelude(codegen::Dialect::cuda, source, options));
    return context().compile(source, {.prelude = codegen::portable_prelude(options)});
}

// Complete source written for each dialect by `source_for` (no prelude added).
inline Module compile_everywhere(const std::function<std::string(codegen::Dialect)>& source_for) {
    compile_for_cuda(source_for(codegen::Dialect::cuda));
    return context().compile(source_for(codegen::dialect_of(context().device())));
}

} // namespace rtcg::test
