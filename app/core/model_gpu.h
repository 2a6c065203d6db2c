#pragma once
// The named GPUs an analytic model (common/perf_model.h) can be evaluated for where no GPU ran:
// a race on a laptop without CUDA is timed by each algorithm's model for one of these (issue 29,
// "Races that teach the right thing"), labelled "modelled for NVIDIA H200", never by the CPU
// model's host times.
#include <string>
#include <vector>

#include "common/perf_model.h"

namespace sortscope {

struct ModelGpu {
  std::string id;     // "h200": what --model-gpu takes
  std::string name;   // "NVIDIA H200"
  DeviceFacts facts;  // bandwidth (with its basis), SMs, clock
  // What every kernel launch costs besides its bytes and instructions: the gap between dependent
  // launches in a stream. The roofline of perf_model.h leaves it out, which is right at 2^24 keys
  // and absurd at lecture sizes (a 1024-key sort "at 500 G keys/s"), where launches are the time.
  double launch_us = 0;
};

// The GPUs known by name, the default first.
const std::vector<ModelGpu>& model_gpus();
const ModelGpu& default_model_gpu();
// The GPU named `id` (case-insensitive, "H100" or "h100"); throws std::runtime_error with one line
// listing the known names otherwise.
const ModelGpu& find_model_gpu(const std::string& id);

}  // namespace sortscope
