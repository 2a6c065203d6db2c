#pragma once
// An algorithm's analytic performance model, launch by launch: what each measure-mode kernel launch
// reads and writes and how many warp instructions it executes, as the algorithm's source paper
// counts them, and the time that predicts on a device. The rule is the roofline Satish et al. 2010
// reason with in §4.3.2, §4.4.2 and §5.3.2 (extract A.3): a launch takes the longer of its memory
// time (bytes / bandwidth) and its compute time (instructions / issue rate), so each launch is
// either memory bound or compute bound. Pure functions: no device is touched.
//
// Launch names and indices are those of the measure-mode run (Step::launch, Step::launch_name in
// timeline.h), so a launch's prediction stands beside its measured time.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope {

// What the model needs to know about a device.
struct DeviceFacts {
  double bandwidth_gbs = 0;  // device memory bandwidth, 10^9 B/s of reads + writes (a measured copy's)
  int sm_count = 0;          // streaming multiprocessors
  double clock_ghz = 0;      // the SMs' clock
  // Warp instructions one SM issues per clock: 4 from Maxwell on (four schedulers, one each); the
  // GT200 of Satish et al. issued one warp instruction every 4 cycles (0.25).
  double warp_ops_per_sm_clock = 4;
  std::string bandwidth_basis;  // where bandwidth_gbs came from: "measured copy", "theoretical peak", ...
  // The fixed costs no byte or instruction count shows, which decide small inputs (issue 32: at 2^16
  // the byte models said 105 G keys/s for sample sort, measured 0.30 G). Calibrated against the
  // measurements of docs/performance-history.md (H100 and H200, 2026-11-23..26; tests/unit/test_model_calibration.cpp):
  //   launch_us: a kernel launch that follows another on the stream, launch latency plus the ramp
  //     and tail of a nearly empty grid, as CUDA events between launches see it (the one-sweep's
  //     six launches take 46 us at 2^16 u32 keys on an H200: 7.6 us each);
  //   host_sync_us: a host round trip between launches, the host's share (a pageable copy of a few
  //     bytes to or from the device that waits for the stream, and the host's bookkeeping after it:
  //     sample sort reads its bucket sizes back after every pass).
  //   load_latency_us, threads_per_sm: a chain of dependent global loads (a binary search in
  //     device memory) costs a load's latency per step, and the device overlaps as many chains as
  //     it holds resident threads (Little's law): the binary-search merge's probes (Locicero's
  //     global passes) take 6.3 ms at 2^24 on an H100 with 0.95 ms of bytes.
  double launch_us = kDefaultLaunchUs;
  double host_sync_us = kDefaultHostSyncUs;
  double load_latency_us = kDefaultLoadLatencyUs;
  int threads_per_sm = 2048;
  static constexpr double kDefaultLaunchUs = 6.0;
  static constexpr double kDefaultHostSyncUs = 15.0;
  static constexpr double kDefaultLoadLatencyUs = 0.5;
  // Warp instructions the whole device issues per second.
  double warp_ops_per_s() const { return double(sm_count) * clock_ghz * 1e9 * warp_ops_per_sm_clock; }
};

// "" when the facts can predict a time (bandwidth, SMs and clock positive), else one line saying which is missing.
std::string check_device_facts(const DeviceFacts& facts);

// One kernel launch of the model.
struct LaunchModel {
  int launch = -1;       // index of the measure-mode launch (Step::launch)
  std::string name;      // its name (Step::launch_name)
  double bytes = 0;      // device memory read + written
  double warp_ops = 0;   // warp (32-lane SIMD) instructions; 0 where the source counts bytes only
  int kernels = 1;       // kernel launches this step stands for (level 2 of sample sort: several)
  int host_syncs = 0;    // host round trips that follow it before the next launch can be issued
  double serial_loads = 0;  // global loads that each wait for the one before (binary searches in
                            // device memory), summed over the launch's threads
};

struct PerfModel {
  std::string source;    // the paper section(s) the counts follow: "Satish et al. 2010 §4.4.2"
  // "" where the model is meant to be within 2x of a measurement on a Hopper GPU (checked against
  // recorded ones in tests/unit/test_model_calibration.cpp); else why it is not, for this n and
  // input: what the plots say instead of drawing the line.
  std::string not_valid;
  std::vector<LaunchModel> launches;
  bool empty() const { return launches.empty(); }
  double total_bytes() const;
  double total_warp_ops() const;
};

// The ordered-bits transform of signed and float keys (key_transform.h) as kernels of their own
// before and after a sort's launches: every key read and written once each, outside the plan's
// launches (index -1). Adds them to `model` around what it holds.
void add_ordered_bits_transforms(PerfModel& model, uint64_t n, int key_bytes);

// Latency: the launch's fixed costs (launches, host round trips) or its chains of dependent loads
// take longer than its bytes and instructions.
enum class ModelBound { Memory, Compute, Latency };
std::string_view bound_name(ModelBound b);  // "memory", "compute", "latency"

struct LaunchPrediction {
  double memory_ms = 0;   // bytes / bandwidth
  double compute_ms = 0;  // warp instructions / issue rate
  double latency_ms = 0;  // serial loads x load latency / the threads in flight
  double fixed_ms = 0;    // kernels x launch_us + host_syncs x host_sync_us
  double ms = 0;          // the longest of memory, compute and latency, plus the fixed costs
  ModelBound bound = ModelBound::Memory;
};

struct ModelPrediction {
  std::vector<LaunchPrediction> launches;  // one per PerfModel::launches, in order
  double total_ms = 0;                     // the sum of the launches (launches run one after another)
  // n / total: the keys per second the model predicts; 0 when the total is 0.
  double keys_per_s(uint64_t n) const { return total_ms > 0 ? double(n) / (total_ms * 1e-3) : 0; }
};

// Throws std::invalid_argument with check_device_facts' line when the facts cannot predict.
LaunchPrediction predict_launch(const LaunchModel& launch, const DeviceFacts& facts);
ModelPrediction predict(const PerfModel& model, const DeviceFacts& facts);

}  // namespace sortscope
