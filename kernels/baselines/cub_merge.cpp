// The cub-merge baseline: CUB's DeviceMergeSort (cub_merge.cu) behind the Algorithm interface. Its
// CPU model is std::stable_sort on the ordered bits: CUB's merge sort is stable in practice (both
// entry points run the same merge-path kernels), so the model's order is the one CUB produces.
#include "cub_merge.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/key_transform.h"
#if SORTSCOPE_HAS_CUDA
#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#endif

namespace sortscope {
namespace {

constexpr const char* kStable = "stable";

const std::vector<StepKind>& cub_step_kinds() {
  static const std::vector<StepKind> kKinds = {
      {"input", "Input: {n} keys as ordered bits", 0},
      {"sorted", "cub::DeviceMergeSort::{entry}: sorted in one library call (block sort, then merge-path passes)", 1},
  };
  return kKinds;
}

template <class Word>
void model_sort(HostKeys& keys, Recorder* recorder) {
  const uint64_t n = keys.size();
  Word* words = keys.as<Word>();
  uint32_t* values = keys.has_values() ? keys.values.data() : nullptr;
  auto record = [&](int kind, std::string caption) {
    Step step;
    step.kind = kind;
    step.caption = std::move(caption);
    step.pseudo_line = cub_step_kinds()[size_t(kind)].pseudo_line;
    recorder->record(std::move(step), ArrayState{words, values, false, nullptr});
  };
  if (recorder) {
    recorder->set_padded_n(n);
    record(0, "Input: " + std::to_string(n) + " keys as ordered bits");
  }
  std::vector<uint64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) { return words[a] < words[b]; });
  std::vector<Word> sorted(n);
  for (uint64_t i = 0; i < n; ++i) sorted[i] = words[order[i]];
  if (values) {
    std::vector<uint32_t> v(n);
    for (uint64_t i = 0; i < n; ++i) v[i] = values[order[i]];
    std::copy(v.begin(), v.end(), values);
  }
  std::copy(sorted.begin(), sorted.end(), words);
  if (recorder) record(1, "Sorted by std::stable_sort, the CPU model of cub::DeviceMergeSort");
}

class CubMerge final : public Algorithm {
 public:
  std::string id() const override { return "cub-merge"; }
  std::string title() const override { return "CUB merge sort (baseline)"; }
  std::string citation() const override {
    return "cub::DeviceMergeSort (CCCL): block sort, then merge-path passes (Green, Odeh, Birk "
           "2012; Satish et al. 2010 §5.3). The baseline of the merge sorts.";
  }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> kSpecs = {
        {kStable, 0, 0, 1, false, {"no", "yes"},
         "yes: StableSortKeys/StableSortPairs; no: SortKeys/SortPairs"},
    };
    return kSpecs;
  }
  const std::vector<std::string>& pseudo_code() const override {
    static const std::vector<std::string> kLines = {
        "keys <- ordered_bits(keys)",
        "cub::DeviceMergeSort::SortPairs(keys, values, n, less)   // or StableSort*",
        "keys <- native(keys)",
    };
    return kLines;
  }
  const std::vector<StepKind>& step_kinds() const override { return cub_step_kinds(); }

  void run_model(const ParamValues&, HostKeys& keys, Recorder* recorder) const override {
    if (keys.has_values() && keys.values.size() != keys.size())
      throw std::invalid_argument("cub-merge model: values and keys differ in length");
    keys_to_ordered_host(keys.bytes.data(), keys.size(), keys.type);
    if (key_bytes(keys.type) == 4)
      model_sort<uint32_t>(keys, recorder);
    else
      model_sort<uint64_t>(keys, recorder);
    keys_from_ordered_host(keys.bytes.data(), keys.size(), keys.type);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }

  void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    const bool stable = params.count(kStable) && params.at(kStable) != 0;
    const uint64_t n = keys.n;
    const int wb = key_bytes(keys.type);
    DeviceScratch local;
    DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
    keys_to_ordered_device(keys.keys, n, keys.type, ctx.stream);
    Recorder* rec = ctx.recorder;
    auto record = [&](int kind, std::string caption) {
      Step step;
      step.kind = kind;
      step.caption = std::move(caption);
      step.pseudo_line = cub_step_kinds()[size_t(kind)].pseudo_line;
      if (kind == 1) {
        step.launch = 0;
        step.launch_name = "cub::DeviceMergeSort (library call)";
      }
      rec->record(std::move(step), ArrayState{keys.keys, keys.values, true, ctx.stream});
    };
    if (rec) {
      rec->set_padded_n(n);
      record(0, "Input: " + std::to_string(n) + " keys as ordered bits");
    }
    cub_merge_sort_ordered(keys.keys, keys.values, n, wb, stable, ctx.stream, *scratch, 0);
    if (rec)
      record(1, std::string("cub::DeviceMergeSort::") + (stable ? "Stable" : "") +
                    (keys.values ? "SortPairs" : "SortKeys") + ": sorted in one library call");
    keys_from_ordered_device(keys.keys, n, keys.type, ctx.stream);
    if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
#else
    (void)params; (void)keys; (void)ctx;
    throw std::logic_error("cub-merge: this build has no CUDA kernels (built without nvcc)");
#endif
  }
  // bytes_moved: none; the runner counts one read and one write of every key and value.
};

}  // namespace

const Algorithm& cub_merge_algorithm() {
  static const CubMerge kAlgorithm;
  return kAlgorithm;
}

}  // namespace sortscope
