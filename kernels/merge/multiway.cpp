// Sorting by multiway merging: the Algorithm entry point over the plan (multiway_plan.h), the CPU
// model (multiway_model.h) and the kernels (multiway_gpu.h).
#include "multiway.h"

#include <stdexcept>

#include "merge_scratch.h"
#include "multiway_model.h"
#include "multiway_perf_model.h"
#include "multiway_plan.h"
#if SORTSCOPE_HAS_CUDA
#include "multiway_gpu.h"
#endif

namespace sortscope {
namespace {

class MultiwayMerge final : public Algorithm {
 public:
  std::string id() const override { return "multiway-merge"; }
  std::string title() const override { return "Multiway merge sort (multi-sequence selection)"; }
  std::string baseline() const override { return "cub-merge"; }
  std::string citation() const override {
    return "Leischner 2010 §5.1-5.4: multi-sequence selection (§5.2.1 Osipov's sequential selection, "
           "§5.2.2 multi-sequence quickselect, App. A), block-wise merging (§5.3.4, Alg. 4, App. B; after "
           "Inoue et al.), parallel ranking for the stable variant (§5.3.3), sorting by merging (§5.4)";
  }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> kSpecs = multiway_param_specs();
    return kSpecs;
  }
  ParamValues teaching_params(uint64_t n, KeyType type, bool with_values, const ParamValues& given) const override {
    ParamValues v = Algorithm::teaching_params(n, type, with_values, given);
    for (const auto& [name, value] : multiway_teaching_params(n, given)) v[name] = value;
    return v;
  }
  const std::vector<std::string>& pseudo_code() const override { return multiway_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(MultiwayStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    multiway_model_sort(make_multiway_plan(keys.size(), params), keys, recorder);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }

  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    multiway_run_gpu(make_multiway_plan(keys.n, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("multiway-merge: this build has no CUDA kernels (built without nvcc)");
#endif
  }

  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool explain) const override {
    const MultiwayPlan plan = make_multiway_plan(n, params);
    return merge::dispatch_items(key_bytes(type), with_values, [&](auto traits) -> uint64_t {
      return merge::multiway_sort_scratch<decltype(traits)>(plan, explain).layout.total_bytes();
    });
  }

  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    const bool transform = type != KeyType::U32 && type != KeyType::U64;
    return multiway_perf_model(make_multiway_plan(n, params), key_bytes(type), with_values, transform);
  }
};

}  // namespace

const Algorithm& multiway_merge_algorithm() {
  static const MultiwayMerge kAlgorithm;
  return kAlgorithm;
}

}  // namespace sortscope
