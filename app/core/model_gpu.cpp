#include "model_gpu.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace sortscope {

namespace {

DeviceFacts facts(double gbs, int sms, double ghz, std::string basis) {
  DeviceFacts f;
  f.bandwidth_gbs = gbs;
  f.sm_count = sms;
  f.clock_ghz = ghz;
  f.warp_ops_per_sm_clock = 4;  // Hopper: four schedulers per SM
  f.bandwidth_basis = std::move(basis);
  return f;
}

}  // namespace

const std::vector<ModelGpu>& model_gpus() {
  // The H200's bandwidth is the device-to-device copy this project measured on one (4188-4246 GB/s,
  // docs/performance-history.md); the H100's is the SXM5 part's data-sheet peak, as no copy was measured.
  // The launch cost is an assumed 3 us a launch, the order of the gap between dependent launches
  // of short kernels on Hopper (a whole small sort's launches, docs/performance-history.md's merge rows).
  static const std::vector<ModelGpu> gpus = {
      {"h200", "NVIDIA H200", facts(4212, 132, 1.98, "copy bandwidth measured on an H200"), 3.0},
      {"h100", "NVIDIA H100", facts(3350, 132, 1.98, "theoretical peak of the H100 SXM5"), 3.0},
  };
  return gpus;
}

const ModelGpu& default_model_gpu() { return model_gpus().front(); }

const ModelGpu& find_model_gpu(const std::string& id) {
  std::string lower = id;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  std::string known;
  for (const ModelGpu& g : model_gpus()) {
    if (g.id == lower) return g;
    known += (known.empty() ? "" : ", ") + g.id;
  }
  throw std::runtime_error("--model-gpu '" + id + "': no model of that GPU (known: " + known + ")");
}

}  // namespace sortscope
