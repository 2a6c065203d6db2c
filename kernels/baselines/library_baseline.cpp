#include "library_baseline.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/ordered_model.h"
#include "common/run_cancel.h"
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
  // 2^24 keys take seconds: the app's cancel looks every few thousand comparisons (common/run_cancel.h).
  RunCancelPoll poll;
  std::stable_sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) {
    poll.tick();
    return words[a] < words[b];
  });
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

void LibraryBaseline::run_model(const ParamValues&, HostKeys& keys, Recorder* recorder) const {
  const uint64_t n = keys.size();
  sort_as_ordered_bits(s_.id.c_str(), n, keys, [&](auto word, auto /*values*/) {
    auto* words = keys.as<decltype(word)>();
    uint32_t* values = keys.has_values() ? keys.values.data() : nullptr;
    if (recorder) {
      recorder->set_padded_n(n);
      recorder->record(make_step(s_.step_kinds, LibraryStep::Input, input_caption(n)),
                       ArrayState{words, values, false, nullptr});
    }
    stable_sort_words(words, values, n);
    if (recorder)
      recorder->record(make_step(s_.step_kinds, LibraryStep::Sorted,
                                 "Sorted by std::stable_sort, the CPU model of " + s_.library),
                       ArrayState{words, values, false, nullptr});
  });
}

void LibraryBaseline::run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const {
#if SORTSCOPE_HAS_CUDA
  if (!s_.gpu_sort) throw std::logic_error(s_.id + ": no GPU call");
  const uint64_t n = keys.n;
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
  mark_launch(ctx, -1);  // the ordered-bits transforms lie outside the library's launch 0
  keys_to_ordered_device(keys.keys, n, keys.type, ctx.stream);
  Recorder* rec = ctx.recorder;
  if (rec) {
    rec->set_padded_n(n);
    rec->record(make_step(s_.step_kinds, LibraryStep::Input, input_caption(n)),
                ArrayState{keys.keys, keys.values, true, ctx.stream});
  }
  mark_launch(ctx, 0);
  s_.gpu_sort(params, keys.keys, keys.values, n, key_bytes(keys.type), ctx.stream, *scratch);
  mark_launch(ctx, -1);
  if (rec)
    rec->record(make_step(s_.step_kinds, LibraryStep::Sorted,
                          s_.library + "::" + s_.entry(params, keys.values != nullptr) + ": sorted in one library call",
                          0, s_.library + " (library call)"),
                ArrayState{keys.keys, keys.values, true, ctx.stream});
  keys_from_ordered_device(keys.keys, n, keys.type, ctx.stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(ctx.stream)));
#else
  (void)params; (void)keys; (void)ctx;
  throw std::logic_error(s_.id + ": this build has no CUDA kernels (built without nvcc)");
#endif
}

}  // namespace sortscope
