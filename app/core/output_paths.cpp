#include "output_paths.h"

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "common/output_file.h"

namespace sortscope {
namespace {

// The path with links in its existing part followed and "." / ".." removed; the text as given when
// the file system cannot say (then only identical texts match).
std::string resolved(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  return ec ? path : p.string();
}

bool one_file(const std::string& a, const std::string& b) { return resolved(a) == resolved(b) || same_file(a, b); }

}  // namespace

std::string check_distinct_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].path.empty()) continue;
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].path.empty() && one_file(outputs[i].path, outputs[j].path))
        return fmt::format("{} and {} name the same file '{}'; give each output its own path", outputs[j].option,
                           outputs[i].option, outputs[i].path);
    for (const NamedPath& in : inputs)
      if (!in.path.empty() && one_file(outputs[i].path, in.path))
        return fmt::format("{} '{}' is the {} file; writing it would replace what is being read (give another path)",
                           outputs[i].option, outputs[i].path, in.option);
  }
  return {};
}

void require_distinct_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  if (std::string e = check_distinct_paths(outputs, inputs); !e.empty()) throw std::runtime_error(e);
}

}  // namespace sortscope
