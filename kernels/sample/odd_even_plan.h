#pragma once
// The launch plan of the standalone odd-even merge sort (Batcher 1968; Leischner 2010 §5.3.1),
// walked by the CPU model and the kernels: one shared-memory launch runs every layer whose
// comparators stay inside a tile (merge sizes 2p <= tile), then each remaining layer is one
// global launch. Unlike bitonic sort, a layer (p, k < p) pairs x with x + k across 2k-block
// boundaries, so the small strides of a large merge cannot be fused into tiles (README.md).
#include <cstdint>
#include <string>
#include <vector>

#include "common/param_spec.h"
#include "common/timeline.h"
#include "primitives/networks/odd_even_network.h"

namespace sortscope {

const std::vector<ParamSpec>& odd_even_params();

struct OddEvenPlan {
  uint64_t n = 0;
  uint64_t padded_n = 0;   // power of two >= n (0 for n = 0); comparators beyond n are dropped
  int log_n = 0;
  int threads = 256;
  uint64_t tile_keys = 0;  // min(tile, padded_n)
  int tile_layers = 0;     // the first tile_layers layers run in the shared-memory launch
  std::vector<OddEvenLayer> layers;
  // Launch of layer l: 0 for the tile sort, 1 + (l - tile_layers) for a global layer.
  int launch_of_layer(int l) const { return l < tile_layers ? 0 : 1 + (l - tile_layers); }
  std::string launch_name(int launch) const;
};

OddEvenPlan make_odd_even_plan(uint64_t n, const ParamValues& params);

// Step kinds (their values index the catalog; timeline.h: make_step).
enum class OddEvenStep { Input, Layer };
const std::vector<StepKind>& step_kinds_of(OddEvenStep);
const std::vector<std::string>& odd_even_pseudo_code();
// Step of layer l (kind "layer") and of the input (kind "input").
Step odd_even_layer_step(const OddEvenPlan& plan, int l);
Step odd_even_input_step(const OddEvenPlan& plan);

}  // namespace sortscope
