#include "renderer.hpp"

#include "evaluator.hpp"
#include "operations.hpp"

#include <utility>

namespace rtcg::codegen::templating {
namespace {

// Python's len(range(start, stop, step)), in unsigned arithmetic where the distance between any
// two 64-bit integers fits.
std::uint64_t range_length(std::int64_t start, std::int64_t stop, std::int64_t step) {
    const auto from = static_cast<std::uint64_t>(start);
    const auto to = static_cast<std::uint64_t>(stop);
    if (step > 0) return start < stop ? (to - from - 1) / static_cast<std::uint64_t>(step) + 1 : 0;
    const std::uint64_t magnitude = std::uint64_t{0} - static_cast<std::uint64_t>(step);
    return start > stop ? (from - to - 1) / magnitude + 1 : 0;
}

// start + index * step, which range_length keeps between start and stop: the wrapping unsigned
// arithmetic gives the exact value.
std::int64_t range_item(std::int64_t start, std::int64_t step, std::uint64_t index) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) + index * static_cast<std::uint64_t>(step));
}

class Renderer {
public:
    Renderer(const Program& program, const Values& values)
        : source_(program.source), scope_(values, program.names), evaluator_(program, scope_, budget_) {}

    std::string run(const Block& body) {
        execute(body);
        return std::move(output_);
    }

private:
    void execute(const Block& block) {
        for (const Statement& statement : block) {
            report_at(statement.offset, [this] { budget_.take_step(); });
            std::visit([&](const auto& node) { execute(node, statement.offset); }, statement.node);
        }
    }

    void execute(const TextStatement& text, std::size_t offset) { write(text.text, offset); }

    void execute(const OutputStatement& output, std::size_t offset) {
        const Value value = evaluator_.evaluate(*output.value);
        std::string text;
        report_at(offset, [&] { text = to_output(value); });
        write(text, offset);
    }

    void execute(const SetStatement& assignment, std::size_t) {
        scope_.set(assignment.name, evaluator_.evaluate(*assignment.value));
    }

    void execute(const IfStatement& choice, std::size_t) {
        for (const auto& branch : choice.branches) {
            if (branch.condition == nullptr || is_true(evaluator_.evaluate(*branch.condition))) {
                execute(branch.body);
                return;
            }
        }
    }

    void execute(const ForStatement& loop, std::size_t offset) {
        if (const auto* range = std::get_if<RangeArguments>(&loop.sequence)) {
            const std::int64_t start = range->start ? range_argument(*range->start) : 0;
            const std::int64_t stop = range_argument(*range->stop);
            const std::int64_t step = range->step ? range_argument(*range->step) : 1;
            if (step == 0) source_.fail(range->step->offset, "range() step must not be zero");
            run_loop(loop, offset, range_length(start, stop, step),
                     [&](std::uint64_t index) { return Value(range_item(start, step, index)); });
            return;
        }
        const auto& expression = *std::get<ExpressionPtr>(loop.sequence);
        const Value sequence = evaluator_.evaluate(expression);
        if (sequence.kind() != Value::Kind::list) {
            source_.fail(expression.offset,
                         "cannot loop over " + std::string(type_name(sequence)) + "; expected a list or range()");
        }
        const auto& items = sequence.as_list();
        run_loop(loop, offset, items.size(), [&](std::uint64_t index) { return items[index]; });
    }

    template <class ItemAt>
    void run_loop(const ForStatement& loop, std::size_t offset, std::uint64_t length, ItemAt item_at) {
        // Refuse a loop that cannot finish within the budget now rather than after spending it.
        if (length > budget_.steps_left()) {
            source_.fail(offset, "the loop would run " + std::to_string(length) + " times, but the render has only " +
                                     std::to_string(budget_.steps_left()) + " of its " +
                                     std::to_string(max_render_steps) + " steps left");
        }
        scope_.enter_loop(length);
        for (std::uint64_t index = 0; index < length; ++index) {
            report_at(offset, [this] { budget_.take_step(); });
            scope_.start_iteration(index, loop.variable, item_at(index));
            execute(loop.body);
        }
        scope_.leave_loop();
    }

    std::int64_t range_argument(const Expression& expression) {
        const Value value = evaluator_.evaluate(expression);
        if (value.kind() != Value::Kind::integer)
            source_.fail(expression.offset, "range() takes ints, not " + std::string(type_name(value)));
        return value.as_int();
    }

    void write(const std::string& text, std::size_t offset) {
        report_at(offset, [&] { budget_.take_text(text.size()); });
        output_ += text;
    }

    // Runs `action`; an OperationError from it becomes a TemplateError at `offset`.
    template <class Action>
    void report_at(std::size_t offset, Action action) {
        try {
            action();
        } catch (const OperationError& error) {
            source_.fail(offset, error.problem);
        }
    }

    const TemplateSource& source_;
    Scope scope_;
    RenderBudget budget_;
    Evaluator evaluator_;
    std::string output_;
};

} // namespace

std::string render_program(const Program& program, const Values& values) {
    return Renderer(program, values).run(program.body);
}

} // namespace rtcg::codegen::templating
