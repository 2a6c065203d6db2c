// Odd-even merge sort: the Algorithm entry over its plan (odd_even_plan.h), model and kernels.
#include <stdexcept>

#include "odd_even_model.h"
#include "odd_even_plan.h"
#include "sample.h"
#if SORTSCOPE_HAS_CUDA
#include "sample_gpu.h"
#endif

namespace sortscope {
namespace {

class OddEvenMergeSort final : public Algorithm {
 public:
  std::string id() const override { return "odd-even-merge"; }
  std::string title() const override { return "Odd-even merge sort (Batcher)"; }
  std::string citation() const override {
    return "Batcher 1968 (odd-even merge sort network); Leischner 2010 §5.3.1 (comparator networks), "
           "§6.2 (the base case of GPU sample sort)";
  }
  std::string baseline() const override { return "cub-merge"; }
  const std::vector<ParamSpec>& params() const override { return odd_even_params(); }
  const std::vector<std::string>& pseudo_code() const override { return odd_even_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(OddEvenStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    odd_even_model_sort(make_odd_even_plan(keys.size(), params), keys, recorder);
  }
  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    odd_even_sort_gpu(make_odd_even_plan(keys.n, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("odd-even-merge: this build has no CUDA kernels");
#endif
  }
  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    return odd_even_bytes_moved(make_odd_even_plan(n, params), key_bytes(type), with_values);
  }
};

}  // namespace

const Algorithm& odd_even_merge_algorithm() {
  static const OddEvenMergeSort a;
  return a;
}

}  // namespace sortscope
