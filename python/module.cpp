// smem_budget._core: the model and the front end the command line uses (src/frontend, io), called
// from Python. Every byte comes from the header-only model and every message from the same
// parsers, so Python and the CLI cannot disagree. The friendly signatures live in smem_budget/__init__.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/app.hpp"
#include "frontend/architecture.hpp"
#include "frontend/batch.hpp"
#include "frontend/evaluation.hpp"
#include "frontend/many.hpp"
#include "frontend/sweep.hpp"
#include "io/arch_file.hpp"
#include "io/config_keys.hpp"
#include "io/gemm_config.hpp"
#include "io/kernel_name.hpp"
#include "io/parse.hpp"
#include "io/settings.hpp"
#include "io/text_hash.hpp"
#include "io/vocabulary.hpp"
#include "render/render.hpp"
#include "report.hpp"
#include "smem_budget/evaluate.hpp"
#include "smem_budget/suggest.hpp"

namespace py = pybind11;
using smem_budget::Architecture;
using smem_budget::Result;
using smem_budget::frontend::config_reading;
using smem_budget::frontend::job_settings;
using smem_budget::frontend::judge_jobs;
using smem_budget::frontend::judge_on;
using smem_budget::frontend::ManyDefaults;
using smem_budget::frontend::ManyJob;
using smem_budget::io::InputError;
using smem_budget::io::Setting;
using smem_budget::io::Settings;

namespace {

// A Python str's UTF-8, valid while the str is; throws InputError for a str that has none (a lone
// surrogate) or for another type.
std::string_view utf8_view(py::handle text) {
  if (!py::isinstance<py::str>(text))
    throw InputError("expected a string, got " + py::repr(text.get_type()).cast<std::string>());
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (utf8 == nullptr) {
    PyErr_Clear();
    throw InputError(
        "a string that is not valid Unicode (a lone surrogate, such as \\udcff); give the text as it "
        "was logged");
  }
  return {utf8, static_cast<std::size_t>(size)};
}

std::string utf8_of(py::handle text) { return std::string(utf8_view(text)); }

// A Python int within 64 bits; throws InputError for a larger one.
long long integer_of(py::handle number) {
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0) {
    const auto bits = py::reinterpret_borrow<py::object>(number).attr("bit_length")().cast<long long>();
    throw InputError("an integer past 64 bits (" + std::to_string(bits) + " bits)");
  }
  return value;
}

// The device keyword: a GPU's number, as the driver numbers them.
int device_of(py::handle device) {
  // Any integer Python has (numpy's too), never a bool.
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(device.ptr()));
  if (!index || py::isinstance<py::bool_>(device)) {
    PyErr_Clear();
    throw InputError("device: expected a GPU's number (0, 1, …), got " + utf8_of(py::repr(device)));
  }
  const long long number = integer_of(index);
  if (number < 0 || number > 1'000'000)
    throw InputError("device: " + std::to_string(number) + ": expected a GPU's number (0, 1, …)");
  return static_cast<int>(number);
}

nlohmann::json to_json(py::handle value) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) return integer_of(value);
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return utf8_of(value);
  if (py::isinstance<py::dict>(value)) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) object[utf8_of(py::str(key))] = to_json(item);
    return object;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    nlohmann::json array = nlohmann::json::array();
    for (py::handle item : value) array.push_back(to_json(item));
    return array;
  }
  throw InputError(std::string("cannot read a value of Python type ") +
                   py::str(value.get_type().attr("__name__")).cast<std::string>());
}

// What `write` writes, as Python values: the JSON output is written one way (JsonWriter), and
// Python's json module reads it.
template <class Write>
py::object to_python(Write write) {
  std::string text;
  smem_budget::io::JsonWriter out(text);
  write(out);
  return py::module_::import("json").attr("loads")(text);
}

py::dict result_dict(const Result& result) {
  return to_python([&](smem_budget::io::JsonWriter& out) { smem_budget::render::write_result(out, result); });
}

// Keys as settings, `prefix` + key naming each in messages; to_config then parses every value
// with the CLI's own parsers. Later keys (keyword arguments) replace earlier ones.
void add_settings(Settings& settings, const py::dict& keys, const std::string& prefix = "") {
  for (const auto& [key, value] : keys) {
    std::string name = utf8_of(py::str(key));
    std::string origin = prefix + name;
    nlohmann::json json;
    try {
      json = to_json(value);
    } catch (const InputError& error) {
      throw InputError(origin + ": " + error.what());
    }
    smem_budget::io::check_setting_type(name, json, origin);
    // A value about to be replaced is checked on its own, as the CLI checks each layer.
    if (const auto old = settings.find(name); old != settings.end())
      smem_budget::io::check_setting(name, old->second.value, old->second.origin);
    settings.insert_or_assign(std::move(name), Setting{std::move(json), std::move(origin)});
  }
}

Settings settings_of(const py::dict& keys) {
  Settings settings;
  add_settings(settings, keys);
  return settings;
}

