#pragma once
// The interface every sorting algorithm implements: its parameter spec, its pseudo-code and step
// catalog, a CPU model and (in CUDA builds) GPU kernels. Both take an optional Recorder: null is
// measure mode, set is explain mode - the same code runs in both. Register new algorithms in
// registry.cpp (one line).
#include <cstdint>
#include <string>
#include <vector>

#include "common/device_keys.h"
#include "common/host_keys.h"
#include "common/launch_clock.h"
#include "common/perf_model.h"
#include "common/param_spec.h"
#include "common/recorder.h"
#include "common/timeline.h"

namespace sortscope {

class DeviceScratch;
struct PieceSlots;

// Two copies of the input padded to a power of two (saturating): what a sort that pads and
// double-buffers needs. The runner's figure for the CPU models' host memory, and the scratch of
// an algorithm that does not report its own.
inline uint64_t default_scratch_estimate(uint64_t n, KeyType type, bool with_values) {
  const uint64_t elem = uint64_t(key_bytes(type)) + (with_values ? 4 : 0);
  unsigned __int128 padded = 1;
  while (padded < n) padded <<= 1;
  const unsigned __int128 bytes = padded * elem * 2;
  return bytes > UINT64_MAX ? UINT64_MAX : uint64_t(bytes);
}

struct GpuRunContext {
  GpuStream stream = nullptr;
  Recorder* recorder = nullptr;  // explain mode when set
  DeviceScratch* scratch = nullptr;  // reusable temporary memory (never allocate in the timed path)
  LaunchClock* clock = nullptr;  // per-launch times for explain mode's steps (measure mode only)
  // Pieces run instead of the built-in ones (common/piece_slots.h: the kernel lab, broken-piece
  // tests); null: every piece built in.
  const PieceSlots* slots = nullptr;
};

// Marks the start of measure-mode launch `launch` (Step::launch) on the context's clock: one line
// before each launch of a host driver; nothing without a clock, so the timed path pays one test.
// Launch -1 marks time outside every numbered launch (transforms, copies around the sort).
inline void mark_launch(LaunchClock* clock, int launch) {
  if (clock) clock->mark(launch);
}
inline void mark_launch(const GpuRunContext& ctx, int launch) { mark_launch(ctx.clock, launch); }

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual std::string id() const = 0;        // registry and CLI name: "bitonic"
  virtual std::string title() const = 0;     // "Bitonic sort"
  virtual std::string citation() const = 0;  // the paper section it follows
  // The library sort it is measured against in the same run ("cub-radix", "cub-merge"); empty for
  // the baselines themselves (DESIGN.md: every figure against something measured in the same run).
  virtual std::string baseline() const { return {}; }
  virtual const std::vector<ParamSpec>& params() const = 0;
  // The parameters as they run on this input: `params` (resolved, resolve_params) with every
  // `auto` replaced by the value the algorithm picks for the key type, values and size (its
  // built-in table, common/size_table.h). The scenario keeps `auto`; this is the "ran with" that
  // the CLI, the CSV and the app show beside it.
  virtual ParamValues params_as_run(const ParamValues& params, KeyType /*type*/, bool /*with_values*/,
                                    uint64_t /*n*/) const {
    return params;
  }
  // The values that explain an input of n keys at a lecture size (n <= kTeachingKeys), where the
  // defaults tuned for millions of keys skip the idea (one bucket, one tile, a 256-column histogram
  // of a few keys): each spec's teaching_value by default; a family whose phases depend on n more
  // finely (sample sort's bucket sizes) overrides it. `given` holds the values the user set (they
  // always win): a family whose teaching values depend on them adapts its choice so that the
  // combination runs and still shows every phase (onesweep's tile beside another value load).
  // Asked only through teaching_params.h, the one rule every entry point uses.
  virtual ParamValues teaching_params(uint64_t /*n*/, KeyType /*type*/, bool /*with_values*/,
                                      const ParamValues& /*given*/) const {
    ParamValues v;
    for (const ParamSpec& p : params())
      if (p.teaching_value) v[p.name] = *p.teaching_value;
    return v;
  }
  virtual const std::vector<std::string>& pseudo_code() const = 0;
  virtual const std::vector<StepKind>& step_kinds() const = 0;
  // "" when the algorithm handles this input, else why not.
  virtual std::string check_input(KeyType, bool /*with_values*/) const { return {}; }

  // CPU model: sorts `keys` in place (native keys; values follow their keys); records steps when
  // `recorder` is set. Produces the same steps and snapshots as the GPU path.
  virtual void run_model(const ParamValues& params, HostKeys& keys, Recorder* recorder) const = 0;

  virtual bool has_gpu() const = 0;
  // GPU: sorts `keys` in place on ctx.stream (native keys in device memory). CUDA builds only;
  // throws std::logic_error where has_gpu() is false.
  virtual void run_gpu(const ParamValues& params, DeviceKeys& keys, const GpuRunContext& ctx) const = 0;

  // Bytes of device scratch a GPU run of (n, type, values, params) carves from DeviceScratch
  // (explain: with the buffers explain mode adds), from the same plan code that lays the buffers
  // out (common/scratch_layout.h); the runner's memory check counts it before allocating. The
  // default, for an algorithm that does not describe its scratch, is default_scratch_estimate.
  // May throw where the plan refuses (n or parameters out of range).
  virtual uint64_t scratch_bytes(uint64_t n, KeyType type, bool with_values, const ParamValues& /*params*/,
                                 bool /*explain*/) const {
    return default_scratch_estimate(n, type, with_values);
  }

  // Bytes the algorithm's kernels must move through device memory at least (for the bandwidth
  // bound line and the fraction reached); 0 when no model is defined. By default the total of
  // perf_model's launches.
  virtual double bytes_moved(uint64_t n, KeyType type, bool with_values, const ParamValues& params) const {
    return perf_model(n, type, with_values, params).total_bytes();
  }

  // The analytic model of a GPU run of (n, type, values, params): its measure-mode launches with the
  // bytes and warp instructions the source paper counts (common/perf_model.h), in the order and
  // with the names of Step::launch / Step::launch_name. Empty where no source gives a model.
  virtual PerfModel perf_model(uint64_t /*n*/, KeyType /*type*/, bool /*with_values*/,
                               const ParamValues& /*params*/) const {
    return {};
  }
};

}  // namespace sortscope
