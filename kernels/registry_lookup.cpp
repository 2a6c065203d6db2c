#include "registry.h"

namespace sortscope {

const Algorithm* find_algorithm(std::string_view id) {
  for (const Algorithm* a : all_algorithms())
    if (a->id() == id) return a;
  return nullptr;
}

const std::vector<ParamSpec>* algorithm_params(std::string_view id) {
  const Algorithm* a = find_algorithm(id);
  return a ? &a->params() : nullptr;
}

std::string algorithm_names() {
  std::string s;
  for (const Algorithm* a : all_algorithms()) s += (s.empty() ? "" : ", ") + a->id();
  return s;
}

bool built_with_cuda() {
#if SORTSCOPE_HAS_CUDA
  return true;
#else
  return false;
#endif
}

}  // namespace sortscope
