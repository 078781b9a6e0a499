#include "scope.hpp"

#include <utility>

namespace rtcg::codegen::templating {

Scope::Scope(const Values& values, const std::vector<std::string>& names) : bindings_(names.size()), frames_(1) {
    caller_values_.reserve(names.size());
    for (const auto& name : names) {
        const auto found = values.find(name);
        caller_values_.push_back(found == values.end() ? nullptr : &found->second);
    }
}

const Value* Scope::find(NameId name) const {
    const auto& stack = bindings_[name];
    return stack.empty() ? caller_values_[name] : &stack.back().value;
}

void Scope::set(NameId name, Value value) {
    const std::size_t innermost = frames_.size() - 1;
    auto& stack = bindings_[name];
    if (!stack.empty() && stack.back().frame == innermost) {
        stack.back().value = std::move(value);
        return;
    }
    stack.push_back({innermost, std::move(value)});
    frames_.back().bound.push_back(name);
}

void Scope::enter_loop(std::uint64_t length) { frames_.push_back({{}, {0, length}}); }

void Scope::start_iteration(std::uint64_t index, NameId variable, Value item) {
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
    for (const NameId name : frame.bound) bindings_[name].pop_back();
    frame.bound.clear();
}

} // namespace rtcg::codegen::templating
