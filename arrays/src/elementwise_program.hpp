#pragma once
// What an ElementwiseKernel shares with every equal one built later: its declaration, its text
// (for source()) and its compiled kernel with the launch shape chosen for it.
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rtcg::detail {

struct ElementwiseProgram {
    std::vector<codegen::Argument> arguments;
    std::string operation;
    std::string name;
    std::string preamble;
    Kernel kernel;
    std::size_t block_size = 1;
    std::size_t max_groups = 1;
};

} // namespace rtcg::detail
