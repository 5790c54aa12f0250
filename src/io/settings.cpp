#include "io/settings.hpp"

#include <array>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "io/config_keys.hpp"
#include "io/nearest.hpp"
#include "io/parse.hpp"

namespace smem_budget::io {
namespace {

using json = nlohmann::json;

std::string type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return "an integer";
    case json::value_t::number_float:
      return "a number";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

[[noreturn]] void fail(const Origin& origin, const std::string& message) {
  throw InputError(fmt::format("{}: {}", origin, message));
}

template <class T>
T value_or_fail(const Parsed<T>& parsed, const Origin& origin) {
  if (!ok(parsed)) fail(origin, std::get<std::string>(parsed));
  return std::get<T>(parsed);
}

// The text of a string setting; integers (stage counts) come as their decimal spelling.
std::string text_of(const Setting& s) {
  if (s.value.is_string()) return s.value.get<std::string>();
  return s.value.dump();
}

TileSpec tile_spec(const Setting& s) {
  if (s.value.is_string()) return value_or_fail(parse_tile(s.value.get<std::string>()), s.origin);
  TileSpec spec;
  std::array<bytes_t*, 3> dims{&spec.m, &spec.n, &spec.k};
  for (std::size_t i = 0; i < 3; ++i) {
    const json& v = s.value[i];
    if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > max_tile_extent)
      fail(s.origin, fmt::format("{}: dimensions must be 1…65536", s.value.dump()));
    *dims[i] = v.get<std::int64_t>();
  }
  return spec;
}

}  // namespace

bool is_config_key(const std::string& key) { return find_config_key(key) != nullptr; }

