#pragma once
// The auxiliary snapshots several algorithm families record (comparator networks, thread-block
// tiles); the array view draws them over the keys. A family's own snapshot types live in its folder
// (kernels/radix/radix_aux.h, kernels/merge/merge_aux.h); a step holds any of them as AuxData.
#include <cstdint>

#include "aux_data.h"

namespace sortscope {

// Bitonic / odd-even networks: one comparator layer. In Sortscope's formulation every comparator
// puts the smaller key at the lower index; the first layer of each merge compares i with its mirror
// inside the merge block (mirrored = true), later layers compare i with i + stride (half-cleaners).
struct ComparatorStage {
  uint64_t merge_size = 0;  // size of the sequences being merged into sorted runs (2, 4, ..., N)
  uint64_t stride = 0;      // distance of the compared pair (merge_size/2 for the mirrored layer)
  bool mirrored = false;
};

// One layer (p, k) of Batcher's odd-even merge network (kernels/sample/odd_even_network.h): runs of
// p merged into runs of 2p, comparators at distance k, only inside blocks of 2p. Its comparators
// differ from a bitonic layer's (no mirrored layer; later layers skip the first k of each run), so
// it has its own snapshot; the array view draws both as arcs.
struct OddEvenStage {
  uint64_t p = 1;
  uint64_t k = 1;
};

// Which thread block owns which keys in the step's kernel launch: block b owns
// [b * tile_keys, (b + 1) * tile_keys). A global-stride launch has tile_keys = keys per block too.
struct BlockOwnership {
  uint64_t tile_keys = 0;
};

// The merge sorts: how the array stands in runs after the step. Positions [i * run_keys, (i + 1) *
// run_keys) are run i (the last may be shorter). sorted: each run is sorted (after a block sort or
// a merge pass); false: each is a stretch still being merged (a multiway round's parts between its
// levels, Leischner 2010 §5.3). The array view colours keys by it (colour by run).
struct SortedRuns {
  uint64_t run_keys = 0;
  bool sorted = true;
};

}  // namespace sortscope
