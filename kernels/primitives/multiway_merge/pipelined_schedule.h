#pragma once
// The schedule of pipelined 4-way merging (Leischner 2010 §5.3.5, Fig. 8), host and device, so the
// CPU model (merge/pipelined_model.cpp) and the kernel (multiway_pipelined.cuh) take the same steps.
//
// One thread block of b threads runs a tree of three block-wise two-way mergers (§5.3.4, Alg. 4):
// leaf 0 merges pieces 0 and 1, leaf 1 pieces 2 and 3, each into its own buffer of 2b keys in
// shared memory (a ring: a leaf writes b keys a step at its end, the head takes b keys a step at
// its start); the head merges the two buffers' streams into the output. "In each step all threads
// of the thread block operate one of the mergers on the first level of the tree and then on the
// head of the tree" (§5.3.5). A round here: every leaf whose buffer has room for b more keys (holds
// at most b not yet taken) and still has input runs one step, then the head runs one step (round 0:
// the head's first load, which writes nothing). Before the head decides, each buffer so holds its
// next b keys or all its leaf has left, which is what Alg. 4's head comparison and block load need.
#include <cstdint>

#include "common/host_device.h"

namespace sortscope::merge {

// Keys a leaf buffer holds: its leaf's `produced` outputs less what the head has `taken` (the head
// counts whole blocks, so taken may pass the stream's end `n`).
SORTSCOPE_HD uint32_t pipe_fill(uint32_t n, uint32_t produced, uint32_t taken) {
  return produced - (taken < n ? taken : n);
}

// Whether a leaf runs a step this round: it has input left and its buffer room for b more keys.
SORTSCOPE_HD bool pipe_leaf_refills(uint32_t n, uint32_t produced, uint32_t taken, uint32_t b) {
  return produced < n && pipe_fill(n, produced, taken) <= b;
}

// Rounds of a 4-way merge of `total` keys: the head's first load, then one per b outputs.
SORTSCOPE_HD uint32_t pipe_rounds(uint32_t total, uint32_t b) { return total ? 1 + (total + b - 1) / b : 0; }

}  // namespace sortscope::merge