namespace {

// Parses one setting's value into `config`. A tile is only checked here: K in bytes is resolved
// by to_config once the types are known.
void apply_value(Config& config, const std::string& key, const Setting& s) {
  if (key == "tile")
    (void)tile_spec(s);
  else if (key == "types")
    config.types = value_or_fail(parse_types(text_of(s)), s.origin);
  else if (key == "schedule")
    config.schedule = value_or_fail(parse_schedule(text_of(s)), s.origin);
  else if (key == "instruction")
    config.instruction = value_or_fail(parse_instruction(text_of(s)), s.origin);
  else if (key == "grouped")
    config.grouped = s.value.get<bool>();
  else if (key == "sparse")
    config.sparse = s.value.get<bool>();
  else if (key == "fast_accum")
    config.fast_accum = s.value.get<bool>();
  else if (key == "cluster")
    config.cluster = value_or_fail(parse_cluster(text_of(s)), s.origin);
  else if (key == "scaling")
    config.scaling = value_or_fail(parse_scaling(text_of(s)), s.origin);
  else if (key == "scale_granularity")
    config.scale_granularity = value_or_fail(parse_scale_granularity(text_of(s)), s.origin);
  else if (key == "alignment")
    config.alignment = value_or_fail(parse_alignment(text_of(s)), s.origin);
  else if (key == "epilogue_schedule")
    config.epilogue_schedule = value_or_fail(parse_epilogue_schedule(text_of(s)), s.origin);
  else if (key == "stages") {
    if (s.value.is_number_integer() && (s.value.get<std::int64_t>() < 1 || s.value.get<std::int64_t>() > 2'147'483'647))
      fail(s.origin, fmt::format("{}: a stage count must be 1…2147483647", s.value.dump()));
    config.stages = value_or_fail(parse_stages(text_of(s)), s.origin);
  } else if (key == "epilogue")
    config.epilogue = value_or_fail(parse_epilogue(text_of(s)), s.origin);
  else if (key == "c")
    config.c = value_or_fail(parse_element(text_of(s), true), s.origin);
  else if (key == "d")
    config.d = value_or_fail(parse_element(text_of(s), false), s.origin);
  else if (key == "d_layout")
    config.d_layout = value_or_fail(parse_layout(text_of(s)), s.origin);
  else if (key == "epilogue_tile")
    config.epilogue_tile = value_or_fail(parse_epilogue_tile(text_of(s)), s.origin);
  else if (key == "fusion") {
    const FusionSpec f = value_or_fail(parse_fusion(text_of(s)), s.origin);
    config.fusion = f.fusion;
    config.bias = f.bias;
    config.sf_output = f.sf_output;
  } else if (key == "tile_scheduler")
    config.tile_scheduler = value_or_fail(parse_tile_scheduler(text_of(s)), s.origin);
  else if (key == "cutlass")
    config.cutlass = value_or_fail(parse_cutlass(text_of(s)), s.origin);
}

}  // namespace

void check_setting_type(const std::string& key, const json& value, const Origin& origin) {
  const ConfigKey* row = find_config_key(key);
  if (row == nullptr) {
    std::vector<std::string_view> keys;
    for (const ConfigKey& k : config_keys) keys.push_back(k.key);
    fail(origin, fmt::format("unknown key \"{}\" (keys: {}){}", key, config_key_names(), did_you_mean(key, keys)));
  }
  bool fits = value.is_string();
  std::string expected = "a string";
  switch (row->value) {
    case KeyValue::string:
      break;
    case KeyValue::boolean:
      fits = value.is_boolean();
      expected = "true or false";
      break;
    case KeyValue::string_or_integer:
      fits = value.is_string() || value.is_number_integer();
      expected = "a string or an integer";
      break;
    case KeyValue::tile:
      fits = value.is_string() || (value.is_array() && value.size() == 3);
      expected = "a string \"MxNxK\" or an array [M, N, K]";
      break;
  }
  if (!fits) fail(origin, fmt::format("expected {}, got {}", expected, type_name(value)));
}

void check_setting(const std::string& key, const json& value, const Origin& origin) {
  check_setting_type(key, value, origin);
  // The value on its own too, so that a value a later layer overrides is still checked.
  Config scratch;
  apply_value(scratch, key, Setting{value, origin});
}

Config to_config_except_tile(const Settings& settings) {
  Config config;
  // Each key sets fields of its own, so the order they come in does not matter.
  for (const auto& [key, setting] : settings)
    if (key != "tile") apply_value(config, key, setting);
  if (const auto c = settings.find("c"); c != settings.end() && config.epilogue == EpilogueKind::finalize)
    fail(c->second.origin,
         "not accepted with the finalize epilogue (TensorRT-LLM's kernel derives C from the output type)");
  return config;
}

Config to_config(const Settings& settings) {
  Config config = to_config_except_tile(settings);
  const auto tile = settings.find("tile");
  if (tile == settings.end()) throw InputError("no tile given (--tile MxNxK, or \"tile\" in the batch entry)");
  config.tile = value_or_fail(resolve_tile(tile_spec(tile->second), config.types.a), tile->second.origin);
  return config;
}

void write_config(JsonWriter& out, const Config& config) {
  out.begin_object();
  out.member("tile", format_tile(config.tile));
  out.member("types", format_types(config.types, config.scaling));
  out.member("scaling", format_scaling(config.scaling));
  if (config.scaling == Scaling::blockwise)
    out.member("scale_granularity", format_scale_granularity(config.scale_granularity));
  out.member("sparse", config.sparse);
  out.member("alignment", format_alignment(config.alignment));
  out.member("epilogue_schedule", format_epilogue_schedule(config.epilogue_schedule));
  out.member("schedule", format_schedule(config.schedule));
  out.member("cluster", format_cluster(config.cluster));
  out.member("fast_accum", config.fast_accum);
  out.member("instruction", format_instruction(config.instruction));
  out.member("grouped", config.grouped);
  if (config.stages.kind == StagePolicy::Kind::fixed)
    out.member("stages", config.stages.count);
  else
    out.member("stages", format_stages(config.stages));
  out.member("epilogue", format_epilogue(config.epilogue));
  if (config.epilogue != EpilogueKind::finalize) out.member("c", name_of(config.c));
  out.member("d", name_of(config.d));
  out.member("d_layout", format_layout(config.d_layout));
  out.member("epilogue_tile", format_epilogue_tile(config.epilogue_tile));
  out.member("fusion", format_fusion(config));
  out.member("tile_scheduler", format_tile_scheduler(config.tile_scheduler));
  out.member("cutlass", format_version(config.cutlass));
  out.end();
}

nlohmann::ordered_json config_to_json(const Config& config) {
  std::string text;
  JsonWriter out(text);
  write_config(out, config);
  return nlohmann::ordered_json::parse(text);
}

}  // namespace smem_budget::io
