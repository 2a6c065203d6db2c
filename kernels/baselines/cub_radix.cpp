// The cub-radix baseline: CUB's DeviceRadixSort (cub_radix.cu) behind the Algorithm interface. Its
// CPU model is std::stable_sort on the ordered bits with one final step: an LSD radix sort is
// stable, so the model's order (values included) is exactly the one CUB produces.
#include "cub_radix.h"

#include <algorithm>
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

const std::vector<StepKind>& cub_radix_step_kinds() {
  static const std::vector<StepKind> kKinds = {
      {"input", "Input: the keys as ordered bits", 0},
      {"sorted", "cub::DeviceRadixSort: sorted in one library call (onesweep on sm_80+)", 1},
  };
  return kKinds;
}

Step make_step(int kind, std::string caption, bool on_gpu) {
  Step s;
  s.kind = kind;
  s.caption = std::move(caption);
  s.pseudo_line = cub_radix_step_kinds()[size_t(kind)].pseudo_line;
  if (kind == 1 && on_gpu) {
    s.launch = 0;
    s.launch_name = "cub::DeviceRadixSort (library call)";
  }
  return s;
}

template <class Word>
void model_sort(HostKeys& keys, Recorder* recorder) {
  const uint64_t n = keys.size();
  Word* words = keys.as<Word>();
  uint32_t* values = keys.has_values() ? keys.values.data() : nullptr;
  if (recorder) {
    recorder->set_padded_n(n);
    recorder->record(make_step(0, "Input: " + std::to_string(n) + " keys as ordered bits", false),
                     ArrayState{words, values, false, nullptr});
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
  if (recorder)
    recorder->record(make_step(1, "Sorted by std::stable_sort, the CPU model of cub::DeviceRadixSort", false),
                     ArrayState{words, values, false, nullptr});
}

class CubRadix final : public Algorithm {
 public:
  std::string id() const override { return "cub-radix"; }
  std::string title() const override { return "CUB radix sort (baseline)"; }
  std::string citation() const override {
    return "cub::DeviceRadixSort (CCCL): onesweep LSD radix sort (Adinets & Merrill 2022) on sm_80+; "
           "the baseline of the radix sorts.";
  }
  const std::vector<ParamSpec>& params() const override {
    static const std::vector<ParamSpec> kNone;
    return kNone;
  }
  const std::vector<std::string>& pseudo_code() const override {
    static const std::vector<std::string> kLines = {
        "keys <- ordered_bits(keys)            // a separate kernel for signed and float keys",
        "cub::DeviceRadixSort::SortPairs(DoubleBuffer(keys, alt), DoubleBuffer(values, alt), n, 0, bits)",
        "keys <- native(keys)",
    };
    return kLines;
  }
  const std::vector<StepKind>& step_kinds() const override { return cub_radix_step_kinds(); }

  void run_model(const ParamValues&, HostKeys& keys, Recorder* recorder) const override {
    keys_to_ordered_host(keys.bytes.data(), keys.size(), keys.type);
    if (key_bytes(keys.type) == 4)
      model_sort<uint32_t>(keys, recorder);
    else
      model_sort<uint64_t>(keys, recorder);
    keys_from_ordered_host(keys.bytes.data(), keys.size(), keys.type);
  }

  bool has_gpu() const override { return SORTSCOPE_HAS_CUDA != 0; }

  void run_gpu(const ParamValues&, DeviceKeys& keys, const GpuRunContext& ctx) const override {
#if SORTSCOPE_HAS_CUDA
    const uint64_t n = keys.n;
    DeviceScratch local;
    DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
    keys_to_ordered_device(keys.keys, n, keys.type, ctx.stream);
    Recorder* rec = ctx.recorder;
    if (rec) {
      rec->set_padded_n(n);
      rec->record(make_step(0, "Input: " + std::to_string(n) + " keys as ordered bits", true),
                  ArrayState{keys.keys, keys.values, true, ctx.stream});
    }
    cub_radix_sort_ordered(keys.keys, keys.values, n, key_bytes(keys.type), ctx.stream, *scratch);
    if (rec)
      rec->record(make_step(1, std::string("cub::DeviceRadixSort::") +
                                   (keys.values ? "SortPairs" : "SortKeys") + ": sorted in one library call",
                            true),
                  ArrayState{keys.keys, keys.values, true, ctx.stream});
    keys_from_ordered_device(keys.keys, n, keys.type, ctx.stream);
    if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(ctx.stream)));
#else
    (void)keys; (void)ctx;
    throw std::logic_error("cub-radix: this build has no CUDA kernels (built without nvcc)");
#endif
  }

  // CUB's onesweep on sm_80+: one read for all histograms, then per 8-bit place one read and one
  // write of keys and values; signed and float keys add the transform kernels (read + write, twice).
  double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues&) const override {
    const double kb = key_bytes(type), vb = with_values ? 4 : 0, passes = kb;  // 8 bits per place
    double bytes = double(n) * (kb + passes * (2 * kb + 2 * vb));
    if (type != KeyType::U32 && type != KeyType::U64) bytes += 4 * kb * double(n);
    return bytes;
  }
};

}  // namespace

const Algorithm& cub_radix_algorithm() {
  static const CubRadix kAlgorithm;
  return kAlgorithm;
}

}  // namespace sortscope
