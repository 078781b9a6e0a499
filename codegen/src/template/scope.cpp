#include "scope.hpp"

#include <utility>

namespace rtcg::codegen::templating {

Scope::Scope(const Values& values) : values_(values), frames_(1) {}

const Value* Scope::find(std::string_view name) const {
    if (const auto found = bindings_.find(name); found != bindings_.end() && !found->second.empty())
        return &found->second.back().value;
    const auto found = values_.find(name);
    return found == values_.end() ? nullptr : &found->second;
}

void Scope::set(const std::string& name, Value value) {
    const std::size_t innermost = frames_.size() - 1;
    BindingStack& stack = bindings_[name];
    if (!stack.empty() && stack.back().frame == innermost) {
        stack.back().value = std::move(value);
        return;
    }
    stack.push_back({innermost, std::move(value)});
    frames_.back().bound.push_back(&stack);
}

void Scope::enter_loop(std::uint64_t length) { frames_.push_back({{}, {0, length}}); }

void Scope::start_iteration(std::uint64_t index, const std::string& variable, Value item) {
    unbind(frames_.back());
    frames_.back().loop.index = index;
    set(variable, std::move(item));
}

void Scope::leave_loop() {
    unbind(frames_.back());
    frames_.pop_back();
}

const LoopState& Scope::innermost_loop() const { return frames_.back().loop; }

void Scope::unbind(Frame& frame) {
    for (BindingStack* stack : frame.bound) stack->pop_back();
    frame.bound.clear();
}

} // namespace rtcg::codegen::templating
