#pragma once
// The decomposition of Satish et al. 2010's GPU merge sort (§5.3, README.md), shared by the CPU
// model and the kernels, and the steps both record (so captions, launches and snapshots cannot
// drift apart). Plain C++.
//
//   block sort  one thread block of `threads` threads per tile of threads x `keys` keys: a bitonic
//               sorting network (the same comparators layer by layer on the host and the GPU);
//   merge pass  runs of R = tile << pass merged in pairs into runs of 2R. Every merge is cut into
//               units of at most `chunk` (<= 2 x tile) outputs (the first pass: one unit per pair; later
//               passes: chunks cut at splitters of the merged output, §5.1 Step 2, found by merge
//               path); each unit is merged by one S-wide bitonic merge network with a retained
//               vector (§5.2.1), `lists` networks per thread block (§5.3: 4 lists in parallel).
// Satish et al. switch to chunks once there are fewer pairs than thread blocks (240 on a GTX 280);
// here the unit size is fixed instead, so the plan does not depend on the device and the CPU
// model's snapshots equal the kernels'.
#include <cstdint>
#include <string>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"
#include "common/timeline.h"

namespace sortscope {

inline constexpr const char* kNetworkMergeWidth = "width";
inline constexpr const char* kNetworkMergeThreads = "threads";
inline constexpr const char* kNetworkMergeLists = "lists";
inline constexpr const char* kNetworkMergeChunk = "chunk";
inline constexpr const char* kNetworkMergeKeys = "keys";
inline constexpr const char* kNetworkMergeLevels = "levels";
// The kernels are compiled for these values (param_dispatch.h): the specs offer exactly these.
inline constexpr int kNetworkMergeWidths[] = {4, 8, 16, 32, 64, 128};
inline constexpr int kNetworkMergeThreadChoices[] = {64, 128, 256, 512, 1024};
inline constexpr int kNetworkMergeListChoices[] = {1, 2, 4, 8, 16};
// 128 is the lecture chunk (kNetworkMergeLectureChunk): with the teaching tile of 64 x 2 keys,
// 256 keys are two runs whose one merge is cut at a merge-path splitter into two chunks (§5.1 Step
// 2), as every pass of a large input is. The chunk is a run-time value of the kernels (no kernel is
// compiled per chunk), so it adds none; it is never fast (a network call merges few keys).
inline constexpr int kNetworkMergeChunkChoices[] = {128, 256, 512, 1024, 2048, 4096};
inline constexpr int kNetworkMergeLectureChunk = 128;
// The teaching tile: 64 threads x 2 keys (one comparator per thread and layer, as §5.3's block sort).
inline constexpr int kNetworkMergeTeachingThreads = 64;
inline constexpr int kNetworkMergeTeachingKeys = 2;
inline constexpr int kNetworkMergeKeyChoices[] = {2, 4, 8, 16, 32};
// §5.3 used 16-wide networks (two per warp) and 4 lists per block on a GTX 280; on an H200 64-wide
// networks (one warp each, network_merge_warp_kernel.cuh), 2 lists a block and 4096-key tiles
// (512 threads x 8 keys) measured fastest (docs/performance-history.md, 2026-11-26, session 7); width,
// threads and keys are `auto`, these values unless the item type's row says otherwise
// (network_merge_auto_width/threads/keys, sessions 8 and 9: 4-byte keys take S = 128 with
// transposes). Teaching values keep the paper's 16 and 2 keys a thread.
inline constexpr int kNetworkMergeDefaultWidth = 64;
inline constexpr int kNetworkMergeDefaultThreads = 512;
inline constexpr int kNetworkMergeDefaultLists = 2;
// lists=auto takes 4 for 4-byte keys alone from this n (network_merge_auto_lists), else 2.
inline constexpr uint64_t kNetworkMergeFourListsFrom = uint64_t(1) << 22;
// Keys per block-sort thread: the tile is threads x keys.
inline constexpr int kNetworkMergeDefaultKeys = 8;
// Most outputs of one network in a pass (at most 2 x tile, so no unit straddles two pairs); the
// merge kernel stages a unit's whole input in shared memory (lists x chunk items per block).
inline constexpr int kNetworkMergeDefaultChunk = 2048;
// Shared memory a merge block may stage (Hopper allows 227 KB per block).
inline constexpr uint64_t kNetworkMergeMaxStageBytes = 192 * 1024;
// How measure mode's warp-per-network kernel runs the levels whose pairs lie in different lanes
// (network_merge_warp_kernel.cuh): `shuffle`, a warp shuffle per slot and level; `transpose`
// (S = 128 only), the buffer moved through shared memory twice a call so that every level pairs
// two registers of one thread; `auto`: transpose at S = 128, else shuffle. The result is the same.
enum class NetworkMergeLevels { Auto = 0, Shuffle = 1, Transpose = 2 };
inline constexpr int kNetworkMergeTransposeWidth = 128;
// How that kernel pads a list's last partial vector (keys alone): `flags`, a flag a slot and the
// flagged network for every call that holds padding; `largest`, the largest key (a pad equals a
// real key only where both are the same word; the real items are counted apart), so every call
// takes the unflagged network; auto: largest for keys alone (session 9, H200, 2^28 u32 at S = 64:
// 22.49 -> 20.15 ms; it made S = 128 with transposes the fastest). Items with values always flag.
enum class NetworkMergePadding { Auto = 0, Flags = 1, Largest = 2 };
inline constexpr const char* kNetworkMergePadding = "padding";
// How levels=transpose writes a call's lower half (four consecutive items a lane, layout C):
// `scalar`, one store an item (what the compiler made of a plain 16-byte store, session 8's PTX);
// `vector`, one 16-byte st.global.v4 (two for 8-byte items) where the address is aligned;
// auto: vector (session 9, H200, 2^28 u32 keys: 16.56 -> 16.10 ms; u32 + values 56.10 -> 55.79 ms).
// The words written are the same.
enum class NetworkMergeStores { Auto = 0, Scalar = 1, Vector = 2 };
inline constexpr const char* kNetworkMergeStores = "stores";
// threads x keys: the block sort's tile (16 keys a thread: at most 512 threads; the tile and its
// kernel's registers stay what one block of an SM holds). 4-byte items (32-bit keys alone) may
// take 1024 x 16 (one merge pass fewer; 84 KB of shared memory, 64 registers a thread).
inline constexpr uint64_t kNetworkMergeMaxTile = 8192;
inline constexpr uint64_t kNetworkMergeMaxTile4 = 16384;
constexpr uint64_t network_merge_max_tile(uint64_t item_bytes) {
  return item_bytes == 4 ? kNetworkMergeMaxTile4 : kNetworkMergeMaxTile;
}
// Keys a block-sort thread holds: 32 for 4-byte items only (32 registers of keys and 32 of
// partners; more in-thread layers, fewer through shared memory), else at most 16.
constexpr int network_merge_max_keys(uint64_t item_bytes) { return item_bytes == 4 ? 32 : 16; }
// lists x width: the threads of a merge block.
inline constexpr int kNetworkMergeMaxMergeThreads = 512;
// Merge units are counted in 32 bits on the GPU.
inline constexpr uint64_t kNetworkMergeMaxKeys = uint64_t(1) << 32;

const std::vector<ParamSpec>& network_merge_params();
// Lecture sizes (kernels/teaching_params.h), beside the specs' fixed teaching values (S = 16, the
// 64 x 2 tile): the lecture chunk where the input is at most two teaching tiles (256 keys), whose
// one merge the default chunk (2 x tile) would leave uncut; larger inputs keep it, their later
// passes being cut already.
ParamValues network_merge_teaching_params(uint64_t n);

// What `width=auto`, `threads=auto` and `keys=auto` (the defaults) become for an item type: the
// fastest measured on an H200 (docs/performance-history.md, sessions 8 and 9).
int network_merge_auto_width(KeyType type, bool with_values);
int network_merge_auto_threads(KeyType type, bool with_values);
int network_merge_auto_keys(KeyType type, bool with_values);
// What `lists=auto` becomes: it depends on n too (sessions 9 and 10: 4 for 4-byte keys alone from 2^22).
int network_merge_auto_lists(KeyType type, bool with_values, uint64_t n);

struct NetworkMergePlan {
  KeyType key_type = KeyType::U32;
  bool with_values = false;
  uint64_t n = 0;
  int width = kNetworkMergeDefaultWidth;      // S: the network merges two S-vectors
  int threads = kNetworkMergeDefaultThreads;  // block sort threads
  int keys = kNetworkMergeDefaultKeys;        // keys per block sort thread
  int lists = kNetworkMergeDefaultLists;      // networks (merge units) per merge block
  bool transpose = false;                     // measure mode's levels (NetworkMergeLevels, resolved)
  bool largest_pad = false;                   // measure mode's padding (NetworkMergePadding, resolved)
  bool vector_stores = false;                 // levels=transpose's stores (NetworkMergeStores, resolved)
  uint64_t tile = 0;    // threads x keys: keys per block-sort tile
  uint64_t tiles = 0;   // ceil(n / tile)
  uint64_t chunk = 0;   // min(`chunk`, 2 x tile): most outputs one network merges in a pass
  int block_stages = 0; // log2(tile): runs of 2, 4, ..., tile
  int passes = 0;       // merge passes: runs of tile, 2 tile, ... until one run holds n
  int levels() const;   // log2(2S): comparator levels of one network call
  uint64_t item_bytes() const;  // bytes of one item on the GPU (merge/merge_items.h)
  // Shared memory of one merge block: every network's staged unit, and (S > 32) the 2S-slot
  // exchange buffer of the levels whose pairs lie in different warps (explain mode) or the three
  // 2S-slot transpose buffers (levels=transpose), whichever is larger.
  uint64_t merge_smem_bytes() const;

