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

// Bytes a measure-mode run moves for keys in random order (Algorithm::bytes_moved). The tile launch
// reads and writes every key (and value) once. A global layer (layer_kernel, odd_even_gpu.cu) reads
// the two keys of each of its comparators and writes them (and reads and writes their values) only
// where it swaps. Layer (p, k < p) has p - k comparators in a block of 2p keys: the first and last k
// keys of the block are not read, whole 32-byte sectors of them (key_bytes x k >= 32) not fetched;
// layer (p, p) reads every key. On keys in random order a global layer swaps about n / 4 pairs
// (half its comparators; exactly n / 4 for k < p, by the CPU model's count on uniform keys:
// test_sample_model), so it writes about half the keys. Counting every key read and written in
// every layer, as before, put the fraction of the bound at 1.1-1.2 on an H200 (u64 keys,
// docs/PERFORMANCE.md). Sorted or nearly sorted input swaps less and writes less than this count.
double odd_even_bytes_moved(const OddEvenPlan& plan, uint32_t key_bytes, bool with_values);
// The keys a global layer (p, k) of a network over n keys reads, at 32-byte sectors of key_bytes keys
// in whole blocks of 2p keys, and its comparators (upper ends at or beyond n dropped).
double odd_even_layer_keys_read(uint64_t n, const OddEvenLayer& layer, uint32_t key_bytes);
uint64_t odd_even_layer_comparators(uint64_t n, const OddEvenLayer& layer);

// Step kinds (their values index the catalog; timeline.h: make_step).
enum class OddEvenStep { Input, Layer };
const std::vector<StepKind>& step_kinds_of(OddEvenStep);
const std::vector<std::string>& odd_even_pseudo_code();
// Step of layer l (kind "layer") and of the input (kind "input").
Step odd_even_layer_step(const OddEvenPlan& plan, int l);
Step odd_even_input_step(const OddEvenPlan& plan);

}  // namespace sortscope
