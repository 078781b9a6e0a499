#pragma once
// The context every behaviour test runs on: the one RTCG_BACKEND selects. CTest runs each test
// program once per backend (cuda, opencl:nvidia, opencl:pocl); a run whose backend is absent
// exits with 77, which CTest reports as skipped.
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core.hpp>

#include <string_view>

namespace rtcg::test {

const Context& context();

// Compiles dialect-neutral test source (see rtcg/codegen/prelude.hpp) for the test context.
Module compile(std::string_view source, const CompileOptions& options = {});

// True on the backend whose kernel language is `dialect`.
bool is(codegen::Dialect dialect);

} // namespace rtcg::test
