#include "odd_even_plan.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace sortscope {

const std::vector<ParamSpec>& odd_even_params() {
  static const std::vector<ParamSpec> specs = [] {
    ParamSpec t;
    t.name = "threads";
    t.default_value = 256;
    t.min = 64;
    t.max = 1024;
    t.power_of_two = true;
    t.help = "threads per block (each handles tile / threads / 2 comparators per layer)";
    ParamSpec tile;
    tile.name = "tile";
    tile.default_value = 2048;
    tile.min = 128;
    tile.max = 4096;
    tile.power_of_two = true;
    tile.help = "keys sorted in shared memory by the first launch (merge sizes up to the tile)";
    return std::vector<ParamSpec>{t, tile};
  }();
  return specs;
}

OddEvenPlan make_odd_even_plan(uint64_t n, const ParamValues& params) {
  OddEvenPlan p;
  p.n = n;
  auto get = [&](const char* name, int def) { return param_or(params, name, def); };
  p.threads = get("threads", 256);
  const uint64_t tile = uint64_t(get("tile", 2048));
  if (n == 0) return p;
  while ((uint64_t(1) << p.log_n) < n) ++p.log_n;
  p.padded_n = uint64_t(1) << p.log_n;
  p.tile_keys = tile < p.padded_n ? tile : p.padded_n;
  int log_tile = 0;
  while ((uint64_t(1) << log_tile) < p.tile_keys) ++log_tile;
  const int layers = odd_even_layer_count(p.log_n);
  for (int l = 0; l < layers; ++l) p.layers.push_back(odd_even_layer(l));
  p.tile_layers = odd_even_layer_count(log_tile);  // every layer with 2p <= tile
  return p;
}

namespace {
// Comparators of layer (p, k) in a block of 2p keys of which only the first r exist (upper ends at or
// beyond n are dropped, odd_even_network.h): for k = p the pairs (x, x + p), x < p; for k < p the
// groups x in [k + 2kj, 2k + 2kj), j = 0 .. p / k - 2, paired with x + k.
uint64_t comparators_in_block(uint64_t r, const OddEvenLayer& layer) {
  const uint64_t p = layer.p, k = layer.k;
  if (k == p) return r > p ? std::min(r, 2 * p) - p : 0;
  const uint64_t groups = p / k - 1;
  const uint64_t full = r >= 3 * k ? std::min(groups, (r - 3 * k) / (2 * k) + 1) : 0;
  const uint64_t partial_start = 2 * k + 2 * k * full;  // first upper end of the next group
  const uint64_t partial = full < groups && r > partial_start ? std::min(k, r - partial_start) : 0;
  return full * k + partial;
}
}  // namespace

double odd_even_layer_keys_read(uint64_t n, const OddEvenLayer& layer, uint32_t key_bytes) {
  const uint64_t block = 2 * layer.p, blocks = n / block, rest = n - blocks * block;
  // A whole block: every key but the last k of one block and the first k of the next (k < p); of
  // those 2k keys, whole 32-byte sectors are not fetched. The last, partial block: its comparators'
  // keys.
  constexpr double kSector = 32;
  const double skipped =
      layer.k == layer.p ? 0 : 2 * std::floor(double(layer.k) * key_bytes / kSector) * kSector / key_bytes;
  return double(blocks) * (double(block) - skipped) + 2.0 * double(comparators_in_block(rest, layer));
}

uint64_t odd_even_layer_comparators(uint64_t n, const OddEvenLayer& layer) {
  const uint64_t block = 2 * layer.p, blocks = n / block;
  return blocks * comparators_in_block(block, layer) + comparators_in_block(n - blocks * block, layer);
}

double odd_even_bytes_moved(const OddEvenPlan& plan, uint32_t key_bytes, bool with_values) {
  const double n = double(plan.n), value_bytes = with_values ? 4.0 : 0.0;
  double bytes = 2 * n * (key_bytes + value_bytes);  // the tile launch
  for (size_t l = size_t(plan.tile_layers); l < plan.layers.size(); ++l) {
    const OddEvenLayer& layer = plan.layers[l];
    // Keys written: about n / 4 swapped pairs a layer on keys in random order, at most every comparator.
    const double swapped = 2 * std::min(n / 4, double(odd_even_layer_comparators(plan.n, layer)));
    bytes += odd_even_layer_keys_read(plan.n, layer, key_bytes) * key_bytes + swapped * (key_bytes + 2 * value_bytes);
  }
  return bytes;
}

std::string OddEvenPlan::launch_name(int launch) const {
  if (launch == 0) return fmt::format("tile sort ({} keys per block, shared memory)", tile_keys);
  const OddEvenLayer& l = layers[size_t(tile_layers + launch - 1)];
  return fmt::format("global layer p = {}, k = {}", l.p, l.k);
}

const std::vector<StepKind>& step_kinds_of(OddEvenStep) {
  static const std::vector<StepKind> kinds = {
      {"input", "The input as ordered bits", 0},
      {"layer", "One layer of comparators: merge runs of p, distance k", 5},
  };
  return kinds;
}

const std::vector<std::string>& odd_even_pseudo_code() {
  static const std::vector<std::string> code = {
      "keys <- ordered_bits(input)",
      "for p = 1, 2, 4, ..., N/2:   // runs of p -> runs of 2p",
      "  for k = p, p/2, ..., 1:",
      "    for x: (x - k mod p) mod 2k < k, x + k < n,",
      "           x and x + k in one block of 2p:",
      "      if keys[x] > keys[x + k]: swap   // in parallel",
      "output <- native(keys)",
  };
  return code;
}

Step odd_even_input_step(const OddEvenPlan& plan) {
  return make_step(OddEvenStep::Input,
                   fmt::format("The input: {} keys, network of {} layers", plan.n, plan.layers.size()));
}

Step odd_even_layer_step(const OddEvenPlan& plan, int l) {
  const OddEvenLayer& layer = plan.layers[size_t(l)];
  const int launch = plan.launch_of_layer(l);
  Step s = make_step(OddEvenStep::Layer,
                     fmt::format("Layer {} of {}: merge runs of {} into {}, comparators at distance {}", l + 1,
                                 plan.layers.size(), layer.p, 2 * layer.p, layer.k),
                     launch, plan.launch_name(launch));
  s.aux.push_back(OddEvenStage{layer.p, layer.k});
  return s;
}

}  // namespace sortscope