// One result; what Python sees as smem_budget.Result.
struct PyResult {
  Result result;
  smem_budget::ArchLimits limits;  // what it was judged against: a pickled result is judged again
  const smem_budget::Budget& budget() const { return result.budget; }
  bool sized() const { return budget().is_sized(); }
  py::object sized_or_none(long long value) const { return sized() ? py::object(py::int_(value)) : py::none(); }
  py::dict to_dict() const { return result_dict(result); }
};

// "'fits', 'exceeds-optin' or 'rejected' (CUTLASS does not compile it).", from the verdicts' table.
const std::string& verdict_doc() {
  static const std::string doc = [] {
    std::vector<std::string> quoted;
    // Appended piece by piece: g++ 12's -Wrestrict misreads "'" + std::string(...) here.
    for (const auto& word : smem_budget::io::verdict_words) quoted.emplace_back("'").append(word.spelling).append("'");
    return smem_budget::io::or_list(quoted) + " (" + std::string(smem_budget::io::verdict_words.back().help) + ").";
  }();
  return doc;
}

// The built-in architectures are resolved once; files and the native GPU every time.
Architecture architecture(const std::string& spec, int device) {
  static std::map<std::string, Architecture, std::less<>> builtin;
  if (const auto it = builtin.find(spec); it != builtin.end()) return it->second;
  Architecture a = smem_budget::frontend::modelled_architecture(spec, "arch", device);
  if (a.source == "built-in") builtin.emplace(spec, a);
  return a;
}

// (128, 256, 128) or [128, 256, 128]: a tile as Python spells it (the batch file's [M, N, K]).
bool is_tile_sequence(py::handle value) {
  return (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) && py::len(value) == 3;
}

// A call's "arch" and "device" keywords, taken out of its keys and checked.
struct ArchKeywords {
  std::string arch = "sm120";
  bool arch_given = false;
  int device = 0;
};

ArchKeywords pop_arch_keywords(py::kwargs& keys) {
  ArchKeywords out;
  if (keys.contains("arch")) {
    out.arch = utf8_of(py::str(keys.attr("pop")("arch")));
    out.arch_given = true;
  }
  if (keys.contains("device")) out.device = device_of(keys.attr("pop")("device"));
  return out;
}

// check(config=None, *, arch="sm120", device=0, **keys): `config` is a tile string or tuple, or a
// dict of keys; keyword arguments add to it or replace its keys.
struct Call {
  Settings settings;
  std::string name;
  std::string arch;
  int device = 0;
};

Call call_of(const py::args& args, py::kwargs keys) {
  if (args.size() > 1) throw py::type_error("at most one positional argument: a tile string or a configuration dict");
  Call call;
  const ArchKeywords keywords = pop_arch_keywords(keys);
  bool arch_given = keywords.arch_given;  // by the keyword, or by the dict's "arch" (below)
  call.arch = keywords.arch;
  call.device = keywords.device;
  if (args.size() == 1 && !args[0].is_none()) {
    if (py::isinstance<py::str>(args[0]) || is_tile_sequence(args[0])) {
      call.settings["tile"] = Setting{to_json(args[0]), "tile"};
    } else if (py::isinstance<py::dict>(args[0])) {
      py::dict config = py::dict(py::reinterpret_borrow<py::dict>(args[0]));  // a copy: "arch" comes out
      if (config.contains("name")) call.name = utf8_of(py::str(config["name"]));
      // A batch entry's own architecture, unless the keyword argument names one.
      if (config.contains("arch")) {
        const std::string own = utf8_of(py::str(config.attr("pop")("arch")));
        if (!keywords.arch_given) call.arch = own;
        arch_given = true;
      }
      add_settings(call.settings, config);
    } else {
      throw InputError("tile: expected a tile string (\"128x128x128\"), an (M, N, K) tuple or a configuration dict");
    }
  }
  if (keys.contains("name")) call.name = utf8_of(py::str(keys["name"]));
  add_settings(call.settings, keys);
  call.settings.erase("name");
  // A CUTLASS kernel name is built for one architecture: with no arch given, it is the architecture.
  if (const auto built_for = smem_budget::frontend::kernel_architecture(call.settings); !arch_given && built_for)
    call.arch = *built_for;
  smem_budget::io::expand_kernel_name(call.settings);
  if (!call.settings.contains("tile"))
    throw InputError("tile: required (a tile \"MxNxK\", or a configuration with \"tile\")");
  return call;
}

// One call's result, and the architecture it was judged on.
std::pair<Result, Architecture> evaluate_call(const py::args& args, const py::kwargs& keys) {
  Call call = call_of(args, keys);
  Architecture a = architecture(call.arch, call.device);
  return {smem_budget::frontend::evaluate_entry(call.name, std::move(call.settings), a, "options"), std::move(a)};
}

PyResult check(const py::args& args, const py::kwargs& keys) {
  auto [result, a] = evaluate_call(args, keys);
  return {std::move(result), a.limits};
}

bool fits(const py::args& args, const py::kwargs& keys) {
  return check(args, keys).result.budget.verdict == smem_budget::Verdict::fits;
}

