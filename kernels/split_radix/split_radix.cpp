// Split radix sort: the Algorithm entry over its plan, model and kernels.
#include "split_radix.h"

#include <optional>
#include <stdexcept>

#include "split_radix_model.h"
#include "split_radix_perf_model.h"
#include "split_radix_plan.h"
#include "split_radix_scratch.h"
#include "split_radix_steps.h"
#if SORTSCOPE_HAS_CUDA
#include "split_radix_gpu.h"
#endif


namespace sortscope {
namespace {

class SplitRadixSort final : public Algorithm {
 public:
  std::string id() const override { return "split-radix"; }
  std::string title() const override { return "Split radix sort (one-bit splits in shared memory)"; }
  std::string citation() const override {
    return "Satish, Kim, Chhugani et al., Fast Sort on CPUs and GPUs (SIGMOD 2010), §4.2.2 and §4.4 "
           "(after Satish, Harris & Garland, IPDPS 2009)";
  }
  std::string baseline() const override { return "cub-radix"; }
  const std::vector<ParamSpec>& params() const override { return split_radix_params(); }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t) const override {
    return split_radix_params_as_run(params, type, with_values);
  }
  // The specs' fixed teaching values (4-bit digits) and the tile following n (split_radix_teaching_tile).
  ParamValues teaching_params(uint64_t n, KeyType type, bool with_values, const ParamValues& given) const override {
    ParamValues v = Algorithm::teaching_params(n, type, with_values, given);
    const SplitRadixTile tile = split_radix_teaching_tile(n);
    v["threads"] = tile.threads;
    v["keys_per_thread"] = tile.keys_per_thread;
    return v;
  }
  const std::vector<std::string>& pseudo_code() const override { return split_radix_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(SplitRadixStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    const SplitRadixPlan plan = make_split_radix_plan(keys.size(), keys.type, keys.has_values(), params);
    std::optional<SplitRadixStepWriter> writer;
    if (recorder) writer.emplace(plan, *recorder);
    split_radix_model_sort(plan, keys, writer ? &*writer : nullptr);
  }
  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    split_radix_sort_gpu(make_split_radix_plan(keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("split-radix: this build has no CUDA kernels");
#endif
  }
  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool /*explain: its capture buffers are the capture's*/) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    const SplitRadixPlan plan = make_split_radix_plan(n, type, with_values, p);
    return plan.key_bits == 32 ? split_radix_scratch<uint32_t>(plan).layout.total_bytes()
                               : split_radix_scratch<uint64_t>(plan).layout.total_bytes();
  }
  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return split_radix_bytes_moved(make_split_radix_plan(n, type, with_values, p));
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return split_radix_perf_model(make_split_radix_plan(n, type, with_values, p));
  }
};

}  // namespace

const Algorithm& split_radix_algorithm() {
  static const SplitRadixSort a;
  return a;
}

}  // namespace sortscope
