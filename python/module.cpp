// smem_budget._core: the model and the command line's own parsing, called from Python. Every
// byte comes from the header-only model and every message from the CLI's parsers, so Python and
// the CLI cannot disagree. The friendly signatures live in smem_budget/__init__.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "evaluation.hpp"
#include "io/arch_file.hpp"
#include "io/batch_file.hpp"
#include "io/parse.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"
#include "report.hpp"
#include "smem_budget/suggest.hpp"
#include "smem_budget/sweep.hpp"

namespace py = pybind11;
using smem_budget::Architecture;
using smem_budget::Result;
using smem_budget::io::InputError;
using smem_budget::io::Setting;
using smem_budget::io::Settings;

namespace {

nlohmann::json to_json(py::handle value) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) return value.cast<long long>();
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) object[py::str(key).cast<std::string>()] = to_json(item);
    return object;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    nlohmann::json array = nlohmann::json::array();
    for (py::handle item : value) array.push_back(to_json(item));
    return array;
  }
  throw InputError(std::string("cannot read a value of Python type ") + py::str(value.get_type().attr("__name__")).cast<std::string>());
}

py::object to_python(const nlohmann::ordered_json& j) {
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::null: return py::none();
    case nlohmann::ordered_json::value_t::boolean: return py::bool_(j.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer: return py::int_(j.get<long long>());
    case nlohmann::ordered_json::value_t::number_unsigned: return py::int_(j.get<unsigned long long>());
    case nlohmann::ordered_json::value_t::number_float: return py::float_(j.get<double>());
    case nlohmann::ordered_json::value_t::string: return py::str(j.get<std::string>());
    case nlohmann::ordered_json::value_t::array: {
      py::list list;
      for (const auto& item : j) list.append(to_python(item));
      return list;
    }
    default: {
      py::dict dict;
      for (const auto& [key, item] : j.items()) dict[py::str(key)] = to_python(item);
      return dict;
    }
  }
}

// Keyword arguments as settings, each checked as the CLI checks a flag; a key names itself in messages.
Settings settings_of(const py::dict& keys) {
  Settings settings;
  for (const auto& [key, value] : keys) {
    const std::string name = py::str(key).cast<std::string>();
    const nlohmann::json json = to_json(value);
    smem_budget::io::check_setting(name, json, name);
    settings[name] = Setting{json, name};
  }
  return settings;
}

// One result and the architecture it was judged on; what Python sees as smem_budget.Result.
struct PyResult {
  Result result;
  Architecture arch;
  const smem_budget::Budget& budget() const { return result.budget; }
  bool sized() const { return budget().verdict != smem_budget::Verdict::rejected; }
  py::object sized_or_none(long long value) const { return sized() ? py::object(py::int_(value)) : py::none(); }
  py::dict to_dict() const { return to_python(smem_budget::render::result_json(result)); }
};

PyResult check(const py::dict& keys, const std::string& arch, int device, const std::string& name) {
  const Architecture a = smem_budget::modelled_architecture(arch, "arch", device);
  Settings settings = settings_of(keys);
  if (!settings.contains("tile")) throw InputError("tile: required (a tile \"MxNxK\", or a configuration with \"tile\")");
  return {smem_budget::evaluate_entry(name, settings, a, "options"), a};
}

// Entries as in a batch file, with `defaults` under them; the arch given here, else the default.
std::vector<PyResult> check_many(const py::list& configs, const py::dict& defaults, const std::string& arch, int device) {
  const nlohmann::json doc{{"defaults", to_json(defaults)}, {"configs", to_json(configs)}};
  const smem_budget::io::BatchFile batch = smem_budget::io::parse_batch(doc.dump(), "configs");
  const Architecture a = smem_budget::modelled_architecture(arch, "arch", device);
  std::vector<PyResult> out;
  out.reserve(batch.entries.size());
  for (const auto& entry : batch.entries) {
    Settings settings = batch.defaults;
    for (const auto& [key, setting] : entry.settings) settings[key] = setting;
    out.push_back({smem_budget::evaluate_entry(entry.name, settings, a, entry.origin), a});
  }
  return out;
}

py::list suggest(const py::dict& keys, const std::string& arch, int device) {
  PyResult r = check(keys, arch, device, "");
  r.result.suggestions = smem_budget::suggest(r.result.config, r.arch.limits);
  const auto j = smem_budget::render::result_json(r.result);
  return j.contains("suggestions") ? to_python(j["suggestions"]).cast<py::list>() : py::list();
}

