#include <rtcg/codegen/template_value.hpp>

#include <string_view>

namespace rtcg::codegen {
namespace {

constexpr std::string_view kind_names[] = {"an int", "a float", "a bool", "a string", "a list"};

[[noreturn]] void fail_kind(Value::Kind wanted, Value::Kind actual) {
    throw InvalidArgument("the value is " + std::string(kind_names[static_cast<int>(actual)]) + ", not " +
                              std::string(kind_names[static_cast<int>(wanted)]),
                          "codegen::Value");
}

} // namespace

Value::Value(const char* text) : Value(std::string(text)) {}

Value::Value(std::string text) : storage_(std::make_shared<const std::string>(std::move(text))) {}

Value::Value(std::vector<Value> items) : storage_(std::make_shared<const std::vector<Value>>(std::move(items))) {}

std::int64_t Value::as_int() const {
    if (kind() != Kind::integer) fail_kind(Kind::integer, kind());
    return std::get<std::int64_t>(storage_);
}

double Value::as_float() const {
    if (kind() != Kind::floating) fail_kind(Kind::floating, kind());
    return std::get<double>(storage_);
}

bool Value::as_bool() const {
    if (kind() != Kind::boolean) fail_kind(Kind::boolean, kind());
    return std::get<bool>(storage_);
}

const std::string& Value::as_string() const {
    if (kind() != Kind::string) fail_kind(Kind::string, kind());
    return *std::get<std::shared_ptr<const std::string>>(storage_);
}

const std::vector<Value>& Value::as_list() const {
    if (kind() != Kind::list) fail_kind(Kind::list, kind());
    return *std::get<std::shared_ptr<const std::vector<Value>>>(storage_);
}

} // namespace rtcg::codegen