// An entry of check_many read as the job it asks for; throws InputError.
ManyJob read_many_entry(py::handle entry, const std::string& origin) {
  ManyJob job;
  job.origin = origin;
  if (py::isinstance<py::str>(entry) || is_tile_sequence(entry)) {
    job.own.emplace("tile", Setting{to_json(entry), origin});
  } else if (py::isinstance<py::dict>(entry)) {
    py::dict config = py::dict(py::reinterpret_borrow<py::dict>(entry));  // a copy: "arch" comes out
    if (config.contains("name")) job.name = utf8_of(py::str(config["name"]));
    if (config.contains("arch")) job.own_arch = architecture(utf8_of(py::str(config.attr("pop")("arch"))), 0);
    add_settings(job.own, config, origin + ".");
    job.own.erase("name");
  } else {
    throw InputError(origin + ": expected a tile string, an (M, N, K) tuple or a configuration object");
  }
  return job;
}

// check_many's errors argument: whether the first bad entry raises.
bool raises(const std::string& errors) {
  if (errors != "raise" && errors != "return")
    throw InputError("errors: \"" + errors +
                     "\": expected \"raise\" (the first bad entry raises) or \"return\" (its "
                     "InputError takes its place in the list)");
  return errors == "raise";
}

// check_many's keyword arguments: "arch", "device" and the defaults, each checked; throws InputError.
ManyDefaults many_defaults(py::kwargs defaults) {
  const ArchKeywords keywords = pop_arch_keywords(defaults);
  Settings base;
  add_settings(base, defaults, "defaults.");
  base.erase("name");
  for (const auto& [key, setting] : base) smem_budget::io::check_setting(key, setting.value, setting.origin);
  smem_budget::io::expand_kernel_name(base);
  return {std::move(base), architecture(keywords.arch, keywords.device)};
}

// Where an entry is, as messages name it: "configs[3]".
std::string entry_origin(std::size_t place) { return "configs[" + std::to_string(place) + "]"; }

// One entry of a check_many call: as given, where it is, and the job it asks for or the message
// reading it raised.
struct ManyEntry {
  py::object config;
  std::string origin;
  std::size_t job = 0;
  std::optional<std::string> error;
};

// A check_many call's entries and their jobs. A list repeats its kernels (a candidate per problem
// shape, GEMM_1's tactics as GEMM_2's): entries with the same keys share one job, and its
// (read-only) Result.
struct ManyBatch {
  std::vector<ManyEntry> entries;
  std::vector<ManyJob> jobs;
  std::unordered_map<std::string, std::size_t> job_of;

  // The next entry, read by `read` (entry, origin) -> ManyJob, which throws InputError. With
  // `distinct`, the caller knows no other entry asks for its job: it is not looked for. Messages
  // name it configs[place], its place in the caller's list (by default, among the entries).
  template <class Read>
  void add(py::handle config, const Read& read, bool distinct = false,
           std::optional<std::size_t> place = std::nullopt) {
    ManyEntry& e = entries.emplace_back();
    e.config = py::reinterpret_borrow<py::object>(config);
    e.origin = entry_origin(place.value_or(entries.size() - 1));
    try {
      ManyJob job = read(config, e.origin);
      // An entry with an architecture of its own is judged on its own.
      const std::string identity =
          job.own_arch || distinct ? "" : job.name + '\n' + smem_budget::io::settings_identity(job.own);
      const auto known = identity.empty() ? job_of.end() : job_of.find(identity);
      if (known != job_of.end()) {
        e.job = known->second;
      } else {
        e.job = jobs.size();
        if (!identity.empty()) job_of.emplace(identity, jobs.size());
        jobs.push_back(std::move(job));
      }
    } catch (const InputError& error) {
      e.error = error.what();
    }
  }
};

// Each entry's Result, or its InputError in its place (raised, with `raise`); none (a null
// object) for an entry whose kernel fits and was judged without its Result (judge_jobs'
// misfits_only). `read` reads an entry again as ManyBatch::add did.
template <class Read>
std::vector<py::object> entry_results(ManyBatch& batch, const ManyDefaults& defaults, bool raise, const Read& read) {
  const py::object input_error = py::module_::import("smem_budget._core").attr("InputError");
  std::vector<py::object> judged(batch.jobs.size());
  std::vector<py::object> out;
  out.reserve(batch.entries.size());
  for (const ManyEntry& e : batch.entries) {
    std::optional<std::string> error = e.error;
    if (!error && batch.jobs[e.job].error) {
      // An error names its own entry: a later entry of the same job is read and judged again for it.
      if (batch.jobs[e.job].origin == e.origin) {
        error = batch.jobs[e.job].error;
      } else {
        try {
          ManyJob again = read(e.config, e.origin);
          judge_on(again, job_settings(again, defaults.base), defaults.arch, true);
        } catch (const InputError& failure) {
          error = failure.what();
        }
      }
    }
    if (error) {
      if (raise) throw InputError(*error);
      out.push_back(input_error(*error));
      continue;
    }
    py::object& result = judged[e.job];
    if (!result && batch.jobs[e.job].result) {
      ManyJob& job = batch.jobs[e.job];
      const smem_budget::ArchLimits limits = (job.own_arch ? *job.own_arch : defaults.arch).limits;
      result = py::cast(PyResult{std::move(*job.result), limits});
    }
    out.push_back(result);
  }
  return out;
}