  uint64_t run_in(int pass) const { return tile << pass; }
  // Pairs of runs in a pass; its merge units: ceil(n / chunk), unit u writes outputs
  // [u * chunk, ...) of the pass, merge/two_way_plan.h's merge_tile(n, chunk, run_in(pass), u)
  // (2 x run is a multiple of chunk, so no unit straddles two pairs).
  uint64_t pairs(int pass) const;
  uint64_t units() const { return (n + chunk - 1) / chunk; }
  bool chunked(int pass) const { return 2 * run_in(pass) > chunk; }
  // The unit shown in explain mode: the first of the first pair (its A is a whole run and its B not
  // empty in every pass, so it always makes at least one network call).
  uint64_t highlight_unit(int /*pass*/) const { return 0; }
  std::string describe() const;
};

// Throws std::invalid_argument for values no kernel is compiled for, std::runtime_error for n too large.
NetworkMergePlan make_network_merge_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params);

// Pseudo-code, step kinds (their values index the catalog; timeline.h: make_step), launches.
const std::vector<std::string>& network_merge_pseudo_code();
enum class NetworkMergeStep { Input, BlockSort, Network, Partition, Merge };
const std::vector<StepKind>& step_kinds_of(NetworkMergeStep);

// Measure-mode launches in order: the block sort, then per pass a partition (chunked passes only)
// and a merge.
inline constexpr int kNetworkMergeBlockSortLaunch = 0;
int network_merge_partition_launch_index(const NetworkMergePlan& plan, int pass);  // -1: none
int network_merge_merge_launch_index(const NetworkMergePlan& plan, int pass);
std::string network_merge_block_sort_launch(const NetworkMergePlan& plan);
std::string network_merge_partition_launch(const NetworkMergePlan& plan, int pass);
std::string network_merge_merge_launch(const NetworkMergePlan& plan, int pass);

}  // namespace sortscope
