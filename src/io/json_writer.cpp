#include "io/json_writer.hpp"

#include <array>

#include <fmt/format.h>

namespace smem_budget::io {

namespace {

// The characters a JSON string cannot hold as they are: quotes, backslashes, control characters.
constexpr std::array<bool, 256> needs_escape = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = true;
  table['"'] = table['\\'] = true;
  return table;
}();

}  // namespace

void JsonWriter::newline_and_indent(std::size_t depth) {
  *out_ += '\n';
  out_->append(2 * (static_cast<std::size_t>(base_depth_) + depth), ' ');
}

// A value's separator: inside an array, the comma and line of a new element (after a key the key
// wrote them).
void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (open_.empty()) return;
  if (!open_.back().empty) *out_ += ',';
  open_.back().empty = false;
  newline_and_indent(open_.size());
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  *out_ += '{';
  open_.push_back({'}', true});
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value();
  *out_ += '[';
  open_.push_back({']', true});
  return *this;
}

JsonWriter& JsonWriter::end() {
  const Open closing = open_.back();
  open_.pop_back();
  if (!closing.empty) newline_and_indent(open_.size());
  *out_ += closing.close;
  return *this;
}

// Keys are the program's own names, which need no escaping.
JsonWriter& JsonWriter::key(std::string_view name) {
  if (!open_.back().empty) *out_ += ',';
  open_.back().empty = false;
  newline_and_indent(open_.size());
  *out_ += '"';
  *out_ += name;
  *out_ += "\": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  before_value();
  escaped(text);
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
  before_value();
  fmt::format_to(std::back_inserter(*out_), "{}", number);
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  before_value();
  *out_ += flag ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  *out_ += "null";
  return *this;
}

// nlohmann's escaping: quotes, backslashes and control characters; UTF-8 as it is. Runs of
// characters that need none are appended whole.
void JsonWriter::escaped(std::string_view text) {
  *out_ += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!needs_escape[static_cast<unsigned char>(c)]) continue;
    out_->append(text, run, i - run);
    run = i + 1;
    switch (c) {
      case '"': *out_ += "\\\""; break;
      case '\\': *out_ += "\\\\"; break;
      case '\b': *out_ += "\\b"; break;
      case '\f': *out_ += "\\f"; break;
      case '\n': *out_ += "\\n"; break;
      case '\r': *out_ += "\\r"; break;
      case '\t': *out_ += "\\t"; break;
      default: fmt::format_to(std::back_inserter(*out_), "\\u{:04x}", c);
    }
  }
  out_->append(text, run, text.size() - run);
  *out_ += '"';
}

}  // namespace smem_budget::io