// Entries as in a batch file's configs (tile strings or dicts), with `defaults` under them;
// messages name the entry as the batch file's do ("configs[3].tile: ...").
py::list check_many(const py::iterable& configs, const std::string& errors, py::kwargs defaults) {
  // One string or dict, which Python would iterate by character or key.
  if (py::isinstance<py::str>(configs) || py::isinstance<py::dict>(configs))
    throw InputError("configs: expected a list of configurations, got one " +
                     utf8_of(py::str(configs.get_type().attr("__name__"))) + ": wrap it in a list");
  const bool raise = raises(errors);
  const ManyDefaults many = many_defaults(std::move(defaults));
  ManyBatch batch;
  for (py::handle entry : configs) batch.add(entry, read_many_entry);
  judge_jobs(batch.jobs, many);
  py::list out;
  for (py::object& result : entry_results(batch, many, raise, read_many_entry)) out.append(std::move(result));
  return out;
}

// trtllm.spelling of a text: its one CutlassGemmConfig's one-line spelling; throws InputError
// saying why the text is not one config.
std::string gemm_config_spelling(std::string_view text) {
  std::vector<std::string> names = smem_budget::io::kernel_names_in(text, "text");
  if (names.size() != 1 || !names[0].starts_with("CutlassGemmConfig{"))
    throw InputError(
        "trtllm config: expected one CutlassGemmConfig (a toString() block, an operator<< line or "
        "CutlassGemmConfig{…}), found " +
        std::to_string(names.size()) + " names in the text");
  return std::move(names[0]);
}

// trtllm.spelling of texts, read in one call: each text's spelling, or the InputError saying why
// the text is not one config, in its place.
py::list gemm_config_spellings(const py::list& texts) {
  const py::object input_error = py::module_::import("smem_budget._core").attr("InputError");
  py::list out(texts.size());
  std::size_t i = 0;
  for (py::handle text : texts) {
    try {
      out[i++] = py::str(gemm_config_spelling(utf8_view(text)));
    } catch (const InputError& error) {
      out[i++] = input_error(error.what());
    }
  }
  return out;
}

// The texts of a check_gemm_configs or gemm_config_misfits call, read: each distinct spelling one
// entry of the batch, with the caller's keys; each text's entry. The first text that is not one
// config raises, before the defaults are read, as trtllm.spelling would for it. Where only misfits
// are asked for, a text whose config has the rest of one judged the whole way is judged on that
// one's completion with its own tile (frontend::RestCompletions), and becomes an entry only where it
// does not fit so: most of an autotuner's list is never spelled, made settings of or judged in full.
class GemmConfigBatch {
  // A distinct text of the list.
  struct Text {
    py::handle first;                                      // its first str (`texts` holds it)
    std::size_t place;                                     // that str's place among the texts, which messages name
    std::optional<smem_budget::io::GemmConfigTile> apart;  // its tile and rest, where its rest is shared
    std::optional<std::size_t> entry;                      // none while it has none, or fits on its rest
    std::optional<smem_budget::io::GemmConfigAlone> read;  // its spelling and reading, where read for them
  };

  // The job of an entry whose kernel is `spelling`: as read_many_entry reads {"kernel": spelling,
  // **own}, built as a dict only where the caller's keys go with it.
  ManyJob job_of(const std::string& spelling, const std::string& origin) const {
    if (!own_.empty()) {
      py::dict entry;
      entry["kernel"] = spelling;
      for (const auto& [key, value] : own_) entry[key] = value;
      return read_many_entry(entry, origin);
    }
    ManyJob job;
    job.origin = origin;
    job.own.emplace("kernel",
                    Setting{spelling, smem_budget::io::Origin(std::make_shared<const std::string>(origin), "kernel")});
    return job;
  }

  // An entry read again from its first text, for an error's message (entry_results).
  auto reader() const {
    return [this](py::handle text, const std::string& origin) {
      return job_of(read_text(utf8_view(text)).spelling, origin);
    };
  }

  // A text's spelling and reading: a text that is one config and nothing else is read once for
  // both; any other as trtllm.spelling reads it, its reading ("") left to judge_jobs.
  static smem_budget::io::GemmConfigAlone read_text(std::string_view text) {
    if (auto alone = smem_budget::io::gemm_config_alone(text)) return std::move(*alone);
    return {gemm_config_spelling(text), ""};
  }

  // read_text of the text at `place` of the list, whose error names it.
  static smem_budget::io::GemmConfigAlone read_text_at(std::string_view text, std::size_t place) {
    try {
      return read_text(text);
    } catch (const InputError& error) {
      throw InputError(entry_origin(place) + ": " + error.what());
    }
  }

