#pragma once
// The files a command names, checked together before any work: two outputs may not name one file
// (`bench --json X --csv X`, `gui --report X --screenshot X`: the second would replace the first),
// and no output may name an input (`trace --input k.npy --out k.npy`: the input would be lost).
// "One file" means the same path once links and "." / ".." are resolved, or the same existing
// file (a hard link), so `out.csv` and `./out.csv` are one.
#include <string>
#include <vector>

namespace sortscope {

struct NamedPath {
  std::string option;  // "--out", "--csv", as the user wrote it
  std::string path;    // empty: not given (skipped)
};

// "" when all is well, else one line naming both options and the path.
std::string check_distinct_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs = {});

// Throws std::runtime_error with that line.
void require_distinct_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs = {});

}  // namespace sortscope