std::vector<PyResult> sweep(const py::dict& keys, const std::string& arch, int device) {
  Settings settings = settings_of(keys);
  if (settings.contains("tile")) throw InputError("tile: a sweep makes the tiles itself; leave tile out");
  settings["tile"] = Setting{"128x128x128", "sweep"};  // each tile of the space replaces it
  const smem_budget::Config base = smem_budget::io::to_config(settings);
  const Architecture a = smem_budget::modelled_architecture(arch, "arch", device);
  if (const auto error = smem_budget::invalid_input(base, a.limits)) throw InputError("options: " + std::string(*error));
  std::vector<smem_budget::Schedule> schedules{smem_budget::Schedule::cooperative, smem_budget::Schedule::pingpong};
  if (settings.contains("schedule")) schedules = {base.schedule};
  std::vector<PyResult> out;
  for (const auto& point : smem_budget::sweep(base, a.limits, schedules)) out.push_back({{"", point.config, point.budget, {}}, a});
  return out;
}

py::dict arch_of(const std::string& name, int device) {
  return to_python(smem_budget::render::arch_json(smem_budget::io::resolve_arch(name, "arch", device)));
}

std::vector<std::string> cutlass_versions() {
  std::vector<std::string> out;
  for (const auto& v : smem_budget::known_releases) out.push_back(smem_budget::io::format_version(v));
  return out;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The compiled core of smem_budget; use the functions of the smem_budget package.";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);

  py::class_<PyResult>(m, "Result", "One configuration's shared-memory budget, as `smem-budget --format json` reports it.")
      .def_property_readonly("name", [](const PyResult& r) { return r.result.name; })
      .def_property_readonly("verdict", [](const PyResult& r) { return std::string(smem_budget::name_of(r.budget().verdict)); },
                             "'fits', 'exceeds-optin' or 'rejected' (CUTLASS does not compile it).")
      .def_property_readonly("fits", [](const PyResult& r) { return r.budget().verdict == smem_budget::Verdict::fits; })
      .def_property_readonly("stages", [](const PyResult& r) {
        return r.budget().has_stages ? py::object(py::int_(r.budget().decision.stages)) : py::none();
      }, "The stage count the kernel is built with (sparse: A's), or None when CUTLASS refuses it before one exists.")
      .def_property_readonly("max_fitting_stages", [](const PyResult& r) {
        return r.sized() && r.budget().max_fitting_stages ? py::object(py::int_(*r.budget().max_fitting_stages)) : py::none();
      }, "The largest StageCount<S>, S >= 2, that fits; None if none does (or for sparse kernels).")
      .def_property_readonly("total", [](const PyResult& r) { return r.sized_or_none(r.budget().total); },
                             "GemmKernel::SharedStorageSize in bytes; None when rejected.")
      .def_property_readonly("limit", [](const PyResult& r) { return r.sized_or_none(r.budget().limit); })
      .def_property_readonly("headroom", [](const PyResult& r) { return r.sized_or_none(r.budget().headroom); },
                             "limit - total; negative when it does not fit.")
      .def_property_readonly("reason", [](const PyResult& r) { return smem_budget::reason(r.result); },
                             "Why it does not fit or does not compile, in one sentence; empty when it fits.")
      .def_property_readonly("notes", [](const PyResult&) { return py::list(); }, "Cautions (none yet).")
      .def_property_readonly("bytes", [](const PyResult& r) {
        const auto j = smem_budget::render::result_json(r.result);
        return j.contains("bytes") ? to_python(j["bytes"]) : py::none();
      }, "Every part of the total, as the JSON output's 'bytes'; None when rejected.")
      .def_property_readonly("config", [](const PyResult& r) { return to_python(smem_budget::io::config_to_json(r.result.config)); },
                             "The configuration, normalised as the JSON output's 'config'.")
      .def("to_dict", &PyResult::to_dict, "The result object of `smem-budget --format json`, as a dict.")
      .def("__repr__", [](const PyResult& r) {
        const auto& b = r.budget();
        std::string text = "<smem_budget.Result " + smem_budget::io::format_tile(r.result.config.tile) + " " +
                           std::string(smem_budget::name_of(b.verdict));
        if (r.sized()) text += " total=" + std::to_string(b.total) + " stages=" + std::to_string(b.decision.stages);
        return text + ">";
      });

  m.def("check", &check, py::arg("keys"), py::arg("arch"), py::arg("device"), py::arg("name"));
  m.def("check_many", &check_many, py::arg("configs"), py::arg("defaults"), py::arg("arch"), py::arg("device"));
  m.def("suggest", &suggest, py::arg("keys"), py::arg("arch"), py::arg("device"));
  m.def("sweep", &sweep, py::arg("keys"), py::arg("arch"), py::arg("device"));
  m.def("arch", &arch_of, py::arg("name"), py::arg("device"));
  m.def("cutlass_versions", &cutlass_versions);
  m.attr("__version__") = SMEM_BUDGET_VERSION;
}