  // Gives the text its entry, made at the first text of its spelling: a text that spells as an
  // earlier one is that one's entry.
  void add_entry(Text& text) {
    auto [spelling, reading] = text.read ? std::move(*text.read) : read_text(utf8_view(text.first));
    if (const auto known = entry_of_spelling_.find(spelling); known != entry_of_spelling_.end()) {
      text.entry = known->second;
      return;
    }
    text.entry = batch_.entries.size();
    entry_of_spelling_.emplace(spelling, *text.entry);
    // Each spelling once, with the same keys: no two entries ask for the same job.
    batch_.add(
        text.first, [&](py::handle, const std::string& origin) { return job_of(spelling, origin); }, true, text.place);
    if (const ManyEntry& e = batch_.entries.back(); !e.error && !reading.empty())
      batch_.jobs[e.job].reading = config_reading(std::move(reading), batch_.jobs[e.job].own);
  }

  // Judges the texts where only misfits are asked for: first each text whose rest is not shared
  // and the first of each rest, whose completions are learnt; then the others on them, those that
  // do not fit so the whole way.
  void judge_misfits() {
    std::unordered_set<std::string_view, smem_budget::io::TextHash> rests_seen;  // views of texts_' rests
    for (Text& text : texts_)
      if (!text.apart || rests_seen.insert(text.apart->rest).second) add_entry(text);
    judge_jobs(batch_.jobs, many_, true);
    smem_budget::frontend::RestCompletions rests;
    for (Text& text : texts_)
      if (const ManyEntry* e = text.apart && text.entry ? &batch_.entries[*text.entry] : nullptr; e && !e->error) {
        std::optional<smem_budget::Config>& completion = batch_.jobs[e->job].completion_for_any_tile;
        if (completion) rests.learn(text.apart->rest, std::move(*completion));
      }
    const std::size_t judged = batch_.jobs.size();
    for (Text& text : texts_)
      if (text.apart && !text.entry && !rests.fits(*text.apart, many_.arch).value_or(false)) add_entry(text);
    judge_jobs(std::span(batch_.jobs).subspan(judged), many_, true);
  }

 public:
  GemmConfigBatch(const py::list& texts, const py::dict& own, py::kwargs defaults, bool misfits_only)
      : own_(own), misfits_only_(misfits_only) {
    // A rest is shared where the caller's keys leave the kernel, its tile and its architecture to the config.
    const bool share = misfits_only && !own.contains("kernel") && !own.contains("tile") && !own.contains("arch");
    std::unordered_map<std::string_view, std::size_t, smem_budget::io::TextHash>
        text_of;  // views of the strs in `texts`
    smem_budget::io::GemmConfigTiles tiles;
    texts_.reserve(texts.size());
    places_.reserve(texts.size());
    for (py::handle text : texts) {
      const auto view = utf8_view(text);
      const auto [read, added] = text_of.try_emplace(view, texts_.size());
      if (added) {
        Text& t = texts_.emplace_back(Text{text, places_.size(), std::nullopt, std::nullopt, std::nullopt});
        if (share) t.apart = tiles.of(view);
        if (!t.apart) {
          // Raises for a text that is not one config. A config with more text around it shares the
          // rest of its spelling, so that texts that spell alike are alike here.
          t.read = read_text_at(view, t.place);
          if (share) t.apart = smem_budget::io::gemm_config_tile(t.read->spelling);
        }
      }
      places_.push_back(read->second);
    }
    many_ = many_defaults(std::move(defaults));
    batch_.entries.reserve(texts_.size());
    batch_.jobs.reserve(texts_.size());
  }

  // Each text's Result or InputError, as entry_results gives them, judged here; none (a null object)
  // for a text that fits where only misfits are asked for.
  std::vector<py::object> judged(bool raise) {
    if (misfits_only_) {
      judge_misfits();
    } else {
      for (Text& text : texts_) add_entry(text);
      judge_jobs(batch_.jobs, many_);
    }
    const std::vector<py::object> results = entry_results(batch_, many_, raise, reader());
    std::vector<py::object> out(places_.size());
    for (std::size_t i = 0; i < places_.size(); ++i)
      if (const Text& text = texts_[places_[i]]; text.entry) out[i] = results[*text.entry];
    return out;
  }

 private:
  py::dict own_;
  bool misfits_only_;
  ManyDefaults many_;
  ManyBatch batch_;
  std::vector<Text> texts_;  // the distinct texts, in order
  std::unordered_map<std::string, std::size_t, smem_budget::io::TextHash, std::equal_to<>>
      entry_of_spelling_;            // each entry's spelling
  std::vector<std::size_t> places_;  // each text's distinct text
};

// trtllm.check_many of texts whose entries differ only in their config: the entry of a text is
// {"kernel": its spelling, **own}, with `defaults` under it, and each distinct spelling is one
// entry of the call, as trtllm.check_many numbers them. An autotuner's whole list is read and
// judged here in one call.
py::list check_gemm_configs(const py::list& texts, const py::dict& own, const std::string& errors,
                            py::kwargs defaults) {
  const bool raise = raises(errors);
  GemmConfigBatch batch(texts, own, std::move(defaults), false);
  py::list out;
  for (py::object& result : batch.judged(raise)) out.append(std::move(result));
  return out;
}

