#pragma once
// network-merge's device scratch (common/scratch_layout.h): the items of the passes' ping-pong,
// the chunk splits, and in explain mode the items split into keys and values for the capture
// store. Host code (no CUDA); the Algorithm's scratch_bytes reports the same layout.
#include <cstdint>

#include "common/scratch_layout.h"
#include "primitives/items/unpack_scratch.h"
#include "network_merge_plan.h"

namespace sortscope::merge {

template <class T>
struct NetworkMergeScratch {
  ScratchLayout layout;
  ScratchBuffer<typename T::Item> runs_in, runs_out;  // the block sort writes runs_in; passes ping-pong
  ScratchBuffer<uint64_t> splits;                     // units + 1 A-splits (chunked passes)
  UnpackScratch<T> unpack;
};

template <class T>
NetworkMergeScratch<T> network_merge_scratch(const NetworkMergePlan& p, bool explain) {
  NetworkMergeScratch<T> s;
  if (p.n == 0) return s;
  ScratchLayout& l = s.layout;
  // Explain mode runs the block sort stage by stage through runs_in even for one tile.
  if (p.passes > 0 || explain) s.runs_in = l.add<typename T::Item>("runs_in", p.n);
  if (p.passes > 0) {
    s.runs_out = l.add<typename T::Item>("runs_out", p.n);
    s.splits = l.add<uint64_t>("splits", p.units() + 1);
  }
  if (explain) s.unpack = add_unpack_scratch<T>(l, p.n);
  return s;
}

}  // namespace sortscope::merge
