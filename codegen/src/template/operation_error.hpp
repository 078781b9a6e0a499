#pragma once
// A problem found while computing with values (wrong types, overflow, a spent budget). The
// operations do not know where in the template they were asked for; the evaluator catches this
// and throws a TemplateError at the operator's line and column.
#include <string>

namespace rtcg::codegen::templating {

struct OperationError {
    std::string problem;
};

} // namespace rtcg::codegen::templating
