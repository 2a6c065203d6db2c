// Sample sort, quicksort and the hybrid MSD radix sort: the Algorithm entries over one engine
// (sample_plan.h).
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

// Which entry: the thesis's two algorithms on the engine, and radix-hybrid (sample sort's engine with
// digit passes, README.md "radix-hybrid").
enum class SampleEntry { SampleSort, Quicksort, RadixHybrid };

class SampleEngineAlgorithm final : public Algorithm {
 public:
  explicit SampleEngineAlgorithm(SampleEntry e) : e_(e) {}
  std::string id() const override {
    return e_ == SampleEntry::SampleSort ? "sample-sort" : e_ == SampleEntry::Quicksort ? "quicksort" : "radix-hybrid";
  }
  std::string title() const override {
    return e_ == SampleEntry::SampleSort  ? "GPU sample sort"
           : e_ == SampleEntry::Quicksort ? "GPU quicksort (thread-block quicksort)"
                                          : "Hybrid MSD radix sort (Stehle & Jacobsen 2017)";
  }
  std::string citation() const override {
    switch (e_) {
      case SampleEntry::SampleSort:
        return "Leischner, Osipov & Sanders, GPU sample sort (IPDPS 2010); Leischner 2010 §6.1-6.4 "
               "(Algorithms 5-6, revised second level §6.3.2, counter replication §6.3.3)";
      case SampleEntry::Quicksort:
        return "Leischner 2010 App. C (Algorithm 7, CREW PRAM quicksort) after Cederman & Tsigas, "
               "GPU-Quicksort (2009): global pivot partitions, then one block per segment";
      default:
        return "Stehle & Jacobsen, A Memory Bandwidth-Efficient Hybrid Radix Sort on GPUs (SIGMOD 2017): MSD "
               "digit passes until a bucket fits one block, then a block sort; on the passes, count tables, "
               "local scatter and level 2 of Leischner 2010 §6";
    }
  }
  // Sample sort and the hybrid are what a user would pick instead of a radix sort; quicksort is a
  // comparison sort.
  std::string baseline() const override { return e_ == SampleEntry::Quicksort ? "cub-merge" : "cub-radix"; }
  const std::vector<ParamSpec>& params() const override {
    return e_ == SampleEntry::SampleSort  ? sample_sort_params()
           : e_ == SampleEntry::Quicksort ? quicksort_params()
                                          : radix_hybrid_params();
  }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values,
                            uint64_t n) const override {
    if (e_ == SampleEntry::SampleSort) return sample_sort_params_as_run(params, type, with_values, n);
    if (e_ == SampleEntry::RadixHybrid) return radix_hybrid_params_as_run(params, type, with_values, n);
    return params;
  }
  ParamValues teaching_params(uint64_t n, KeyType, bool, const ParamValues& given) const override {
    return e_ == SampleEntry::RadixHybrid ? radix_hybrid_teaching_params(n, given)
                                          : sample_teaching_params(engine(), n, given);
  }
  const std::vector<std::string>& pseudo_code() const override {
    return e_ == SampleEntry::RadixHybrid ? radix_hybrid_pseudo_code() : sample_pseudo_code(engine());
  }
  const std::vector<StepKind>& step_kinds() const override {
    return e_ == SampleEntry::RadixHybrid ? radix_hybrid_step_kinds() : sample_step_kinds(engine());
  }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    sample_model_sort(plan(keys.size(), keys.type, keys.has_values(), params), keys, recorder);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    sample_sort_gpu(plan(keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error(id() + ": this build has no CUDA kernels");
#endif
  }

  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return sample_bytes_moved(plan(n, type, with_values, p));
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return sample_perf_model(plan(n, type, with_values, p));
  }

 private:
  SampleEngine engine() const { return e_ == SampleEntry::Quicksort ? SampleEngine::Quicksort : SampleEngine::SampleSort; }
  SamplePlan plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const {
    return e_ == SampleEntry::RadixHybrid ? make_radix_hybrid_plan(n, type, with_values, params)
                                          : make_sample_plan(engine(), n, type, with_values, params);
  }
  SampleEntry e_;
};

}  // namespace

const Algorithm& sample_sort_algorithm() {
  static const SampleEngineAlgorithm a(SampleEntry::SampleSort);
  return a;
}
const Algorithm& quicksort_algorithm() {
  static const SampleEngineAlgorithm a(SampleEntry::Quicksort);
  return a;
}
const Algorithm& radix_hybrid_algorithm() {
  static const SampleEngineAlgorithm a(SampleEntry::RadixHybrid);
  return a;
}

}  // namespace sortscope
