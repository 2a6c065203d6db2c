#include "network_merge_plan.h"
#include "common/count_words.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "common/param_dispatch.h"
#include "primitives/int_math.h"

namespace sortscope {

const std::vector<ParamSpec>& network_merge_params() {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::list(kNetworkMergeWidth, kNetworkMergeWidths, true, kParamAuto,
                      "S: the bitonic merge network merges two S-vectors in log2(2S) levels (§5.3: 16); auto: "
                      "the fastest measured for the item type")
          .teach(16),
      // Teaching: a 128-key tile, so a few thousand keys take several merge passes and chunked merges.
      ParamSpec::list(kNetworkMergeThreads, kNetworkMergeThreadChoices, true, kParamAuto,
                      "threads of the block sort; its tile is threads x keys keys, sorted by a bitonic network; "
                      "auto: the fastest measured for the item type")
          .teach(kNetworkMergeTeachingThreads),
      // Teaching: 2 keys a thread, one comparator per thread and layer, as the paper's block sort.
      ParamSpec::list(kNetworkMergeKeys, kNetworkMergeKeyChoices, true, kParamAuto,
                      "keys per block-sort thread, in registers: layers inside a thread, between a warp's "
                      "lanes (shuffles) or through shared memory; auto: the fastest measured for the item type")
          .teach(kNetworkMergeTeachingKeys),
      ParamSpec::list(kNetworkMergeLists, kNetworkMergeListChoices, true, kParamAuto,
                      "merges (pairs or chunks) per thread block, one S-thread network each (§5.3: 4); auto: "
                      "the fastest measured for the item type and size"),
      // Teaching: follows n (network_merge_teaching_params).
      ParamSpec::list(kNetworkMergeChunk, kNetworkMergeChunkChoices, false, kNetworkMergeDefaultChunk,
                      "most outputs of one network in a pass (at most 2 x tile, at least 2 x width); its inputs are "
                      "staged in shared memory (128: the lecture chunk)")
          .lecture_only(kNetworkMergeLectureChunk),
      ParamSpec::enumeration(kNetworkMergeLevels,
                             {{int(NetworkMergeLevels::Auto), "auto"},
                              {int(NetworkMergeLevels::Shuffle), "shuffle"},
                              {int(NetworkMergeLevels::Transpose), "transpose"}},
                             int(NetworkMergeLevels::Auto),
                             "levels between lanes (measure mode, width >= 32): shuffle, one warp shuffle a slot "
                             "and level; transpose (width 128), the buffer moved through shared memory twice a "
                             "call so every level pairs two registers of a thread; auto: transpose at width 128"),
      ParamSpec::enumeration(kNetworkMergePadding,
                             {{int(NetworkMergePadding::Auto), "auto"},
                              {int(NetworkMergePadding::Flags), "flags"},
                              {int(NetworkMergePadding::Largest), "largest"}},
                             int(NetworkMergePadding::Auto),
                             "a list's last partial vector (measure mode, width >= 32): flags, a flag a slot and the "
                             "flagged network; largest (keys alone), the largest key, so every call takes the "
                             "min/max network; auto: largest for keys alone"),
      ParamSpec::enumeration(kNetworkMergeStores,
                             {{int(NetworkMergeStores::Auto), "auto"},
                              {int(NetworkMergeStores::Scalar), "scalar"},
                              {int(NetworkMergeStores::Vector), "vector"}},
                             int(NetworkMergeStores::Auto),
                             "how levels=transpose writes a lane's four consecutive outputs (measure mode): scalar, "
                             "a store an item; vector, one 16-byte store where aligned; auto: vector"),
  };
  return specs;
}

ParamValues network_merge_teaching_params(uint64_t n) {
  const uint64_t tile = uint64_t(kNetworkMergeTeachingThreads) * uint64_t(kNetworkMergeTeachingKeys);
  if (n > 2 * tile) return {};
  return {{kNetworkMergeChunk, kNetworkMergeLectureChunk}};
}

