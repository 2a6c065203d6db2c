#include "recorder.h"

#include "run_cancel.h"

namespace sortscope {

void Recorder::record(Step step, const ArrayState& array) {
  throw_if_run_cancelled();  // the app stops an explain run at its next step (run_cancel.h)
  step_host_ms_.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - mark_).count());
  Timeline& t = timeline_;
  step.keys = t.store->add_keys(array.keys, t.n, t.padded_n, t.key_type, t.range, array.on_device,
                                array.stream);
  if (array.values && t.with_values)
    step.values = t.store->add_values(array.values, t.padded_n, array.on_device, array.stream);
  t.steps.push_back(std::move(step));
  mark_ = std::chrono::steady_clock::now();
  throw_if_run_cancelled();
}

Timeline make_timeline(std::string algorithm, KeyType type, uint64_t n, uint64_t padded_n,
                       bool with_values, bool on_gpu, DisplayRange range, uint64_t budget_bytes) {
  Timeline t;
  t.algorithm = std::move(algorithm);
  t.key_type = type;
  t.n = n;
  t.padded_n = padded_n;
  t.with_values = with_values;
  t.on_gpu = on_gpu;
  t.range = range;
  t.store = std::make_shared<CaptureStore>(budget_bytes);
  return t;
}

}  // namespace sortscope
