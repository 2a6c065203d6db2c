// Two-way merge sort: the Algorithm entry point over the plan (two_way_plan.h), the CPU model
// (two_way_model.h) and the kernels (two_way_gpu.h).
#include "two_way.h"

#include <stdexcept>

#include "merge_scratch.h"
#include "two_way_model.h"
#include "two_way_perf_model.h"
#include "two_way_plan.h"
#if SORTSCOPE_HAS_CUDA
#include "two_way_gpu.h"
#endif

namespace sortscope {
namespace {

class TwoWayMerge final : public Algorithm {
 public:
  std::string id() const override { return "merge"; }
  std::string title() const override { return "Two-way merge sort (merge path)"; }
  std::string baseline() const override { return "cub-merge"; }
  std::string citation() const override {
    return "Odeh, Green, Mwassi, Shmueli, Birk 2012 (merge path); Satish et al. 2010 §5.3 (GPU merge "
           "sort, partitioning long merges into independent chunks); ModernGPU's NT/VT block sort and "
           "merge; Leischner 2010 §5.3.3 (ranking-based stable merging)";
  }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> kSpecs = two_way_param_specs(true);
    return kSpecs;
  }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) const override {
    return two_way_params_as_run(params, type, with_values, n);
  }
  // The spec's fixed teaching values (block_sort_threads = 1) and VT following n.
  ParamValues teaching_params(uint64_t n, KeyType type, bool with_values, const ParamValues& given) const override {
    ParamValues v = Algorithm::teaching_params(n, type, with_values, given);
    v[kTwoWayKeysPerThread] = two_way_teaching_keys_per_thread(n);
    return v;
  }
  const std::vector<std::string>& pseudo_code() const override { return two_way_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(TwoWayStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    two_way_model_sort(make_two_way_plan(keys.size(), keys.type, keys.has_values(), params), keys, recorder);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }

  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    two_way_run_gpu(make_two_way_plan(keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("merge: this build has no CUDA kernels (built without nvcc)");
#endif
  }

  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool explain) const override {
    const TwoWayPlan plan = make_two_way_plan(n, type, with_values, params);
    return merge::dispatch_items(key_bytes(type), with_values, [&](auto traits) -> uint64_t {
      return merge::two_way_scratch<decltype(traits)>(plan, explain).layout.total_bytes();
    });
  }

  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    const bool transform = type != KeyType::U32 && type != KeyType::U64;
    return two_way_perf_model(make_two_way_plan(n, type, with_values, params), key_bytes(type), with_values, transform);
  }
};

}  // namespace

const Algorithm& two_way_merge_algorithm() {
  static const TwoWayMerge kAlgorithm;
  return kAlgorithm;
}

}  // namespace sortscope