// check_gemm_configs' answer less what fits: (index, Result or InputError) of each text whose
// kernel does not fit or is not judged, in order. A tactic filter keeps the rest, and the
// sentences of their Results are never made.
py::list gemm_config_misfits(const py::list& texts, const py::dict& own, py::kwargs defaults) {
  GemmConfigBatch batch(texts, own, std::move(defaults), true);
  py::list out;
  const std::vector<py::object> results = batch.judged(false);
  for (std::size_t i = 0; i < results.size(); ++i)
    if (results[i]) out.append(py::make_tuple(i, results[i]));
  return out;
}

// Whether each of a list of check_many's results fits; None for an InputError in a result's place.
// The filters ask it of a whole list in one call: a property read per result costs more than a
// result's share of judging a list that repeats its kernels.
py::list fits_of(const py::list& results) {
  py::list out(results.size());
  std::size_t i = 0;
  for (py::handle result : results) {
    const auto* judged = py::isinstance<PyResult>(result) ? &result.cast<const PyResult&>() : nullptr;
    out[i++] = judged ? py::object(py::bool_(judged->budget().verdict == smem_budget::Verdict::fits)) : py::none();
  }
  return out;
}

py::list suggest(const py::args& args, const py::kwargs& keys) {
  auto [result, a] = evaluate_call(args, keys);
  result.suggestions = smem_budget::suggest(result.config, a.limits);
  const py::dict d = result_dict(result);
  return d.contains("suggestions") ? d["suggestions"].cast<py::list>() : py::list();
}

py::list sweep(py::kwargs keys) {
  const ArchKeywords keywords = pop_arch_keywords(keys);
  Settings settings = settings_of(keys);
  if (settings.contains("tile")) throw InputError("tile: a sweep makes the tiles itself; leave tile out");
  const Architecture a = architecture(keywords.arch, keywords.device);
  settings = smem_budget::frontend::with_architecture_defaults(std::move(settings), a);
  const smem_budget::Config base = smem_budget::io::to_config_except_tile(settings);
  smem_budget::Report report = smem_budget::frontend::sweep_report(base, settings.contains("schedule"), a);
  py::list out;
  for (Result& result : report.results) out.append(py::cast(PyResult{std::move(result), a.limits}));
  return out;
}

py::dict arch_of(const std::string& name, int device) {
  const Architecture a = smem_budget::frontend::resolve_architecture(name, "arch", device);
  return to_python([&](smem_budget::io::JsonWriter& out) { smem_budget::render::write_arch(out, a); });
}

// The configuration keys from the key table, "kernel, tile, …)", wrapped at the docstrings' width
// from `column` on.
std::string keyword_list(std::size_t column) {
  constexpr std::size_t width = 102;
  std::string out;
  for (const smem_budget::io::ConfigKey& key : smem_budget::io::config_keys) {
    if (key.key == "name") continue;  // the result's, not the configuration's
    const std::string word = std::string(key.key) + (key.key == smem_budget::io::config_keys.back().key ? ")" : ",");
    if (!out.empty() && column + 1 + word.size() > width) {
      out += "\n";
      column = 0;
    } else if (!out.empty()) {
      out += " ";
      ++column;
    }
    out += word;
    column += word.size();
  }
  return out;
}

std::vector<std::string> cutlass_versions() {
  std::vector<std::string> out;
  for (const auto& v : smem_budget::known_releases) out.push_back(smem_budget::io::format_version(v));
  return out;
}

