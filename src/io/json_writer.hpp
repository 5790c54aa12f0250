// JSON text written value by value, laid out exactly as nlohmann::json's dump(2) lays it out, so
// that a document of 100,000 results never becomes a tree of them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smem_budget::io {

class JsonWriter {
 public:
  // Appends to `out`; `depth` is how many levels deep the first value sits (its indentation).
  explicit JsonWriter(std::string& out, int depth = 0) : out_(&out), base_depth_(depth) {}

  JsonWriter& begin_object();
  JsonWriter& begin_array();
  JsonWriter& end();                       // closes the innermost object or array
  JsonWriter& key(std::string_view name);  // a name of the program's own: written unescaped

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  JsonWriter& value(bool flag);
  JsonWriter& null();

  // key(name).value(v)
  template <class T>
  JsonWriter& member(std::string_view name, const T& v) {
    return key(name).value(v);
  }

 private:
  void before_value();
  void newline_and_indent(std::size_t depth);
  void escaped(std::string_view text);

  std::string* out_;
  int base_depth_;
  struct Open {
    char close;  // '}' or ']'
    bool empty;  // nothing written in it yet
  };
  std::vector<Open> open_;
  bool after_key_ = false;
};

}  // namespace smem_budget::io
