// Bitonic sort: the Algorithm entry point (parameters, pseudo-code, step catalog) over the shared
// launch plan (bitonic_plan.h), the CPU model (bitonic_model.h) and the kernels (bitonic_gpu.h).
#include "bitonic.h"

#include <stdexcept>

#include "bitonic_model.h"
#include "bitonic_perf_model.h"
#include "bitonic_plan.h"
#include "bitonic_scratch.h"
#if SORTSCOPE_HAS_CUDA
#include "bitonic_gpu.h"
#endif

namespace sortscope {
namespace {

class BitonicSort final : public Algorithm {
 public:
  std::string id() const override { return "bitonic"; }
  std::string title() const override { return "Bitonic sort"; }
  // a comparison sort: against CUB's comparison sort
  std::string baseline() const override { return "cub-merge"; }
  std::string citation() const override {
    return "Batcher 1968 (bitonic network); Leischner 2010 §5.3.1-5.3.2 (comparator networks on "
           "the GPU, blocked layout: small strides in fast memory, large ones in global memory); "
           "Satish et al. 2010 §5.3 (bitonic networks, shuffles and bank conflicts)";
  }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> kSpecs = bitonic_param_specs();
    return kSpecs;
  }
  const std::vector<std::string>& pseudo_code() const override { return bitonic_pseudo_code(); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(BitonicStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    bitonic_model_sort(make_bitonic_plan(keys.size(), params), keys, recorder);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }

  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    bitonic_run_gpu(make_bitonic_plan(keys.n, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("bitonic: this build has no CUDA kernels (built without nvcc)");
#endif
  }

  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool explain) const override {
    const BitonicPlan plan = make_bitonic_plan(n, params);
    const bool in_place = plan.padded_n == n;  // cudaMalloc'd keys are 16-byte aligned
    return key_bytes(type) == 4
               ? bitonic_scratch<uint32_t>(plan, with_values, in_place, explain, kBitonicCaptureBytes).layout.total_bytes()
               : bitonic_scratch<uint64_t>(plan, with_values, in_place, explain, kBitonicCaptureBytes).layout.total_bytes();
  }

  double bytes_moved(uint64_t n, KeyType type, bool with_values,
                     const ParamValues& params) const override {
    return bitonic_bytes_moved(make_bitonic_plan(n, params), type, with_values);
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    return bitonic_perf_model(make_bitonic_plan(n, params), type, with_values);
  }
};

}  // namespace

const Algorithm& bitonic_algorithm() {
  static const BitonicSort kBitonic;
  return kBitonic;
}

}  // namespace sortscope
