#include "io/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>

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

// Keys are the program's own names, which need no escaping. The most frequent call of a large
// document: its separator, indentation and name go in with one resize.
JsonWriter& JsonWriter::key(std::string_view name) {
  Open& open = open_.back();
  const std::size_t indent = 2 * (static_cast<std::size_t>(base_depth_) + open_.size());
  const std::size_t at = out_->size();
  out_->resize(at + (open.empty ? 0 : 1) + 1 + indent + 1 + name.size() + 3);
  char* p = out_->data() + at;
  if (!open.empty) *p++ = ',';
  *p++ = '\n';
  p = std::fill_n(p, indent, ' ');
  *p++ = '"';
  p = std::copy(name.begin(), name.end(), p);
  std::copy_n("\": ", 3, p);
  open.empty = false;
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
  char digits[24];
  const auto written = std::to_chars(digits, digits + sizeof digits, number);
  out_->append(digits, written.ptr);
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
// characters that need none are appended whole, and most texts are one such run.
void JsonWriter::escaped(std::string_view text) {
  if (std::none_of(text.begin(), text.end(), [](char c) { return needs_escape[static_cast<unsigned char>(c)]; })) {
    const std::size_t at = out_->size();
    out_->resize(at + text.size() + 2);
    char* p = out_->data() + at;
    *p++ = '"';
    *std::copy(text.begin(), text.end(), p) = '"';
    return;
  }
  *out_ += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!needs_escape[static_cast<unsigned char>(c)]) continue;
    out_->append(text, run, i - run);
    run = i + 1;
    switch (c) {
      case '"':
        *out_ += "\\\"";
        break;
      case '\\':
        *out_ += "\\\\";
        break;
      case '\b':
        *out_ += "\\b";
        break;
      case '\f':
        *out_ += "\\f";
        break;
      case '\n':
        *out_ += "\\n";
        break;
      case '\r':
        *out_ += "\\r";
        break;
      case '\t':
        *out_ += "\\t";
        break;
      default:
        fmt::format_to(std::back_inserter(*out_), "\\u{:04x}", c);
    }
  }
  out_->append(text, run, text.size() - run);
  *out_ += '"';
}

}  // namespace smem_budget::io
