#include "radix_plan.h"
#include "common/count_words.h"

#include <stdexcept>

#include <fmt/format.h>

#include "common/size_table.h"
#include "radix_perf_model.h"

namespace sortscope {
namespace {

ParamSpec threads_spec() {
  // Lectures: follows n (radix_teaching_tile), so it has no fixed teaching value.
  return ParamSpec::list("threads", kRadixThreads, true, kParamAuto,
                         "threads per block of the ranking kernels (32: the lecture block; auto: tuned per key "
                         "and value type)")
      .lecture_only(kRadixThreads[0]);
}
ParamSpec kpt_spec() {
  // Lectures: follows n (radix_teaching_tile), so it has no fixed teaching value.
  return ParamSpec::list("keys_per_thread", kRadixKeysPerThread, true, kParamAuto,
                         "keys each thread holds in registers; tile = threads x keys_per_thread (2: the lecture "
                         "tile, late value loads only; auto: tuned)")
      .lecture_only(kRadixLectureKeysPerThread);
}
ParamSpec ranking_spec() {
  // atomic: fastest on the H200 for every key width (docs/performance-history.md)
  return ParamSpec::enumeration(
      "ranking",
      {{int(RadixRanking::Ballot), "ballot"}, {int(RadixRanking::Match), "match"}, {int(RadixRanking::AtomicOr), "atomic"}},
      int(RadixRanking::AtomicOr),
      "how a warp finds lanes with equal digits: one ballot per digit bit, match.any, or an atomic OR "
      "into a shared word per digit");
}

// The built-in `auto` choices {threads, keys_per_thread} per key width, values and size
// (common/size_table.h: a row holds from its n up to the next row's). Onesweep: the winners of
// `sortscope bench` over every compiled shape at 2^16..2^28, uniform keys, on an H100
// (docs/performance-history.md, "Size-aware built-in defaults"): small inputs want small tiles (more blocks
// on 132 SMs, shorter look-back chains), large ones the 2^28 winners of radix_bench --mode sweep.
// Onesweep rows also hold value_load (docs/performance-history.md, "Session 9"; H200, same run against
// cub-radix): `after-keys-batched` at 512 x 24 for u32 pairs from 2^24 (2^24 0.983x, 2^28 1.016x,
// where the earlier late 512 x 20 / staged 384 x 24 rows ran 0.925x / 0.941x) and at 512 x 16 for
// u64 pairs from 2^20 (2^20 1.168x, 2^24 1.016x, 2^28 1.012x against 1.129x / 0.941x / 0.981x for
// the late / early rows); below, the late path. u32 pairs from 2^19 to 2^24 (docs/performance-history.md,
// "Session 10", an H100, threads 256/512 x keys 8..24 x late/after-keys-batched x both histograms
// against cub-radix in one run): 512 x 8 batched at 2^19 (1.186x; the 256 x 12 late row before it
// 1.073-1.082x) and 512 x 16 batched from 2^20 (2^20 1.106x, 2^21 1.108x, 2^22 1.074x; the late
// 512 x 12 / 512 x 32 rows before it 1.033x / 0.931-0.947x / 1.054x; 512 x 20 batched 1.060x /
// 1.111x / 1.026x). Keys-only tiles have one path; their value_load is dropped from what ran
// (radix_params_as_run).
// Reduce-then-scan: the 2^28 sweep winners (not swept per size).
SizeRow radix_row(uint64_t from_n, int threads, int kpt) {
  return SizeRow{from_n, ParamValues{{"threads", threads}, {"keys_per_thread", kpt}}, {}};
}
SizeRow onesweep_row(uint64_t from_n, int threads, int kpt, RadixHistogram hist,
                     RadixValueLoad load = RadixValueLoad::Late) {
  return SizeRow{from_n,
                 ParamValues{{"threads", threads}, {"keys_per_thread", kpt}, {"value_load", int(load)},
                             {"histogram", int(hist)}},
                 {}};
}
constexpr RadixValueLoad kBatched = RadixValueLoad::AfterKeysBatched;
// The histogram per size (docs/performance-history.md, "Session 10", two H200 runs against cub-radix on
// the same input): `shared` is faster below 2^19 for every key width and values (2^16: u32 keys
// 1.223x / 1.213x, u64 pairs 1.299x / 1.287x), where the histogram launch is a few microseconds and
// lanes' (place pair, digit, lane) counters take four times the shared memory to clear and reduce.
// 64-bit keys take lanes from 2^19 (u64 keys 1.080x / 1.072x, pairs 1.043x / 1.032x; 2^20 +3%);
// 32-bit keys from 2^20 (2^19: u32 keys 1.045x / 1.043x, a tie, u32 pairs 1.075x / 1.079x; 2^20:
// u32 keys 1.102x / 1.079x, and from 2^22 lanes wins by 2-9%).
constexpr RadixHistogram kShared = RadixHistogram::Shared;
constexpr RadixHistogram kLanes = RadixHistogram::Lanes;
constexpr uint64_t kSize(int log2) { return uint64_t(1) << log2; }

const std::vector<BuiltinSizeTable>& onesweep_tables() {
  static const std::vector<BuiltinSizeTable> kTables = {
      {32, false, {onesweep_row(0, 256, 12, kShared), onesweep_row(kSize(18), 512, 8, kShared),
                   onesweep_row(kSize(20), 512, 16, kLanes), onesweep_row(kSize(22), 512, 20, kLanes),
                   onesweep_row(kSize(24), 512, 24, kLanes)}},
      {32, true, {onesweep_row(0, 256, 8, kShared), onesweep_row(kSize(18), 256, 12, kShared),
                  onesweep_row(kSize(19), 512, 8, kShared, kBatched), onesweep_row(kSize(20), 512, 16, kLanes, kBatched),
                  onesweep_row(kSize(24), 512, 24, kLanes, kBatched)}},
      {64, false, {onesweep_row(0, 256, 8, kShared), onesweep_row(kSize(18), 256, 12, kShared),
                   onesweep_row(kSize(19), 256, 12, kLanes), onesweep_row(kSize(20), 512, 16, kLanes),
                   onesweep_row(kSize(26), 256, 32, kLanes)}},
      {64, true, {onesweep_row(0, 256, 8, kShared), onesweep_row(kSize(18), 256, 12, kShared),
                  onesweep_row(kSize(19), 256, 12, kLanes), onesweep_row(kSize(20), 512, 16, kLanes, kBatched)}},
  };
  return kTables;
}
// digit_bits=11: tiles that keep two blocks an SM (227 KiB of shared memory) beside the packed
// counters of 2048 digits (radix_block.cuh, "Wide digits": 4 KiB a warp plus 24 KiB of digit
// arrays): u32 keys 384 x 24 (108 KiB), u32 pairs 256 x 24 (104 KiB, with the value buffer),
// u64 keys 256 x 24 (104 KiB), u64 pairs 256 x 16 (104 KiB). Chosen by that fit; for u32 keys at
// 2^28 384 x 24 was the fastest of four shapes measured (docs/performance-history.md, "Session 10"), and
// every wide shape lost to the 8-bit passes, so `auto` digit_bits stays 8.
const std::vector<BuiltinSizeTable>& onesweep_wide_tables() {
  static const std::vector<BuiltinSizeTable> kTables = {
      {32, false, {onesweep_row(0, 384, 24, kShared)}},
      {32, true, {onesweep_row(0, 256, 24, kShared)}},
      {64, false, {onesweep_row(0, 256, 24, kShared)}},
      {64, true, {onesweep_row(0, 256, 16, kShared)}},
  };
  return kTables;
}
const std::vector<BuiltinSizeTable>& rts_tables() {
  static const std::vector<BuiltinSizeTable> kTables = {
      {32, false, {radix_row(0, 512, 20)}},
      {32, true, {radix_row(0, 512, 20)}},
      {64, false, {radix_row(0, 512, 12)}},
      {64, true, {radix_row(0, 512, 12)}},
  };
  return kTables;
}

ParamSpec value_load_spec() {
  return ParamSpec::enumeration(
      "value_load",
      {{kParamAuto, "auto"}, {int(RadixValueLoad::Late), "late"}, {int(RadixValueLoad::Early), "early"},
       {int(RadixValueLoad::Staged), "staged"}, {int(RadixValueLoad::AfterKeys), "after-keys"},
       {int(RadixValueLoad::AfterKeysBatched), "after-keys-batched"}},
      kParamAuto,
      "key-value runs: when a tile loads its values: after the look-back, before it (registers), "
      "at the tile's start into shared memory (cp.async), or after the look-back through the keys' "
      "shared buffer once the keys are scattered (CUB's order; -batched: all of a thread's value loads "
      "before any shared store); auto: the measured best for the key "
      "width and size; keys-only runs have no use for it (it is left out of what they ran with)");
}

ParamSpec block_compile_spec() {
  return ParamSpec::enumeration(
      "block_compile", {{int(RadixBlockCompile::Generic), "generic"}, {int(RadixBlockCompile::Exact), "exact"}},
      int(RadixBlockCompile::Generic),
      "the pass kernel compiled for any block size up to 512, or for exactly this many threads "
      "(a constant block size and its own register cap; compiled for 384 x 24 and 256 x 32)");
}

ParamSpec histogram_spec() {
  return ParamSpec::enumeration(
      "histogram",
      {{kParamAuto, "auto"}, {int(RadixHistogram::Shared), "shared"}, {int(RadixHistogram::Lanes), "lanes"}},
      kParamAuto,
      "the all-places histogram: one shared histogram per place (one atomic per key and place), or "
      "one counter column per lane, so a warp's atomics never share a bank; auto: the measured best for the "
      "size (shared below 2^20 for 32-bit keys, below 2^19 for 64-bit keys; lanes above); digit_bits=11 "
      "always counts one histogram per place");
}

// Lectures (teaching_params.h): inputs of at most 4096 keys take the passes over tiles as large ones
// do, so a lecture sees the per-block histograms, the scan across blocks and (onesweep) the look-back
// that the one-block path keeps in shared memory.
ParamSpec single_block_spec() {
  return ParamSpec::enumeration(
             "single_block", {{1, "on"}, {0, "off"}}, 1,
             "inputs of at most 4096 keys: one block sorts them with every pass in shared memory (on), or the "
             "passes run over tiles of threads x keys_per_thread keys as for large inputs (off)")
      .teach(0);
}

// Lectures: the 4-bit digits the reduce-then-scan variant teaches (radix_bits), so a lecture's few
// hundred keys colour 16 digits, not 256 of about one key each.
ParamSpec digit_bits_spec() {
  return ParamSpec::list(
             "digit_bits", kRadixDigitBits, true, kParamAuto,
             "onesweep digit width: 4 (16 digits, 8 passes for 32-bit keys: for lectures; values load late, the "
             "histogram is one per place), 8 (256 digits, 4 passes for 32-bit keys, 8 for 64-bit) or 11 (2048 "
             "digits: 3 and 6 passes; values load late, the histogram is one per place; measured slower); auto: "
             "8; inputs that fit one block always take 8")
      .lecture_only(kOnesweepLectureBits)
      .teach(kOnesweepLectureBits);
}

}  // namespace

RadixTileShape radix_teaching_tile(uint64_t n, bool lecture_tile) {
  constexpr uint64_t kTiles = 4;
  constexpr RadixTileShape kLadder[] = {{128, 8}, {kRadixThreads[0], 8}};
  for (const RadixTileShape& t : kLadder)
    if (uint64_t(t.threads) * uint64_t(t.keys_per_thread) * kTiles <= n) return t;
  return lecture_tile ? RadixTileShape{kRadixThreads[0], kRadixLectureKeysPerThread} : kLadder[1];
}

bool radix_lecture_tile_allowed(RadixVariant variant, bool with_values, const ParamValues& given) {
  if (variant != RadixVariant::Onesweep) return true;
  const int load = param_or(given, "value_load", kParamAuto);
  if (with_values && load != kParamAuto && load != int(RadixValueLoad::Late)) return false;
  if (param_or(given, "digit_bits", kParamAuto) == kOnesweepWideBits) return false;
  return param_or(given, "block_compile", int(RadixBlockCompile::Generic)) != int(RadixBlockCompile::Exact);
}

ParamValues radix_params_as_run(RadixVariant variant, const ParamValues& params, KeyType type, bool with_values,
                                uint64_t n) {
  ParamValues run = params;
  // Missing names take the specs' defaults (auto, auto, atomic), as resolve_params fills them.
  for (const ParamSpec& spec : {threads_spec(), kpt_spec(), ranking_spec()}) run.emplace(spec.name, spec.default_value);
  const bool onesweep = variant == RadixVariant::Onesweep;
  if (onesweep) {
    run.emplace("value_load", value_load_spec().default_value);
    run.emplace("block_compile", block_compile_spec().default_value);
    run.emplace("histogram", histogram_spec().default_value);
    run.emplace("digit_bits", digit_bits_spec().default_value);
  }
  // auto digit width: 8 (11 lost at every size and type measured: 0.43-0.69x cub-radix against
  // 1.03-1.16x, docs/performance-history.md "Session 10"). The single-block kernel (every pass in
  // shared memory, n <= kSingleBlockMaxKeys) always ranks 8-bit digits.
  run.emplace("single_block", single_block_spec().default_value);
  const bool single_block = n <= kSingleBlockMaxKeys && run["single_block"] != 0;
  if (onesweep && (run["digit_bits"] == kParamAuto || single_block)) run["digit_bits"] = 8;
  const bool wide = onesweep && run["digit_bits"] == kOnesweepWideBits;
  const bool not_8_bits = onesweep && run["digit_bits"] != 8;
  const bool load_auto = onesweep && run["value_load"] == kParamAuto;
  const SizeRow* row = builtin_size_row(onesweep ? (wide ? onesweep_wide_tables() : onesweep_tables()) : rts_tables(),
                                        type, with_values, n);
  if (!row) throw std::logic_error("radix sort: no built-in table for this key width");
  run = apply_size_row({threads_spec(), kpt_spec(), value_load_spec(), histogram_spec()}, run, *row);
  // Wide and lecture (4-bit) passes load values late (the wide rows say so for auto; the after-keys
  // paths keep 8-bit digits four to a register, and only the late path is compiled for other
  // widths: make_radix_plan refuses an explicit other choice), and count the all-places histogram
  // one histogram per place (a lanes column per 2048 digits would not fit shared memory; the lanes
  // kernel counts 8-bit places in pairs). The lecture tile (2 keys a thread) loads late too.
  if (not_8_bits) run["histogram"] = int(RadixHistogram::Shared);
  if (load_auto && (not_8_bits || run["keys_per_thread"] == kRadixLectureKeysPerThread))
    run["value_load"] = int(RadixValueLoad::Late);
  // A keys-only run has no values to load: value_load is not among what it ran with, so the run
  // line, the CSV and the app leave it out rather than show a choice that did nothing.
  if (onesweep && !with_values) run.erase("value_load");
  return run;
}

const std::vector<ParamSpec>& radix_rts_params() {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::range("radix_bits", 8, 1, 8, false,
                       "digit width d: k/d passes of a stable distribution sort over 2^d digits")
          .teach(4),
      threads_spec(),
      kpt_spec(),
      ranking_spec(),
      ParamSpec::range("max_blocks", 1024, 1, 4096, false,
                       "C: blocks of the upsweep/downsweep grids; each rakes an even share of the tiles"),
      single_block_spec(),
  };
  return specs;
}

