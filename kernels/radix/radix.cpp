#include "radix.h"

#include <optional>
#include <stdexcept>

#include "radix_model.h"
#include "radix_perf_model.h"
#include "radix_plan.h"
#include "radix_records.h"
#include "radix_scratch.h"
#include "radix_steps.h"
#if SORTSCOPE_HAS_CUDA
#include "radix_gpu.h"
#endif

namespace sortscope {
namespace {

class RadixAlgorithm : public Algorithm {
 public:
  explicit RadixAlgorithm(RadixVariant v) : v_(v) {}
  std::string id() const override { return v_ == RadixVariant::Onesweep ? "radix-onesweep" : "radix"; }
  std::string title() const override {
    return v_ == RadixVariant::Onesweep ? "LSD radix sort (onesweep)" : "LSD radix sort (reduce-then-scan)";
  }
  std::string baseline() const override { return "cub-radix"; }
  std::string citation() const override {
    return v_ == RadixVariant::Onesweep
               ? "Adinets & Merrill, Onesweep: A Faster Least Significant Digit Radix Sort for GPUs "
                 "(2022); decoupled look-back after Merrill & Garland (2016)"
               : "Merrill & Grimshaw, Revisiting Sorting for GPGPU Stream Architectures (2010), "
                 "§4.1-4.2 (reduce-then-scan, local multi-scan and two-phase scatter), §5 (single-CTA sort)";
  }
  const std::vector<ParamSpec>& params() const override {
    return v_ == RadixVariant::Onesweep ? radix_onesweep_params() : radix_rts_params();
  }
  ParamValues params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) const override {
    return radix_params_as_run(v_, params, type, with_values, n);
  }
  // The specs' fixed teaching values and the tile following n (radix_teaching_tile), both fitted to
  // what the user set (radix_lecture_tile_allowed).
  ParamValues teaching_params(uint64_t n, KeyType type, bool with_values, const ParamValues& given) const override {
    ParamValues v = Algorithm::teaching_params(n, type, with_values, given);
    const bool lecture_tile = radix_lecture_tile_allowed(v_, with_values, given);
    if (!lecture_tile && v_ == RadixVariant::Onesweep) v["digit_bits"] = 8;  // what other loads and shapes rank
    const RadixTileShape tile = radix_teaching_tile(n, lecture_tile);
    v["threads"] = tile.threads;
    v["keys_per_thread"] = tile.keys_per_thread;
    return v;
  }
  const std::vector<std::string>& pseudo_code() const override { return radix_pseudo_code(v_); }
  const std::vector<StepKind>& step_kinds() const override { return step_kinds_of(RadixStep{}); }

  void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const override {
    RadixPlan plan = make_radix_plan(v_, keys.size(), keys.type, keys.has_values(), params);
    std::optional<RadixStepWriter> writer;
    if (recorder) writer.emplace(plan, *recorder);
    radix_model_sort(plan, keys, writer ? &*writer : nullptr);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }
  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    radix_sort_gpu(make_radix_plan(v_, keys.n, keys.type, keys.values != nullptr, params), keys, ctx);
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error(id() + ": this build has no CUDA kernels");
#endif
  }

  uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& params,
                         bool /*explain: its capture buffers are the capture's, not scratch*/) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    const RadixPlan plan = make_radix_plan(v_, n, type, with_values, p);
    return plan.key_bits == 32 ? radix_scratch<uint32_t>(plan).layout.total_bytes()
                               : radix_scratch<uint64_t>(plan).layout.total_bytes();
  }

  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return radix_bytes_moved(make_radix_plan(v_, n, type, with_values, p));
  }
  PerfModel perf_model(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const override {
    ParamValues p = params;
    resolve_params(this->params(), p, id());
    return radix_perf_model(make_radix_plan(v_, n, type, with_values, p));
  }

 private:
  RadixVariant v_;
};

// radix-onesweep also carries records through its passes (fused_record_sort.h, radix_records.h).
class RadixOnesweepAlgorithm final : public RadixAlgorithm, public FusedRecordSort {
 public:
  RadixOnesweepAlgorithm() : RadixAlgorithm(RadixVariant::Onesweep) {}
  bool fuses(uint64_t n, KeyType key, const ParamValues& params) const override {
    return radix_fuses_records(make_radix_plan(RadixVariant::Onesweep, n, key, true, params));
  }
  void sort_records_gpu(uint64_t n, KeyType key, const ParamValues& params, const void* keys_in, void* keys_out,
                        uint32_t* perm, const RecordRows& rows, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    radix_sort_records_gpu(radix_fused_record_plan(n, key, params), keys_in, keys_out, perm, rows, ctx);
#else
    (void)n; (void)key; (void)params; (void)keys_in; (void)keys_out; (void)perm; (void)rows; (void)ctx;
    throw std::logic_error(id() + ": this build has no CUDA kernels");
#endif
  }
};

}  // namespace

const Algorithm& radix_algorithm() {
  static const RadixAlgorithm a(RadixVariant::ReduceThenScan);
  return a;
}
const Algorithm& radix_onesweep_algorithm() {
  static const RadixOnesweepAlgorithm a;
  return a;
}

}  // namespace sortscope
