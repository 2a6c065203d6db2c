#include "perf_model.h"

#include <algorithm>
#include <stdexcept>

namespace sortscope {

std::string check_device_facts(const DeviceFacts& f) {
  if (!(f.bandwidth_gbs > 0)) return "no device bandwidth to predict memory time from";
  if (f.sm_count <= 0) return "no SM count to predict compute time from";
  if (!(f.clock_ghz > 0)) return "no SM clock to predict compute time from";
  if (!(f.warp_ops_per_sm_clock > 0)) return "no issue rate to predict compute time from";
  return {};
}

double PerfModel::total_bytes() const {
  double b = 0;
  for (const LaunchModel& l : launches) b += l.bytes;
  return b;
}

double PerfModel::total_warp_ops() const {
  double o = 0;
  for (const LaunchModel& l : launches) o += l.warp_ops;
  return o;
}

void add_ordered_bits_transforms(PerfModel& m, uint64_t n, int key_bytes) {
  const double bytes = 2.0 * double(n) * key_bytes;
  m.launches.insert(m.launches.begin(), LaunchModel{-1, "keys to ordered bits", bytes, 0});
  m.launches.push_back(LaunchModel{-1, "keys from ordered bits", bytes, 0});
}

std::string_view bound_name(ModelBound b) {
  return b == ModelBound::Memory ? "memory" : b == ModelBound::Compute ? "compute" : "latency";
}

LaunchPrediction predict_launch(const LaunchModel& l, const DeviceFacts& f) {
  if (auto e = check_device_facts(f); !e.empty()) throw std::invalid_argument(e);
  LaunchPrediction p;
  p.memory_ms = l.bytes / (f.bandwidth_gbs * 1e9) * 1e3;
  p.compute_ms = l.warp_ops / f.warp_ops_per_s() * 1e3;
  // Satish et al. 2010 A.3: cycles_step = max(ops * cycles_per_op / IPC, bytes / bandwidth); the
  // launch's fixed costs come on top (they do not overlap its own work: the grid starts after them).
  p.fixed_ms = (std::max(0.0, f.launch_us) * std::max(0, l.kernels) + std::max(0.0, f.host_sync_us) * std::max(0, l.host_syncs)) / 1e3;
  const double in_flight = double(f.sm_count) * std::max(1, f.threads_per_sm);
  p.latency_ms = l.serial_loads * std::max(0.0, f.load_latency_us) / in_flight / 1e3;
  const double work = std::max({p.compute_ms, p.memory_ms, p.latency_ms});
  p.bound = p.fixed_ms > work || (p.latency_ms > 0 && p.latency_ms == work) ? ModelBound::Latency
            : p.compute_ms > p.memory_ms              ? ModelBound::Compute
                                                      : ModelBound::Memory;
  p.ms = work + p.fixed_ms;
  return p;
}

ModelPrediction predict(const PerfModel& m, const DeviceFacts& f) {
  ModelPrediction out;
  for (const LaunchModel& l : m.launches) {
    out.launches.push_back(predict_launch(l, f));
    out.total_ms += out.launches.back().ms;
  }
  return out;
}

}  // namespace sortscope
