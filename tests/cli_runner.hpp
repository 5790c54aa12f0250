// Runs the built smem-budget from the source tree's root and captures what it printed.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

struct Run {
  int status = -1;  // the exit status; -1 when the process did not exit normally
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch file in the build tree, private to this test process.
inline std::string temp_path(const std::string& name) {
  return std::string(SMEM_BUDGET_TEST_TMP) + "/" + std::to_string(getpid()) + "-" + name;
}

// `args` are shell words; `stdin_text` is what the program reads on standard input.
inline Run run(const std::string& args, const std::string& stdin_text = "") {
  const std::string in = temp_path("stdin"), out = temp_path("stdout"), err = temp_path("stderr");
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string command = "cd '" SMEM_BUDGET_SOURCE_DIR "' && '" SMEM_BUDGET_EXE "' " + args + " <'" + in +
                              "' >'" + out + "' 2>'" + err + "'";
  const int raw = std::system(command.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// The "results" of a run's JSON document.
inline nlohmann::json results_of(const Run& r) { return nlohmann::json::parse(r.out)["results"]; }
