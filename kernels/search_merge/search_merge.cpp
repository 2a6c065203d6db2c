// Binary-search merge sort: the Algorithm entry over its plan and CPU model.
#include "search_merge.h"

#include <stdexcept>

#include "search_merge_gpu.h"
#include "search_merge_model.h"
#include "search_merge_perf_model.h"
#include "search_merge_plan.h"

namespace sortscope {
namespace {

class BinarySearchMergeSort final : public Algorithm {
 public:
  std::string id() const override { return "binary-search-merge"; }
  std::string title() const override { return "Binary-search merge sort (Locicero)"; }
  std::string citation() const override {
    return "Locicero, Parallel Sorting (OpenCL study): §2.3 (odd-even transposition), §2.4 (rank sort), §2.5 "
           "(local binary merge), §3 (global merging by binary search, full and half)";
  }
  std::string baseline() const override { return "cub-merge"; }
  const std::vector<ParamSpec>& params() const override { return search_merge_params(); }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) const override {
    return search_merge_params_as_run(params, type, with_values, n);
  }
  const std::vector<std::string>& pseudo_code() const override { return search_merge_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(SearchMergeStep{}); }
  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    search_merge_model_sort(make_search_merge_plan(keys.size(), keys.type, keys.has_values(), params), keys, recorder);
  }
  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    search_merge_sort_gpu(make_search_merge_plan(keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("binary-search-merge: this build has no CUDA kernels");
#endif
  }
  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool /*explain: its capture buffer is the capture's*/) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return search_merge_scratch(make_search_merge_plan(n, type, with_values, p)).layout.total_bytes();
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return search_merge_perf_model(make_search_merge_plan(n, type, with_values, p));
  }
};

}  // namespace

const Algorithm& binary_search_merge_algorithm() {
  static const BinarySearchMergeSort a;
  return a;
}

}  // namespace sortscope
