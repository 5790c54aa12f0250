// Runs smem-budget from the source tree's root and captures what it printed: run() calls the
// command line in this process, run_process() spawns the built executable (the few end-to-end
// checks of main(), the real streams and exit status, and bounded memory per process).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/app.hpp"

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

// The words a POSIX shell makes of `args`: split at blanks, with '…', "…" and backslash quoting.
// Anything else a shell would act on ($, `, redirections, globs, …) throws: such a call needs
// run_process().
inline std::vector<std::string> shell_words(const std::string& args) {
  const std::string needs_shell = "$`<>|;&(){}*?[]~#";
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;  // a quoted empty word ('') is still a word
  for (std::size_t i = 0; i < args.size(); ++i) {
    const char c = args[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const std::size_t close = args.find('\'', i + 1);
      if (close == std::string::npos) throw std::invalid_argument("unclosed ' in: " + args);
      word += args.substr(i + 1, close - i - 1);
      i = close;
    } else if (c == '"') {
      for (++i; i < args.size() && args[i] != '"'; ++i) {
        if (args[i] == '$' || args[i] == '`') throw std::invalid_argument("needs a shell (use run_process): " + args);
        if (args[i] == '\\' && i + 1 < args.size() && std::string("\"\\").find(args[i + 1]) != std::string::npos) ++i;
        word += args[i];
      }
      if (i == args.size()) throw std::invalid_argument("unclosed \" in: " + args);
    } else if (c == '\\') {
      if (++i == args.size()) throw std::invalid_argument("trailing \\ in: " + args);
      word += args[i];
    } else if (needs_shell.find(c) != std::string::npos) {
      throw std::invalid_argument("needs a shell (use run_process): " + args);
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

// Points a standard stream at another buffer until it goes out of scope.
class Redirect {
 public:
  Redirect(std::ios& stream, std::ios& to) : stream_(stream), saved_(stream.rdbuf(to.rdbuf())) {}
  Redirect(const Redirect&) = delete;
  Redirect& operator=(const Redirect&) = delete;
  ~Redirect() { stream_.rdbuf(saved_); }

 private:
  std::ios& stream_;
  std::streambuf* saved_;
};

// `args` as shell words; `stdin_text` is what the program reads on standard input. In this process:
// the command line reads std::cin and writes only std::cout and std::cerr (cli/app.cpp,
// cli/output.cpp, io/batch_file.cpp), so their buffers are swapped for strings for the call
// rather than threading streams through every subcommand. cli::run builds its CLI11 App anew each
// call, and src keeps no state between calls but Progress's start time, which matters only when
// standard error is a terminal: its lines then go to the terminal, never into `err`.
inline Run run(const std::string& args, const std::string& stdin_text = "") {
  std::filesystem::current_path(SMEM_BUDGET_SOURCE_DIR);  // relative paths name files of the source tree
  std::vector<std::string> words = shell_words(args);
  words.insert(words.begin(), "smem-budget");
  std::vector<const char*> argv;
  for (const std::string& w : words) argv.push_back(w.c_str());
  std::istringstream in(stdin_text);
  std::ostringstream out, err;
  Run r;
  {
    const Redirect from_in(std::cin, in), to_out(std::cout, out), to_err(std::cerr, err);
    r.status = smem_budget::cli::run(static_cast<int>(argv.size()), argv.data());
  }
  r.out = out.str();
  r.err = err.str();
  return r;
}

// End to end: the built executable in a shell, from the source root, its streams in files.
inline Run run_process(const std::string& args, const std::string& stdin_text = "") {
  const std::string in = temp_path("stdin"), out = temp_path("stdout"), err = temp_path("stderr");
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string command = "cd '" SMEM_BUDGET_SOURCE_DIR "' && '" SMEM_BUDGET_EXE "' " + args + " <'" + in + "' >'" +
                              out + "' 2>'" + err + "'";
  const int raw = std::system(command.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// The "results" of a run's JSON document.
inline nlohmann::json results_of(const Run& r) { return nlohmann::json::parse(r.out)["results"]; }