const std::vector<ParamSpec>& radix_onesweep_params() {
  static const std::vector<ParamSpec> specs = {threads_spec(), kpt_spec(),         ranking_spec(),
                                               value_load_spec(), block_compile_spec(), histogram_spec(),
                                               digit_bits_spec(), single_block_spec()};
  return specs;
}

RadixPlan make_radix_plan(RadixVariant variant, uint64_t n, KeyType type, bool with_values,
                          const ParamValues& params) {
  if (n > kRadixMaxKeys)
    throw std::runtime_error(fmt::format(
        "radix sort takes at most 2^32-1 keys (32-bit offsets), got n = {}; sort in parts", n));
  RadixPlan p;
  p.variant = variant;
  p.key_type = type;
  p.key_bits = key_bytes(type) * 8;
  p.with_values = with_values;
  p.n = n;
  const ParamValues run = radix_params_as_run(variant, params, type, with_values, n);
  if (variant == RadixVariant::Onesweep) {
    p.radix_bits = run.at("digit_bits");
    if (auto err = check_param_value(digit_bits_spec(), p.radix_bits, "radix-onesweep"); !err.empty())
      throw std::invalid_argument(err);
  } else {
    p.radix_bits = param_or(params, "radix_bits", 8);
    if (p.radix_bits < 1 || p.radix_bits > 8)
      throw std::runtime_error(fmt::format("radix_bits must be 1..8, got {}", p.radix_bits));
  }
  p.digits = 1u << p.radix_bits;
  p.passes = (p.key_bits + p.radix_bits - 1) / p.radix_bits;
  const std::vector<ParamSpec>& specs = variant == RadixVariant::Onesweep ? radix_onesweep_params() : radix_rts_params();
  for (const char* name : {"threads", "keys_per_thread", "ranking"}) {
    auto it = run.find(name);
    if (it == run.end()) throw std::invalid_argument(fmt::format("radix sort: parameter '{}' not resolved", name));
    if (auto err = check_param_value(*find_param(specs, name), it->second, "radix sort"); !err.empty())
      throw std::invalid_argument(err);
  }
  p.ranking = RadixRanking(run.at("ranking"));
  if (variant == RadixVariant::Onesweep && with_values) {
    const int load = run.at("value_load");
    if (auto err = check_param_value(value_load_spec(), load, "radix sort"); !err.empty())
      throw std::invalid_argument(err);
    p.value_load = RadixValueLoad(load);
    if (p.radix_bits != 8 && p.value_load != RadixValueLoad::Late)
      throw std::invalid_argument(fmt::format(
          "radix-onesweep: digit_bits={} loads values late only (value_load=late or auto)", p.radix_bits));
  }
  p.threads = run.at("threads");
  p.keys_per_thread = run.at("keys_per_thread");
  if (variant == RadixVariant::Onesweep && p.keys_per_thread == kRadixLectureKeysPerThread) {
    if (with_values && p.value_load != RadixValueLoad::Late)
      throw std::invalid_argument(fmt::format(
          "radix-onesweep: keys_per_thread={} (the lecture tile) loads values late only (value_load=late or auto)",
          kRadixLectureKeysPerThread));
    if (p.radix_bits == kOnesweepWideBits)
      throw std::invalid_argument(fmt::format(
          "radix-onesweep: keys_per_thread={} (the lecture tile) ranks digits of at most 8 bits, not digit_bits={}",
          kRadixLectureKeysPerThread, p.radix_bits));
  }
  if (variant == RadixVariant::Onesweep) {
    const int bc = param_or(run, "block_compile", int(RadixBlockCompile::Generic));
    if (auto err = check_param_value(block_compile_spec(), bc, "radix sort"); !err.empty())
      throw std::invalid_argument(err);
    p.block_compile = RadixBlockCompile(bc);
    const int hist = run.at("histogram");  // auto resolved by radix_params_as_run's row
    if (auto err = check_param_value(histogram_spec(), hist, "radix sort"); !err.empty())
      throw std::invalid_argument(err);
    p.histogram = RadixHistogram(hist);
    if (p.block_compile == RadixBlockCompile::Exact && p.radix_bits != 8)
      throw std::invalid_argument("radix-onesweep: block_compile=exact kernels rank 8-bit digits only (digit_bits=8)");
    if (p.block_compile == RadixBlockCompile::Exact && !(n <= kSingleBlockMaxKeys && run.at("single_block") != 0) &&
        !radix_exact_shape(p.threads, p.keys_per_thread)) {
      std::string shapes;
      for (const RadixTileShape& t : kRadixExactShapes)
        shapes += fmt::format("{}{} x {}", shapes.empty() ? "" : ", ", t.threads, t.keys_per_thread);
      throw std::invalid_argument(fmt::format(
          "radix-onesweep: block_compile=exact has kernels for threads x keys_per_thread = {} only, not {} x {}",
          shapes, p.threads, p.keys_per_thread));
    }
  }

  p.single_block = n <= kSingleBlockMaxKeys && run.at("single_block") != 0;
  if (p.single_block) {
    p.threads = kSingleBlockThreads;
    p.keys_per_thread = kSingleBlockKeysPerThread;
  }
  p.tile_keys = uint64_t(p.threads) * p.keys_per_thread;
  p.tiles = (n + p.tile_keys - 1) / p.tile_keys;

  if (p.single_block) {
    p.blocks = 1;
    p.tiles_per_block = 1;
    p.block_keys = p.tile_keys;
  } else if (variant == RadixVariant::ReduceThenScan) {
    // Even share (§4.1: "a fixed grid of C CTAs, each processing n/C keys"), in whole tiles.
    uint64_t c = uint64_t(param_or(params, "max_blocks", 1024));
    if (c < 1) c = 1;
    p.tiles_per_block = (p.tiles + c - 1) / c;
    p.blocks = uint32_t((p.tiles + p.tiles_per_block - 1) / p.tiles_per_block);
    p.block_keys = p.tiles_per_block * p.tile_keys;
  } else {
    p.tiles_per_block = 1;
    p.blocks = uint32_t(p.tiles);
    p.block_keys = p.tile_keys;
    p.portion_tiles = kOnesweepMaxPortionKeys / p.tile_keys;
    p.portions = uint32_t((p.tiles + p.portion_tiles - 1) / p.portion_tiles);
  }
  if (n == 0) {
    p.blocks = 0;
    p.portions = 0;
  }
  return p;
}

