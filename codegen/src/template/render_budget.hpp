#pragma once
// What one render may still spend (limits.hpp): every loop iteration, statement and expression
// node costs a step; every byte written, joined with + or compared costs text.
#include "limits.hpp"
#include "operation_error.hpp"

#include <cstdint>
#include <string>

namespace rtcg::codegen::templating {

class RenderBudget {
public:
    std::uint64_t steps_left() const noexcept { return steps_left_; }

    void take_step() {
        if (steps_left_ == 0) throw OperationError{steps_problem()};
        --steps_left_;
    }

    void take_text(std::size_t bytes) {
        if (bytes > text_left_) {
            throw OperationError{"the template works through more than " + std::to_string(max_text_bytes >> 20) +
                                 " MiB of text (output, and strings joined with + or compared)"};
        }
        text_left_ -= bytes;
    }

    static std::string steps_problem() {
        return "the template takes more than " + std::to_string(max_render_steps) +
               " steps to render (loop iterations, statements and expression nodes)";
    }

private:
    std::uint64_t steps_left_ = max_render_steps;
    std::size_t text_left_ = max_text_bytes;
};

} // namespace rtcg::codegen::templating
