#pragma once
// The variables a render sees. Lookup goes from the innermost for loop out to the top level and
// then to the caller's values. As in Jinja, a for loop's variables (its own and those `set`
// inside it) live in a frame that is emptied at each iteration and dropped at the end, so they
// never leak out; an if opens no frame.
//
// Variables are found by NameId: each name keeps a stack of its bindings, innermost last, and
// the caller's value for each name is looked up once per render. A lookup costs the same however
// long the name and however deep the loops, and an iteration allocates nothing once the first
// has run.
#include "name_table.hpp"

#include <rtcg/codegen/template_value.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::codegen::templating {

struct LoopState {
    std::uint64_t index; // from 0
    std::uint64_t length;
};

class Scope {
public:
    // `names`: the template's variable names, by NameId.
    Scope(const Values& values, const std::vector<std::string>& names);

    // Null when neither a frame nor the caller's values have the name.
    const Value* find(NameId name) const;
    // In the innermost frame.
    void set(NameId name, Value value);

    void enter_loop(std::uint64_t length);
    // Empties the loop's frame and binds its variable.
    void start_iteration(std::uint64_t index, NameId variable, Value item);
    void leave_loop();
    // Only inside a loop (the parser allows `loop.` nowhere else).
    const LoopState& innermost_loop() const;

private:
    struct Binding {
        std::size_t frame;
        Value value;
    };

    struct Frame {
        std::vector<NameId> bound; // the names this frame binds
        LoopState loop;            // unused in the top-level frame
    };

    void unbind(Frame& frame);

    std::vector<const Value*> caller_values_;     // by NameId; null where the caller has none
    std::vector<std::vector<Binding>> bindings_;  // by NameId
    std::vector<Frame> frames_;                   // the top level first
};

} // namespace rtcg::codegen::templating
