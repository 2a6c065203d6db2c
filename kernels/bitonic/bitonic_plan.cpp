#include "bitonic_plan.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bitonic_perf_model.h"
#include "common/param_dispatch.h"
#include "primitives/int_math.h"

namespace sortscope {

std::vector<ParamSpec> bitonic_param_specs() {
  return {
      ParamSpec::range(kBitonicThreads, kBitonicDefaultThreads, 32, 1024, true,
                       "threads per block of every kernel; tile = threads x keys_per_thread keys"),
      ParamSpec::list(kBitonicKeysPerThread, kBitonicKeysPerThreadValues, false, kBitonicDefaultKeysPerThread,
                      "keys each thread holds in registers in the shared-memory kernels (tile size)"),
      ParamSpec::list(kBitonicGlobalLayers, kBitonicGlobalLayerCounts, false, kBitonicDefaultGlobalLayers,
                      "comparator layers fused per global-memory pass (1 = one launch per layer)"),
  };
}

BitonicPlan make_bitonic_plan(uint64_t n, int threads, int keys_per_thread, int global_layers) {
  if (!is_power_of_two(uint64_t(threads)))
    throw std::invalid_argument(fmt::format("bitonic: threads ({}) must be a power of two", threads));
  if (!ValueListOf<kBitonicKeysPerThreadValues>::contains(keys_per_thread))
    throw std::invalid_argument(fmt::format("bitonic: keys_per_thread ({}) must be one of {}", keys_per_thread,
                                            fmt::join(kBitonicKeysPerThreadValues, ", ")));
  if (!ValueListOf<kBitonicGlobalLayerCounts>::contains(global_layers))
    throw std::invalid_argument(fmt::format("bitonic: global_layers ({}) must be in 1..{}",
                                            global_layers, kBitonicMaxGlobalLayers));
  BitonicPlan plan;
  plan.n = n;
  plan.threads = threads;
  plan.keys_per_thread = keys_per_thread;
  plan.global_layers = global_layers;
  plan.padded_n = n <= 1 ? n : uint64_t(1) << ceil_log2(n);
  const uint64_t tile = std::min<uint64_t>(uint64_t(threads) * uint64_t(keys_per_thread),
                                           std::max<uint64_t>(plan.padded_n, 1));
  plan.tile_keys = tile;
  if (plan.padded_n < 2) return plan;

  const int log_n = ceil_log2(plan.padded_n);
  const int log_tile = ceil_log2(tile);
  // Layers in execution order: for each merge size the mirror layer, then the half-cleaners.
  for (int log_k = 1; log_k <= log_n; ++log_k)
    for (int log_j = log_k - 1; log_j >= 0; --log_j) plan.layers.push_back({log_k, log_j});

  auto add_launch = [&](BitonicLaunchKind kind, int first, int count, uint64_t block_keys,
                        std::string name) {
    plan.launches.push_back({kind, first, count, block_keys, std::move(name)});
  };
  // (1) Tile sort: every layer with k <= tile, all inside one tile (partner = i ^ mask < tile).
  const int tile_sort_layers = log_tile * (log_tile + 1) / 2;
  add_launch(BitonicLaunchKind::TileSort, 0, tile_sort_layers, tile,
             fmt::format("tile sort (shared memory, fused): merges 2..{}", tile));
  // (2) + (3) Each larger merge: the layers whose partner lies in another tile straight through
  // global memory, up to global_layers of them per pass, then the strides < tile fused in shared
  // memory (Leischner 2010 §5.3.2, blocked layout).
  const uint64_t global_block_keys = uint64_t(kBitonicGlobalKeysPerThread) * uint64_t(threads);
  int layer = tile_sort_layers;
  for (int log_k = log_tile + 1; log_k <= log_n; ++log_k) {
    const uint64_t k = uint64_t(1) << log_k;
    const int global_count = log_k - log_tile;  // the mirror and strides k/4 .. tile
    for (int done = 0; done < global_count; done += global_layers) {
      const int count = std::min(global_layers, global_count - done);
      const BitonicLayer& first = plan.layers[size_t(layer)];
      const BitonicLayer& last = plan.layers[size_t(layer + count - 1)];
      std::string name;
      if (first.mirrored())
        name = count == 1   ? fmt::format("global mirror, merge {}", k)
               : count == 2 ? fmt::format("global mirror + stride {}, merge {}", last.stride(), k)
                            : fmt::format("global mirror + strides {}..{}, merge {}",
                                          plan.layers[size_t(layer + 1)].stride(), last.stride(), k);
      else
        name = count == 1 ? fmt::format("global stride {}, merge {}", first.stride(), k)
                          : fmt::format("global strides {}..{}, merge {}", first.stride(), last.stride(), k);
      add_launch(BitonicLaunchKind::GlobalLayers, layer, count, global_block_keys, std::move(name));
      layer += count;
    }
    add_launch(BitonicLaunchKind::TileMerge, layer, log_tile, tile,
               fmt::format("merge {} (shared memory, fused): strides {}..1", k, tile / 2));
    layer += log_tile;
  }
  if (size_t(layer) != plan.layers.size())
    throw std::logic_error("bitonic plan: launches do not cover every layer");
  return plan;
}

BitonicPlan make_bitonic_plan(uint64_t n, const ParamValues& params) {
  return make_bitonic_plan(n, param_or(params, kBitonicThreads, kBitonicDefaultThreads),
                           param_or(params, kBitonicKeysPerThread, kBitonicDefaultKeysPerThread),
                           param_or(params, kBitonicGlobalLayers, kBitonicDefaultGlobalLayers));
}

const std::vector<StepKind>& step_kinds_of(BitonicStep) {
  static const std::vector<StepKind> kKinds = {
      {"input", "Input: n keys as ordered bits, padded to N with max-valued sentinels", 0},
      {"mirror", "Merge into sorted runs of k: compare each key with its mirror in its k-block", 2},
      {"half-cleaner", "Merge into sorted runs of k: half-cleaner, stride j", 4},
  };
  return kKinds;
}

const std::vector<std::string>& bitonic_pseudo_code() {
  static const std::vector<std::string> kCode = {
      "pad the n keys to N = 2^ceil(log2 n) with max-valued sentinels",
      "for k = 2, 4, ..., N:                        // merge into sorted runs of k",
      "  for i with i mod k < k/2: cmp_swap(i, i ^ (k-1))   // mirror",
      "  for j = k/4, k/8, ..., 1:",
      "    for i with i mod 2j < j: cmp_swap(i, i + j)      // half-cleaner",
      "cmp_swap(a, b): if key[a] > key[b], swap keys (and values)",
  };
  return kCode;
}

Step bitonic_input_step(const BitonicPlan& plan) {
  return make_step(BitonicStep::Input,
                   plan.padded_n == plan.n
                       ? fmt::format("Input: {} keys as ordered bits", plan.n)
                       : fmt::format("Input: {} keys as ordered bits, padded to {} with max-valued sentinels", plan.n,
                                     plan.padded_n));
}

Step bitonic_layer_step(const BitonicPlan& plan, int launch, int layer) {
  const BitonicLaunch& l = plan.launches.at(size_t(launch));
  const BitonicLayer& c = plan.layers.at(size_t(layer));
  if (layer < l.first_layer || layer >= l.first_layer + l.layer_count)
    throw std::logic_error("bitonic plan: layer outside its launch");
  const uint64_t k = c.merge_size();
  Step s = make_step(
      c.mirrored() ? BitonicStep::Mirror : BitonicStep::HalfCleaner,
      c.mirrored() ? fmt::format("Merge into sorted runs of {}: compare each key with its mirror in its {}-block", k, k)
                   : fmt::format("Merge into sorted runs of {}: half-cleaner, stride {}", k, c.stride()),
      launch, l.name);
  s.aux.push_back(ComparatorStage{k, c.stride(), c.mirrored()});
  s.aux.push_back(BlockOwnership{l.block_keys});
  return s;
}

double bitonic_bytes_moved(const BitonicPlan& plan, KeyType type, bool with_values) {
  return bitonic_perf_model(plan, type, with_values).total_bytes();
}

}  // namespace sortscope
