#pragma once
// The launch plan of bitonic sort for n keys and a tile of T keys: the list of comparator layers
// and which kernel launch runs which of them. The CPU model and the GPU path both walk this one
// plan, so their steps (captions, launch indices and names, aux) cannot drift apart.
//
// Formulation (README.md): N = n rounded up to a power of two, positions >= n hold max-valued
// sentinels, and the network is primitives/networks/bitonic_network.h's (its BitonicLayer) for
// merge sizes k = 2, 4, ..., N. Every comparator swaps only when the lower key is strictly greater.
#include <cstdint>
#include <string>
#include <vector>

#include "common/param_spec.h"
#include "common/timeline.h"
#include "primitives/networks/bitonic_network.h"

namespace sortscope {

enum class BitonicLaunchKind {
  TileSort,      // shared memory: every layer with k <= tile, fused
  GlobalLayers,  // 1..global_layers consecutive layers whose partners lie in other tiles, in
                 // registers straight from and to global memory
  TileMerge,     // shared memory: the strides < tile of one merge size, fused
};

struct BitonicLaunch {
  BitonicLaunchKind kind = BitonicLaunchKind::TileSort;
  int first_layer = 0;   // index into BitonicPlan::layers
  int layer_count = 0;
  uint64_t block_keys = 0;  // keys one thread block owns (BlockOwnership::tile_keys)
  std::string name;         // Step::launch_name
};

struct BitonicPlan {
  uint64_t n = 0;
  uint64_t padded_n = 0;      // N: power of two >= n (0 for n = 0)
  int threads = 0;
  int keys_per_thread = 0;
  int global_layers = 0;      // layers fused per global launch (1..kBitonicMaxGlobalLayers)
  uint64_t tile_keys = 0;     // keys per tile in the shared-memory kernels: min(T, N)
  std::vector<BitonicLayer> layers;
  std::vector<BitonicLaunch> launches;
};

// Parameter names and their defaults, shared by bitonic.cpp and the plan.
inline constexpr const char* kBitonicThreads = "threads";
inline constexpr const char* kBitonicKeysPerThread = "keys_per_thread";
inline constexpr const char* kBitonicGlobalLayers = "global_layers";
// Defaults measured on Hopper (H200, 2^24 u32 keys): 128 x 16 (tile 2048, strides up to 256 by
// warp shuffles) beat 256 x 8, 256 x 16, 512 x 8 and 1024 x 8 (see README.md).
inline constexpr int kBitonicDefaultThreads = 128;
inline constexpr int kBitonicDefaultKeysPerThread = 16;
inline constexpr int kBitonicDefaultGlobalLayers = 3;
inline constexpr int kBitonicMaxGlobalLayers = 3;
// The values the kernels are compiled for (param_dispatch.h): the spec offers exactly these.
inline constexpr int kBitonicKeysPerThreadValues[] = {1, 2, 4, 8, 16, 32};
inline constexpr int kBitonicGlobalLayerCounts[] = {1, 2, 3};
// Keys each thread of a global launch holds (2^layers groups of consecutive words, as 16-byte
// or 8-byte accesses); a block owns threads * this many keys.
inline constexpr int kBitonicGlobalKeysPerThread = 16;

std::vector<ParamSpec> bitonic_param_specs();

// threads and keys_per_thread must be powers of two, global_layers in 1..3 (the param spec
// checks them).
BitonicPlan make_bitonic_plan(uint64_t n, int threads, int keys_per_thread,
                              int global_layers = kBitonicDefaultGlobalLayers);
// Reads the parameters from `params` (defaults where missing).
BitonicPlan make_bitonic_plan(uint64_t n, const ParamValues& params);

// Step kinds (their values index the catalog; timeline.h: make_step) and pseudo-code.
enum class BitonicStep { Input, Mirror, HalfCleaner };
const std::vector<StepKind>& step_kinds_of(BitonicStep);
const std::vector<std::string>& bitonic_pseudo_code();

// The step for the input snapshot (step 0) and for layer `layer` run by launch `launch`: kind,
// caption, pseudo-code line, launch index and name, ComparatorStage and BlockOwnership aux.
// Snapshots are left for the recorder to fill.
Step bitonic_input_step(const BitonicPlan& plan);
Step bitonic_layer_step(const BitonicPlan& plan, int launch, int layer);

// Bytes the plan moves through device memory: every launch reads and writes the padded array
// once (keys and values), plus run_gpu's passes around it: the ordered-bits transform and its
// undo (signed and float keys), and for n not a power of two the copy into the padded scratch,
// the padding fill and the copy back: the total of bitonic_perf_model (bitonic_perf_model.h).
double bitonic_bytes_moved(const BitonicPlan& plan, KeyType type, bool with_values);
// True where the ordered-bits transform is the identity (unsigned keys): run_gpu skips it.
inline bool bitonic_transform_is_identity(KeyType type) {
  return type == KeyType::U32 || type == KeyType::U64;
}

}  // namespace sortscope
