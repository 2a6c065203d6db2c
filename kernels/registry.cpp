#include "registry.h"

#include "baselines/cub_merge.h"
#include "baselines/cub_radix.h"
#include "bitonic/bitonic.h"
#include "distributed/distributed.h"
#include "merge/multiway.h"
#include "merge/two_way.h"
#include "network_merge/network_merge.h"
#include "radix/radix.h"
#include "sample/sample.h"
#include "search_merge/search_merge.h"
#include "split_radix/split_radix.h"

namespace sortscope {

const std::vector<const Algorithm*>& all_algorithms() {
  static const std::vector<const Algorithm*> kAlgorithms = {
      &bitonic_algorithm(),
      &two_way_merge_algorithm(),
      &multiway_merge_algorithm(),
      &binary_search_merge_algorithm(),
      &network_merge_algorithm(),
      &cub_merge_algorithm(),
      &radix_algorithm(),
      &radix_onesweep_algorithm(),
      &split_radix_algorithm(),
      &cub_radix_algorithm(),
      &sample_sort_algorithm(),
      &quicksort_algorithm(),
      &odd_even_merge_algorithm(),
      &distributed_sample_sort_algorithm(),
      &distributed_merge_algorithm(),
      &distributed_radix_algorithm(),
  };
  return kAlgorithms;
}

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
