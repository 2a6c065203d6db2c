#include "library_baseline.h"

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

// std::stable_sort of the ordered words, values following their keys.
template <class Word>
void stable_sort_words(Word* words, uint32_t* values, uint64_t n) {
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
}

std::string input_caption(uint64_t n) { return "Input: " + std::to_string(n) + " keys as ordered bits"; }

}  // namespace

Step LibraryBaseline::make_step(int kind, std::string caption, bool on_gpu) const {
  Step s;
  s.kind = kind;
  s.caption = std::move(caption);
  s.pseudo_line = s_.step_kinds[size_t(kind)].pseudo_line;
  if (kind == 1 && on_gpu) {
    s.launch = 0;
    s.launch_name = s_.library + " (library call)";
  }
  return s;
}

void LibraryBaseline::run_model(const ParamValues&, HostKeys& keys, Recorder* recorder) const {
  const uint64_t n = keys.size();
  if (keys.has_values() && keys.values.size() != n)
    throw std::invalid_argument(s_.id + " model: values and keys differ in length");
  keys_to_ordered_host(keys.bytes.data(), n, keys.type);
  void* words = keys.bytes.data();
  uint32_t* values = keys.has_values() ? keys.values.data() : nullptr;
  if (recorder) {
    recorder->set_padded_n(n);
    recorder->record(make_step(0, input_caption(n), false), ArrayState{words, values, false, nullptr});
  }
  if (key_bytes(keys.type) == 4)
    stable_sort_words(keys.as<uint32_t>(), values, n);
  else
    stable_sort_words(keys.as<uint64_t>(), values, n);
  if (recorder)
    recorder->record(make_step(1, "Sorted by std::stable_sort, the CPU model of " + s_.library, false),
                     ArrayState{words, values, false, nullptr});
  keys_from_ordered_host(keys.bytes.data(), n, keys.type);
}

void LibraryBaseline::run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const {
#if SORTSCOPE_HAS_CUDA
  if (!s_.gpu_sort) throw std::logic_error(s_.id + ": no GPU call");
  const uint64_t n = keys.n;
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
  keys_to_ordered_device(keys.keys, n, keys.type, ctx.stream);
  Recorder* rec = ctx.recorder;
  if (rec) {
    rec->set_padded_n(n);
    rec->record(make_step(0, input_caption(n), true), ArrayState{keys.keys, keys.values, true, ctx.stream});
  }
  s_.gpu_sort(params, keys.keys, keys.values, n, key_bytes(keys.type), ctx.stream, *scratch);
  if (rec)
    rec->record(make_step(1, s_.library + "::" + s_.entry(params, keys.values != nullptr) + ": sorted in one library call",
                          true),
                ArrayState{keys.keys, keys.values, true, ctx.stream});
  keys_from_ordered_device(keys.keys, n, keys.type, ctx.stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(ctx.stream)));
#else
  (void)params; (void)keys; (void)ctx;
  throw std::logic_error(s_.id + ": this build has no CUDA kernels (built without nvcc)");
#endif
}

}  // namespace sortscope
