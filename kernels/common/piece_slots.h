#pragma once
// Named slots (DESIGN.md, "Floors"): the seams in the families' GPU pipelines where another
// implementation of one piece runs instead of the built-in one, with the same inputs and the same
// contract. The kernel lab (kernels/lab, app/lab) plugs a student's kernel in here; a test plugs a
// deliberately broken piece in and sees verification fail.
//
// A slot is a plain function pointer and a context: empty means the built-in piece, so a pipeline
// pays one pointer test per launch when no slot is set (measure mode's speed is unchanged). The
// arguments are the piece's buffers and sizes as the built-in kernel gets them; words are ordered
// bits (common/key_type.h), 4 or 8 bytes (`word_bytes`). Every pointer is device memory. The piece
// launches on `stream` and must not synchronise it.
#include <cstdint>

#include "gpu_stream.h"

namespace sortscope {

template <class Args>
struct PieceSlot {
  using Launch = void (*)(void* context, const Args& args, GpuStream stream);
  Launch launch = nullptr;  // null: the built-in piece
  void* context = nullptr;
  explicit operator bool() const { return launch != nullptr; }
  void operator()(const Args& args, GpuStream stream) const { launch(context, args, stream); }
};

// Bitonic (Batcher 1968; the plan's flip/half-cleaner form, primitives/networks/bitonic_network.h): one global layer
// over n_padded words (a power of two). For merge size k and stride j (powers of two, j < k) word
// i pairs with i ^ (k - 1) when j == k / 2 (the flip) and with i ^ j otherwise; the lower index
// keeps the smaller word.
struct CompareExchangeLayerArgs {
  void* keys;
  int word_bytes;
  uint64_t n_padded, k, j;
};

// Radix sort, reduce-then-scan (Merrill & Grimshaw 2010 §4.1), one digit place: block b of `blocks`
// counts the digits ((word >> shift) & (2^bits - 1)) of keys [b * block_keys, min(n, (b+1) *
// block_keys)) into counts[digit * blocks + b] (digit-major) and adds each count to
// digit_totals[digit] (zeroed before).
struct DigitHistogramArgs {
  const void* keys;
  int word_bytes;
  uint32_t n, block_keys, blocks;
  int shift, bits;
  uint32_t* counts;
  uint32_t* digit_totals;
};

// Radix sort, the top-level scan: offsets[d * blocks + b] = (keys of digits < d) + (keys of digit
// d in blocks < b), from the counts and totals the histogram wrote.
struct DigitScanArgs {
  const uint32_t* counts;
  const uint32_t* digit_totals;
  uint32_t* offsets;
  uint32_t digits, blocks;
};

// Merge sort's partition (Odeh et al. 2012, merge path): for every output tile t of a pass with
// input runs of run_in words, splits[t] = how many of the tile's first `diag` outputs come from A
// (ties to A), for the pair of runs and diagonal merge::merge_tile(n, tile, run_in, t) gives.
struct MergePathArgs {
  const void* runs;
  int word_bytes;
  uint64_t n, tile, run_in, tiles;
  uint64_t* splits;
};

// Merge sort's first pass (the block sort): tile b of `tile` words of `in` (b * tile .. ) sorted
// into `out` at the same place, the words past n (the last tile's tail) not written. in == out is
// allowed (a single tile sorts in place). `threads` is the plan's block-sort threads.
struct BlockSortArgs {
  const void* in;
  void* out;
  int word_bytes;
  uint64_t n, tile, tiles;
  int threads;
};

// Sample sort's bucket index (Leischner, Osipov, Sanders 2010 §6.2 Steps 2 and 4, Algorithm 6):
// buckets[i] = the child bucket b (0 .. 2^log_k - 1) of word i of one parent bucket's n words at
// `keys`, the one with s_b < word <= s_(b+1) (a word equal to a splitter goes left; s_0 = -inf,
// s_k = +inf), where tree[1 .. k-1] holds the parent's k - 1 splitters as a search tree in 1-based
// heap order (primitives/search_tree/search_tree.h; tree[0] is not part of the descent). Called once
// per parent of a pass whose sample is not degenerate (a degenerate sample splits three ways around
// one key, which stays built in); the pass's count and scatter kernels then read these buckets
// instead of descending the tree themselves.
struct BucketIndexArgs {
  const void* keys;
  int word_bytes;
  uint64_t n;
  const void* tree;
  int log_k;
  uint32_t* buckets;
};

// Every slot of every family, all empty by default. GpuRunContext::slots points at one (or is
// null: the built-in pieces everywhere).
struct PieceSlots {
  PieceSlot<CompareExchangeLayerArgs> compare_exchange_layer;  // bitonic
  PieceSlot<DigitHistogramArgs> digit_histogram;               // radix (reduce-then-scan)
  PieceSlot<DigitScanArgs> digit_scan;                         // radix (reduce-then-scan)
  PieceSlot<MergePathArgs> merge_path;                         // merge (two-way)
  PieceSlot<BlockSortArgs> block_sort;                         // merge (two-way), first pass
  PieceSlot<BucketIndexArgs> bucket_index;                     // sample sort, level 1
};

// The slot of `slots` picked by `member`, or an empty one when slots is null.
template <class Args>
const PieceSlot<Args>* slot_of(const PieceSlots* slots, PieceSlot<Args> PieceSlots::*member) {
  return slots && (slots->*member) ? &(slots->*member) : nullptr;
}

}  // namespace sortscope
