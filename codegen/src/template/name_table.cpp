#include "name_table.hpp"

namespace rtcg::codegen::templating {

NameId NameTable::id_of(std::string_view name) {
    if (const auto found = ids_.find(name); found != ids_.end()) return found->second;
    names_.emplace_back(name);
    ids_.emplace(name, names_.size() - 1);
    return names_.size() - 1;
}

} // namespace rtcg::codegen::templating