// Session 8 on an H200 (docs/performance-history.md), each against the others in the same run: 4-byte keys
// with values merge by S = 128 with transposes (2^24: 3.61 ms against 7.12 ms at S = 64, whose
// shuffles of 64-bit items were the pairs' regression) and a 512 x 4 block sort (3.32 ms). Session
// 9 (H200, same run, 2^28): 4-byte keys alone merge by S = 128 with transposes too once no call is
// flagged (padding=largest; 16.56 ms against 20.15 ms at S = 64 and 22.49 ms for session 8's S = 64
// with flags), with vector stores (16.10 ms) and a 256 x 32 block sort (15.51 ms, 0.807x cub-merge;
// 512 x 16: 16.10 ms; 1024 x 16 and 512 x 32, 16384-key tiles: 17.13 ms). 8-byte keys measured
// alike at S = 64 and 128 (session 8) and keep S = 64 and 512 x 8, as do 8-byte keys with values
// (not measured).
int network_merge_auto_width(KeyType type, bool /*with_values*/) {
  return key_bytes(type) == 4 ? kNetworkMergeTransposeWidth : kNetworkMergeDefaultWidth;
}
int network_merge_auto_threads(KeyType type, bool with_values) {
  return key_bytes(type) == 4 && !with_values ? 256 : kNetworkMergeDefaultThreads;
}
int network_merge_auto_keys(KeyType type, bool with_values) {
  if (key_bytes(type) != 4) return kNetworkMergeDefaultKeys;
  return with_values ? 4 : 32;
}
// lists: 4 networks a block (a 512-thread merge block of four 128-wide networks against a
// 256-thread one of two) for 4-byte keys alone from 2^22 (docs/performance-history.md, "Session 10"; H200,
// the same run against cub-merge, 2 against 4: 2^20 0.759x / 0.760x, a tie, so 2 stays below 2^22;
// 2^22 0.787x / 0.791x, 2^24 0.791x / 0.794x, 2^26 0.806x / 0.814x, 2^28 0.800x / 0.810x, 2^30
// 0.791x / 0.792x; session 9: 2^24..2^28 +0.4..1.4%, and on an H100 at 2^28 0.875x / 0.882x). The
// other item types lose with 4 (2^24: u32 + values 0.439x / 0.395x, u64 keys 0.584x / 0.571x, u64
// + values 0.288x / 0.283x) and keep 2.
int network_merge_auto_lists(KeyType type, bool with_values, uint64_t n) {
  return key_bytes(type) == 4 && !with_values && n >= kNetworkMergeFourListsFrom ? 4 : kNetworkMergeDefaultLists;
}

