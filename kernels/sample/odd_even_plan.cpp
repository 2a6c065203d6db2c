#include "odd_even_plan.h"

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