// `python -m smem_budget` and the smem-budget console script: the command line itself.
int run_cli(const std::vector<std::string>& args) {
  std::vector<const char*> argv{"smem-budget"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  const int status = smem_budget::cli::run(static_cast<int>(argv.size()), argv.data());
  std::cout.flush();
  std::cerr.flush();
  return status;
}

// A pickled Result is its configuration (the JSON output's "config"), the limits it was judged
// against and the cautions its input's reading added; unpickling judges the configuration again,
// so the bytes come from the unpickling process's model, never from the pickle.
py::tuple result_state(const PyResult& r) {
  const smem_budget::ArchLimits& l = r.limits;
  return py::make_tuple(smem_budget::io::config_to_json(r.result.config).dump(), r.result.name,
                        py::make_tuple(l.cc.major, l.cc.minor, l.smem_per_sm, l.smem_per_block, l.smem_per_block_optin,
                                       l.reserved_smem_per_block),
                        r.result.reading, r.result.tile_in_bytes, r.result.rule_notes, r.result.tile_only_from_name,
                        r.result.own_arch ? py::object(py::str(r.result.own_arch->name)) : py::none());
}

// What any state that does not read as this version's says.
constexpr const char* foreign_pickle = "a pickled smem_budget.Result of another version of smem_budget";

PyResult result_from_pickled(const py::tuple& state) {
  if (state.size() != 8) throw InputError(foreign_pickle);
  const nlohmann::json config = nlohmann::json::parse(state[0].cast<std::string>());
  if (!config.is_object()) throw InputError(foreign_pickle);
  Settings settings;
  for (const auto& [key, value] : config.items()) {
    const std::string origin = "pickled result." + key;
    smem_budget::io::check_setting_type(key, value, origin);
    settings[key] = Setting{value, origin};
  }
  const auto numbers = state[2].cast<std::vector<long long>>();
  // As this version pickles them: a compute capability of two numbers below 100, six numbers in all.
  const auto in = [](long long n, long long most) { return n >= 0 && n <= most; };
  if (numbers.size() != 6 || !in(numbers[0], 99) || !in(numbers[1], 99) ||
      !std::all_of(numbers.begin() + 2, numbers.end(),
                   [&](long long n) { return in(n, smem_budget::io::max_limit_bytes); }))
    throw InputError(foreign_pickle);
  smem_budget::ArchLimits limits{};
  limits.cc = {static_cast<int>(numbers[0]), static_cast<int>(numbers[1])};
  limits.smem_per_sm = numbers[2];
  limits.smem_per_block = numbers[3];
  limits.smem_per_block_optin = numbers[4];
  limits.reserved_smem_per_block = numbers[5];
  smem_budget::io::check_limits(limits, "pickled result");
  Result result;
  result.config = smem_budget::io::to_config(settings);
  const auto budget = smem_budget::evaluate(result.config, limits);
  if (!budget)
    throw InputError("a pickled smem_budget.Result this version cannot judge: " + std::string(budget.refusal()));
  result.budget = *budget;
  result.name = state[1].cast<std::string>();
  result.reading = state[3].cast<std::vector<std::string>>();
  result.tile_in_bytes = state[4].cast<std::string>();
  result.rule_notes = state[5].cast<std::vector<std::string>>();
  result.tile_only_from_name = state[6].cast<bool>();
  if (!state[7].is_none())
    result.own_arch = Architecture{state[7].cast<std::string>(), "", "pickled result", limits, {}};
  return {std::move(result), limits};
}

// A pickled Result judged again; a state that is not one of this version's is an InputError, whatever
// part of it fails to read.
PyResult result_from_state(const py::tuple& state) {
  try {
    return result_from_pickled(state);
  } catch (const InputError&) {
    throw;
  } catch (const std::exception&) {  // JSON, or a cast
    throw InputError(foreign_pickle);
  }
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The compiled core of smem_budget; use the functions of the smem_budget package.";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);

  py::class_<PyResult> result_class(
      m, "Result", "One configuration's shared-memory budget, as `smem-budget --format json` reports it.");
  result_class.def_property_readonly("name", [](const PyResult& r) { return r.result.name; })
      .def_property_readonly(
          "verdict", [](const PyResult& r) { return std::string(smem_budget::name_of(r.budget().verdict)); },
          verdict_doc().c_str())
      .def_property_readonly("fits", [](const PyResult& r) { return r.budget().verdict == smem_budget::Verdict::fits; })
      .def_property_readonly(
          "stages",
          [](const PyResult& r) {
            return r.budget().has_stages ? py::object(py::int_(r.budget().decision.stages)) : py::none();
          },
          "The stage count the kernel is built with (sparse: A's), or None when CUTLASS refuses it before one exists.")
      .def_property_readonly(
          "max_fitting_stages",
          [](const PyResult& r) {
            return r.sized() && r.budget().max_fitting_stages ? py::object(py::int_(*r.budget().max_fitting_stages))
                                                              : py::none();
          },
          "The largest StageCount<S>, S >= 2, that fits; None if none does (or for sparse kernels).")
      .def_property_readonly(
          "total", [](const PyResult& r) { return r.sized_or_none(r.budget().total); },
          "GemmKernel::SharedStorageSize in bytes; None when rejected, except for a kernel "
          "CUTLASS refuses for this size (SM100's device-side assertion).")
      .def_property_readonly("limit", [](const PyResult& r) { return r.sized_or_none(r.budget().limit); })
      .def_property_readonly(
          "headroom", [](const PyResult& r) { return r.sized_or_none(r.budget().headroom); },
          "limit - total; negative when it does not fit.")
      .def_property_readonly(
          "reason", [](const PyResult& r) { return smem_budget::render::reason(r.result); },
          "Why it does not fit or does not compile, in one sentence; empty when it fits.")
      .def_property_readonly(
          "notes", [](const PyResult& r) { return smem_budget::render::notes(r.result); },
          "Cautions: one-stage or stage-less SM100/SM103 kernels, SM90 automatic schedules, rules applied from "
          "another release.")
      .def_property_readonly(
          "bytes",
          [](const PyResult& r) {
            const py::dict d = result_dict(r.result);
            return d.contains("bytes") ? py::object(d["bytes"]) : py::none();
          },
          "Every part of the total, as the JSON output's 'bytes'; None when total is.")
      .def_property_readonly(
          "config",
          [](const PyResult& r) {
            return to_python(
                [&](smem_budget::io::JsonWriter& out) { smem_budget::io::write_config(out, r.result.config); });
          },
          "The configuration, normalised as the JSON output's 'config'.")
      .def("to_dict", &PyResult::to_dict, "The result object of `smem-budget --format json`, as a dict.")
      .def(
          "__eq__",
          [](const PyResult& r, const py::object& other) -> py::object {
            if (!py::isinstance<PyResult>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(r.to_dict().equal(other.cast<const PyResult&>().to_dict()));
          },
          "Equal when their JSON results are.")
      .def("__repr__", [](const PyResult& r) {
        const auto& b = r.budget();
        std::string text = "<smem_budget.Result " + smem_budget::io::format_tile(r.result.config.tile) + " " +
                           std::string(smem_budget::name_of(b.verdict));
        if (r.sized()) text += " total=" + std::to_string(b.total) + " stages=" + std::to_string(b.decision.stages);
        return text + ">";
      });

  // pybind11 makes its Results without tp_new (py::cast); a Result made by Result.__new__, or by
  // its base's __new__, would read as uninitialised memory, so the type's own tp_new refuses, and
  // Python refuses a base's __new__ for a type whose tp_new is not the base's.
  auto* result_type = reinterpret_cast<PyTypeObject*>(result_class.ptr());
  result_type->tp_new = [](PyTypeObject*, PyObject*, PyObject*) -> PyObject* {
    PyErr_SetString(PyExc_TypeError,
                    "smem_budget.Result is made by check(), check_many(), compare() and sweep(), not directly (nor "
                    "from a pickle of another version of smem_budget)");
    return nullptr;
  };
  PyType_Modified(result_type);
  // Pickling, which the package registers with copyreg: a Result's state, and a Result judged again from one.
  m.def("_result_state", &result_state, "What a Result is pickled as.");
  m.def("_result_from_state", &result_from_state, "A pickled Result judged again from its configuration.");

  static const std::string check_doc = R"doc(check(config=None, *, arch="sm120", device=0, **keys) -> Result

The budget of one configuration. `config` is a tile ("128x256x128", or "128x256x64B" with K in
bytes of A) or a dict of batch-file keys; keyword arguments ()doc" +
                                       keyword_list(61) + R"doc( add to it or
replace its keys. `kernel` names a kernel: a CUTLASS library name (the whole configuration but the
CUTLASS release) or a TensorRT-LLM tactic (CtaShape128x256x64B: the tile); other keys override it. `arch` is a built-in name
("sm120", "sm121", "sm90", "sm100", "sm103", "sm110", or a product name such as "h200"), "native" (this
machine's GPU number `device`) or an arch JSON file; left out with a CUTLASS kernel name, the name's.

Returns a Result: stages, max_fitting_stages, total, bytes, limit, headroom, verdict ('fits',
'exceeds-optin', 'rejected'), fits, reason, notes, config, and to_dict(), equal to the result
object of `smem-budget --format json`. Raises InputError (a ValueError) with the command line's
message on bad input.

>>> check("128x128x128", scaling="blockwise", scale_granularity="128x128x128", types="e4m3", c="bf16").total
80896)doc";
  m.def("check", &check, check_doc.c_str());
  m.def("fits", &fits, R"doc(fits(config=None, *, arch="sm120", device=0, **keys) -> bool

True when the configuration compiles and fits the GPU's opt-in limit (arguments as check()).)doc");
  m.def("check_many", &check_many,
        R"doc(check_many(configs, *, errors="raise", arch="sm120", device=0, **defaults) -> list[Result | InputError]

Budgets of many configurations: entries as in a batch file's "configs" (tile strings or dicts,
each may carry a "name"; (M, N, K) tuples too), with keyword arguments as the file's "defaults" under
them. An error names the entry: "configs[3].tile: ...". With errors="return" a bad entry's InputError
takes its place in the list instead of being raised (an autotuner's per-candidate answer).)doc",
        py::arg("configs"), py::kw_only(), py::arg("errors") = "raise");
  m.def("suggest", &suggest, R"doc(suggest(config=None, *, arch="sm120", device=0, **keys) -> list[dict]

The nearest configurations that fit, cheapest change first, for one that does not (empty when it
fits or nothing near it does): dicts with change, config, stages, total and headroom, as the JSON
output's "suggestions".)doc");
  m.def("sweep", &sweep, R"doc(sweep(*, arch="sm120", device=0, **keys) -> list[Result]

Every tile CUTLASS compiles for these keys (M, N multiples of 8 up to 256, K multiples of 64 up to
512; both schedules unless `schedule` is given), one Result each.)doc");
  m.def("arch", &arch_of, py::arg("name"), py::arg("device"));
  m.def("main", &run_cli, py::arg("args"),
        "Runs the smem-budget command line in this process with `args` (without the program name); returns its exit "
        "status.");
  m.def("cutlass_versions", &cutlass_versions);
  m.def("fits_of", &fits_of, py::arg("results"),
        "Whether each result fits, in one call; None for an InputError in a result's place.");
  m.def("check_gemm_configs", &check_gemm_configs, py::arg("texts"), py::arg("own"), py::kw_only(),
        py::arg("errors") = "raise",
        "trtllm.check_many of texts that differ only in their config, read and judged in one call.");
  m.def("gemm_config_misfits", &gemm_config_misfits, py::arg("texts"), py::arg("own"),
        "check_gemm_configs less what fits: (index, Result or InputError) of each text whose kernel does not fit or "
        "is not judged.");
  m.def("gemm_config_spellings", &gemm_config_spellings, py::arg("texts"),
        "trtllm.spelling of each text: its one CutlassGemmConfig's one-line spelling, or the InputError saying why "
        "it is not one config.");
  m.attr("__version__") = SMEM_BUDGET_VERSION;
}