NetworkMergePlan make_network_merge_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) {
  if (n > kNetworkMergeMaxKeys)
    throw std::runtime_error(fmt::format("network-merge sorts at most {} keys, got {}", kNetworkMergeMaxKeys, n));
  auto get = [&](const char* name, int def) { return param_or(params, name, def); };
  NetworkMergePlan p;
  p.key_type = type;
  p.with_values = with_values;
  p.n = n;
  p.width = get(kNetworkMergeWidth, kParamAuto);
  if (p.width == kParamAuto) p.width = network_merge_auto_width(type, with_values);
  p.threads = get(kNetworkMergeThreads, kParamAuto);
  if (p.threads == kParamAuto) p.threads = network_merge_auto_threads(type, with_values);
  p.lists = get(kNetworkMergeLists, kParamAuto);
  if (p.lists == kParamAuto) p.lists = network_merge_auto_lists(type, with_values, n);
  const int chunk = get(kNetworkMergeChunk, kNetworkMergeDefaultChunk);
  p.keys = get(kNetworkMergeKeys, kParamAuto);
  if (p.keys == kParamAuto) p.keys = network_merge_auto_keys(type, with_values);
  if (!compiled(kNetworkMergeWidths, p.width) || !compiled(kNetworkMergeThreadChoices, p.threads) ||
      !compiled(kNetworkMergeListChoices, p.lists) || !compiled(kNetworkMergeChunkChoices, chunk) ||
      !compiled(kNetworkMergeKeyChoices, p.keys))
    throw std::invalid_argument(fmt::format("network-merge: no kernels compiled for width {}, threads {}, lists {}, "
                                            "chunk {}, keys {}; see `sortscope run --help`",
                                            p.width, p.threads, p.lists, chunk, p.keys));
  // A 64-wide network spans two warps and syncs on a named barrier of its own (ids 1..15).
  if (p.lists * p.width > kNetworkMergeMaxMergeThreads)
    throw std::invalid_argument(fmt::format("network-merge: {} lists x width {} = {} threads; at most {} per merge "
                                            "block: lower lists or width",
                                            p.lists, p.width, p.lists * p.width, kNetworkMergeMaxMergeThreads));
  const int levels = get(kNetworkMergeLevels, int(NetworkMergeLevels::Auto));
  if (levels < int(NetworkMergeLevels::Auto) || levels > int(NetworkMergeLevels::Transpose))
    throw std::invalid_argument(fmt::format("network-merge: levels {} is not auto, shuffle or transpose", levels));
  if (levels == int(NetworkMergeLevels::Transpose) && p.width != kNetworkMergeTransposeWidth)
    throw std::invalid_argument(fmt::format("network-merge: levels=transpose is compiled for width {} only, got {}",
                                            kNetworkMergeTransposeWidth, p.width));
  p.transpose = p.width == kNetworkMergeTransposeWidth && levels != int(NetworkMergeLevels::Shuffle);
  const int padding = get(kNetworkMergePadding, int(NetworkMergePadding::Auto));
  if (padding < int(NetworkMergePadding::Auto) || padding > int(NetworkMergePadding::Largest))
    throw std::invalid_argument(fmt::format("network-merge: padding {} is not auto, flags or largest", padding));
  if (padding == int(NetworkMergePadding::Largest) && with_values)
    throw std::invalid_argument("network-merge: padding=largest is for keys alone (a pad would carry a value)");
  p.largest_pad = !with_values && padding != int(NetworkMergePadding::Flags);  // auto: largest for keys alone
  const int stores = get(kNetworkMergeStores, int(NetworkMergeStores::Auto));
  if (stores < int(NetworkMergeStores::Auto) || stores > int(NetworkMergeStores::Vector))
    throw std::invalid_argument(fmt::format("network-merge: stores {} is not auto, scalar or vector", stores));
  p.vector_stores = stores != int(NetworkMergeStores::Scalar);  // auto: vector
  if (p.keys > network_merge_max_keys(p.item_bytes()))
    throw std::invalid_argument(fmt::format("network-merge: keys {} a thread; at most {} for {}-byte items",
                                            p.keys, network_merge_max_keys(p.item_bytes()), p.item_bytes()));
  p.tile = uint64_t(p.threads) * uint64_t(p.keys);
  if (p.tile > network_merge_max_tile(p.item_bytes()))
    throw std::invalid_argument(fmt::format("network-merge: threads {} x keys {} = a tile of {} keys; at most {} for "
                                            "{}-byte items: lower threads or keys",
                                            p.threads, p.keys, p.tile, network_merge_max_tile(p.item_bytes()),
                                            p.item_bytes()));
  p.tiles = (n + p.tile - 1) / p.tile;
  // 2 x run is a multiple of the chunk in every pass (both powers of two, chunk <= 2 x tile).
  p.chunk = std::min<uint64_t>(uint64_t(chunk), 2 * p.tile);
  // A network call merges two S-vectors of a unit: a unit holds at least 2S outputs.
  if (p.chunk < 2 * uint64_t(p.width))
    throw std::invalid_argument(fmt::format("network-merge: chunk {} is below 2 x width {}: raise chunk or lower width",
                                            p.chunk, p.width));
  if (p.merge_smem_bytes() > kNetworkMergeMaxStageBytes)
    throw std::invalid_argument(fmt::format("network-merge: {} lists x chunk {} of {}-byte items need {} bytes of "
                                            "shared memory per merge block, at most {}: lower lists or chunk",
                                            p.lists, p.chunk, p.item_bytes(), p.merge_smem_bytes(),
                                            kNetworkMergeMaxStageBytes));
  p.block_stages = ceil_log2(p.tile);
  while (p.run_in(p.passes) < n) ++p.passes;
  return p;
}

