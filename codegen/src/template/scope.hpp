#pragma once
// The variables a render sees. Lookup goes from the innermost for loop out to the top level and
// then to the caller's values. As in Jinja, a for loop's variables (its own and those `set`
// inside it) live in a frame that is emptied at each iteration and dropped at the end, so they
// never leak out; an if opens no frame.
//
// Each name keeps a stack of its bindings, innermost last, so that a lookup costs the same
// however deeply loops nest, and a loop iteration allocates nothing once the first has run.
#include <rtcg/codegen/template_value.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen::templating {

struct LoopState {
    std::uint64_t index; // from 0
    std::uint64_t length;
};

class Scope {
public:
    explicit Scope(const Values& values);

    // Null when neither a frame nor the caller's values have the name.
    const Value* find(std::string_view name) const;
    // In the innermost frame.
    void set(const std::string& name, Value value);

    void enter_loop(std::uint64_t length);
    // Empties the loop's frame and binds its variable.
    void start_iteration(std::uint64_t index, const std::string& variable, Value item);
    void leave_loop();
    // Only inside a loop (the parser allows `loop.` nowhere else).
    const LoopState& innermost_loop() const;

private:
    struct Binding {
        std::size_t frame;
        Value value;
    };
    using BindingStack = std::vector<Binding>;

    struct Frame {
        std::vector<BindingStack*> bound; // the names this frame binds
        LoopState loop;                   // unused in the top-level frame
    };

    void unbind(Frame& frame);

    const Values& values_;
    std::map<std::string, BindingStack, std::less<>> bindings_;
    std::vector<Frame> frames_; // the top level first
};

} // namespace rtcg::codegen::templating