std::vector<std::string> RadixPlan::launch_names() const {
  std::vector<std::string> names;
  if (n == 0) return names;
  if (single_block) {
    names.push_back(fmt::format("single-block sort: {} passes in shared memory", passes));
    return names;
  }
  if (variant == RadixVariant::ReduceThenScan) {
    for (int p = 0; p < passes; ++p) {
      int lo = pass_shift(p), hi = lo + pass_bits(p);
      names.push_back(fmt::format("upsweep, pass {} (bits {}..{})", p, lo, hi - 1));
      names.push_back(fmt::format("scan of the count matrix, pass {}", p));
      names.push_back(fmt::format("downsweep (rank + scatter), pass {}", p));
    }
    if (passes % 2) names.push_back("copy back (odd number of passes)");
    return names;
  }
  names.push_back(fmt::format("histogram of all {} digit places", passes));
  names.push_back("exclusive scan of each place's histogram");
  for (int p = 0; p < passes; ++p)
    for (uint32_t q = 0; q < portions; ++q)
      names.push_back(portions == 1 ? fmt::format("onesweep pass {} (rank, look-back, scatter)", p)
                                    : fmt::format("onesweep pass {}, portion {}", p, q));
  return names;
}

int RadixPlan::launch_of_pass(int pass) const {
  if (single_block) return 0;
  if (variant == RadixVariant::ReduceThenScan) return pass * 3 + 2;
  return 2 + pass * int(portions);
}
int RadixPlan::launch_of_upsweep(int pass) const { return single_block ? 0 : pass * 3; }
int RadixPlan::launch_of_scan(int pass) const { return single_block ? 0 : pass * 3 + 1; }
int RadixPlan::launch_of_histogram() const { return 0; }

std::string RadixPlan::describe() const {
  std::string v = variant == RadixVariant::Onesweep ? "onesweep" : "reduce-then-scan";
  if (single_block)
    return fmt::format("{}: single block ({} threads x {} keys), {} passes x {} bits", v, threads,
                       keys_per_thread, passes, radix_bits);
  return fmt::format("{}: {} passes x {} bits, {} threads x {} keys = {}-key tiles, {}, {}", v, passes, radix_bits,
                     threads, keys_per_thread, tile_keys, counted(tiles, "tile"), counted(blocks, "block"));
}

double radix_bytes_moved(const RadixPlan& p) { return radix_perf_model(p).total_bytes(); }

}  // namespace sortscope