int NetworkMergePlan::levels() const { return ceil_log2(2 * uint64_t(width)); }

uint64_t NetworkMergePlan::item_bytes() const {
  // merge_items.h: u32 keys 4 bytes, u32 pairs and u64 keys 8, u64 pairs a 16-byte struct.
  const uint64_t key = key_bytes(key_type);
  return with_values ? (key == 4 ? 8 : 16) : key;
}

uint64_t NetworkMergePlan::merge_smem_bytes() const {
  const uint64_t exchange = width > 32 ? 2 * uint64_t(width) * std::max(item_bytes() + 4, 3 * item_bytes()) : 0;
  return uint64_t(lists) * (chunk * item_bytes() + exchange);
}

uint64_t NetworkMergePlan::pairs(int pass) const {
  const uint64_t run = run_in(pass);
  return (n + 2 * run - 1) / (2 * run);
}

std::string NetworkMergePlan::describe() const {
  return fmt::format("block sort of {} of {} keys, then {} by {}-wide bitonic networks "
                     "({} per block), at most {} outputs per network",
                     counted(tiles, "tile"), tile, counted(passes, "merge pass"), width, lists, chunk);
}

const std::vector<std::string>& network_merge_pseudo_code() {
  static const std::vector<std::string> code = {
      "keys <- ordered_bits(input)",
      "for each tile of T x K keys, one block of T threads: bitonic sort (registers, shuffles, shared memory)",
      "for R = TK, 2TK, ... while R < n:         // a pass: runs of R -> runs of 2R",
      "  if 2R > C: cut each pair at every C-th output: a = merge_path(A, B, diagonal)",
      "  for each pair or chunk (A, B), one S-thread network:",
      "    retained <- first S keys of A",
      "    while keys remain: load S keys from the list with the smaller head",
      "      buf <- retained ++ reverse(loaded)      // a bitonic sequence",
      "      for stride = S, S/2, ..., 1: buf[i], buf[i+stride] <- min, max",
      "      write buf[0..S); retained <- buf[S..2S)",
      "    write retained",
      "output <- native(keys)",
  };
  return code;
}

const std::vector<StepKind>& step_kinds_of(NetworkMergeStep) {
  static const std::vector<StepKind> kinds = {
      {"input", "The input as ordered bits", 0},
      {"block-sort", "Every tile sorted by a bitonic network in shared memory: runs of {m}", 1},
      {"network", "One call of the bitonic merge network, level by level", 8},
      {"partition", "Pass {p}: every pair cut into chunks at splitters of the merged output", 3},
      {"merge", "Pass {p}: every pair or chunk merged by a network with a retained vector", 6},
  };
  return kinds;
}

int network_merge_partition_launch_index(const NetworkMergePlan& p, int pass) {
  if (!p.chunked(pass)) return -1;
  int launch = kNetworkMergeBlockSortLaunch;
  for (int q = 0; q <= pass; ++q) launch += p.chunked(q) ? 2 : 1;
  return launch - 1;
}

int network_merge_merge_launch_index(const NetworkMergePlan& p, int pass) {
  int launch = kNetworkMergeBlockSortLaunch;
  for (int q = 0; q <= pass; ++q) launch += p.chunked(q) ? 2 : 1;
  return launch;
}

std::string network_merge_block_sort_launch(const NetworkMergePlan& p) {
  return fmt::format("block sort ({} threads x {} keys, bitonic network on {} keys)", p.threads, p.keys, p.tile);
}
std::string network_merge_partition_launch(const NetworkMergePlan& p, int pass) {
  return fmt::format("partition (pass {}: one thread per chunk of {})", pass + 1, p.chunk);
}
std::string network_merge_merge_launch(const NetworkMergePlan& p, int pass) {
  return fmt::format("merge (pass {}: {} networks of {} threads per block)", pass + 1, p.lists, p.width);
}

}  // namespace sortscope
