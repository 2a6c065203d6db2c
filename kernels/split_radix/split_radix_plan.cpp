#include "split_radix_plan.h"
#include "common/count_words.h"

#include <stdexcept>

#include <fmt/format.h>

#include "split_radix_perf_model.h"

namespace sortscope {

const std::vector<ParamSpec>& split_radix_params() {
  static const std::vector<ParamSpec> specs = {
      // §4.4.1 chose D = 4, so that most of a 512-key tile's 16 bins hold >= 16 keys (a coalesced
      // segment); our 4096-key tiles give 256 bins 16 keys each at D = 8, and the fused pass makes
      // half the passes (docs/performance-history.md). Lectures keep the paper's 4 (16 bins to look at).
      ParamSpec::range("digit_bits", 8, 1, kSplitRadixMaxDigitBits, false,
                       "D: bits per pass, each sorted in the tile by one one-bit split (2^D bins); the paper's 4 "
                       "is selectable")
          .teach(4),
      // Teaching: follows n (split_radix_teaching_tile), so a lecture's keys make several tiles.
      ParamSpec::list("threads", kSplitRadixThreads, false, 256,
                      "threads per block (one block per tile; 32: the lecture tile's)")
          .lecture_only(kSplitRadixLectureTile.threads),
      // auto: 16 for u32 keys alone (fewer, larger tiles halve the look-back words and digit-run
      // work per key: 0.474x -> 0.542x at D = 8), 8 with values or 64-bit keys (their measured best;
      // 16 not measured for them yet): split_radix_auto_keys_per_thread, docs/performance-history.md.
      ParamSpec::list("keys_per_thread", kSplitRadixKeysPerThread, true, kParamAuto,
                      "keys each thread holds in registers; tile = threads x keys_per_thread (auto: 16 for u32 "
                      "keys alone, else 8; 2: the lecture tile's)")
          .lecture_only(kSplitRadixLectureTile.keys_per_thread),
  };
  return specs;
}

SplitRadixTile split_radix_teaching_tile(uint64_t n) {
  constexpr uint64_t kTiles = 4;
  constexpr SplitRadixTile kPaper = {128, 4};
  return uint64_t(kPaper.threads) * uint64_t(kPaper.keys_per_thread) * kTiles <= n ? kPaper : kSplitRadixLectureTile;
}

int split_radix_auto_keys_per_thread(KeyType type, bool with_values) {
  return key_bytes(type) == 4 && !with_values ? 16 : 8;
}

ParamValues split_radix_params_as_run(const ParamValues& params, KeyType type, bool with_values) {
  ParamValues run = params;
  auto it = run.find("keys_per_thread");
  if (it == run.end() || it->second == kParamAuto) run["keys_per_thread"] = split_radix_auto_keys_per_thread(type, with_values);
  return run;
}

SplitRadixPlan make_split_radix_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) {
  if (n > kSplitRadixMaxKeys)
    throw std::runtime_error(fmt::format("split-radix sorts at most {} keys (32-bit offsets), got {}",
                                         kSplitRadixMaxKeys, n));
  auto get = [&](const char* name, int def) { return param_or(params, name, def); };
  SplitRadixPlan p;
  p.key_type = type;
  p.key_bits = key_bytes(type) * 8;
  p.with_values = with_values;
  p.n = n;
  p.digit_bits = get("digit_bits", 8);
  if (p.digit_bits < 1 || p.digit_bits > kSplitRadixMaxDigitBits)
    throw std::invalid_argument(fmt::format("split-radix: digit_bits must be 1..{}, got {}",
                                            kSplitRadixMaxDigitBits, p.digit_bits));
  p.digits = 1u << p.digit_bits;
  p.passes = (p.key_bits + p.digit_bits - 1) / p.digit_bits;
  p.threads = get("threads", 256);
  p.keys_per_thread = get("keys_per_thread", kParamAuto);
  if (p.keys_per_thread == kParamAuto) p.keys_per_thread = split_radix_auto_keys_per_thread(type, with_values);
  p.tile_keys = uint64_t(p.threads) * uint64_t(p.keys_per_thread);
  p.tiles = (n + p.tile_keys - 1) / p.tile_keys;
  return p;
}

std::string SplitRadixPlan::launch_name(int launch) const {
  if (launch == launch_of_totals()) return fmt::format("digit totals of all {} places", passes);
  if (launch == launch_of_copy_back()) return "copy back (odd number of passes)";
  const int pass = launch - launch_of_pass(0);
  return fmt::format("pass {}: {} one-bit splits, runs, look-back, scatter", pass + 1, pass_bits(pass));
}

std::string SplitRadixPlan::describe() const {
  return fmt::format("{} passes x {} bits (one one-bit split per bit), tiles of {} x {} = {} keys ({})", passes,
                     digit_bits, threads, keys_per_thread, tile_keys, counted(tiles, "tile"));
}

double split_radix_bytes_moved(const SplitRadixPlan& p) { return split_radix_perf_model(p).total_bytes(); }

}  // namespace sortscope
