// Sample sort and quicksort: the Algorithm entries over one engine (sample_plan.h).
#include <stdexcept>

#include "sample.h"
#include "sample_model.h"
#include "sample_perf_model.h"
#include "sample_plan.h"
#include "sample_steps.h"
#if SORTSCOPE_HAS_CUDA
#include "sample_gpu.h"
#endif

namespace sortscope {
namespace {

class SampleEngineAlgorithm final : public Algorithm {
 public:
  explicit SampleEngineAlgorithm(SampleEngine e) : e_(e) {}
  std::string id() const override { return e_ == SampleEngine::SampleSort ? "sample-sort" : "quicksort"; }
  std::string title() const override {
    return e_ == SampleEngine::SampleSort ? "GPU sample sort" : "GPU quicksort (thread-block quicksort)";
  }
  std::string citation() const override {
    return e_ == SampleEngine::SampleSort
               ? "Leischner, Osipov & Sanders, GPU sample sort (IPDPS 2010); Leischner 2010 §6.1-6.4 "
                 "(Algorithms 5-6, revised second level §6.3.2, counter replication §6.3.3)"
               : "Leischner 2010 App. C (Algorithm 7, CREW PRAM quicksort) after Cederman & Tsigas, "
                 "GPU-Quicksort (2009): global pivot partitions, then one block per segment";
  }
  // Sample sort is what a user would pick instead of a radix sort; quicksort is a comparison sort.
  std::string baseline() const override { return e_ == SampleEngine::SampleSort ? "cub-radix" : "cub-merge"; }
  const std::vector<ParamSpec>& params() const override {
    return e_ == SampleEngine::SampleSort ? sample_sort_params() : quicksort_params();
  }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values,
                            uint64_t n) const override {
    return e_ == SampleEngine::SampleSort ? sample_sort_params_as_run(params, type, with_values, n) : params;
  }
  ParamValues teaching_params(uint64_t n, KeyType, bool, const ParamValues& given) const override {
    return sample_teaching_params(e_, n, given);
  }
  const std::vector<std::string>& pseudo_code() const override { return sample_pseudo_code(e_); }
  const std::vector<StepKind>& step_kinds() const override { return sample_step_kinds(e_); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    sample_model_sort(make_sample_plan(e_, keys.size(), keys.type, keys.has_values(), params), keys, recorder);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    sample_sort_gpu(make_sample_plan(e_, keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error(id() + ": this build has no CUDA kernels");
#endif
  }

  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return sample_bytes_moved(make_sample_plan(e_, n, type, with_values, p));
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return sample_perf_model(make_sample_plan(e_, n, type, with_values, p));
  }

 private:
  SampleEngine e_;
};

}  // namespace

const Algorithm& sample_sort_algorithm() {
  static const SampleEngineAlgorithm a(SampleEngine::SampleSort);
  return a;
}
const Algorithm& quicksort_algorithm() {
  static const SampleEngineAlgorithm a(SampleEngine::Quicksort);
  return a;
}

}  // namespace sortscope
