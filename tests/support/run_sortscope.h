#pragma once
// Runs the `sortscope` binary ($SORTSCOPE_BIN, set by CMake) as a person would, through the shell,
// and returns its exit status, stdout and stderr. For tests of the command line end to end.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sortscope::test {

struct CommandResult {
  int code = -1;  // the exit status; 128 + N when killed by signal N
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string read_whole(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// `env`: "NAME=value" assignments put before the command; `logs`: a folder for the captured streams.
inline CommandResult run_sortscope(const std::string& bin, const std::vector<std::string>& args,
                                   const std::filesystem::path& logs, const std::vector<std::string>& env = {}) {
  std::string cmd;
  for (const auto& e : env) cmd += e + " ";
  cmd += shell_quote(bin);
  for (const auto& a : args) cmd += " " + shell_quote(a);
  const std::filesystem::path out = logs / "stdout", err = logs / "stderr";
  cmd += " </dev/null >" + shell_quote(out.string()) + " 2>" + shell_quote(err.string());
  const int status = std::system(cmd.c_str());
  CommandResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_whole(out);
  r.err = read_whole(err);
  return r;
}

}  // namespace sortscope::test
