#pragma once
// Pipelined 4-way merging on the GPU (Leischner 2010 §5.3.5, Fig. 8): one block of B threads runs a
// tree of three block-wise mergers (multiway_block.cuh) with two ring buffers of 2B items in shared
// memory between its levels, on the schedule of pipelined_schedule.h: per round the leaves with
// room refill their rings (one Alg. 4 step each), then the head takes a B-block from one ring and
// writes B keys. All threads operate one merger at a time, as the thesis's implementation does;
// every decision is the block's (thread 0's through a flag), so the control flow and the barriers
// are uniform. The model (pipelined_model.cpp) takes the same steps, so the captured rounds are its.
// part_pipelined_kernel runs a part's tree of 4-way nodes as part_merge_kernel runs its two-way
// tree (multiway_kernels.cuh). CUDA only.
#include <cstdint>

#include <cuda_runtime.h>

#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "multiway_block.cuh"
#include "multiway_capture.h"
#include "multiway_kernels.cuh"
#include "multiway_round.h"
#include "pipelined_schedule.h"

namespace sortscope::merge {

template <class T, int B>
struct PipelineShared {
  typename T::Item buf[3][2 * B];  // the leaves' and the head's merge buffers
  uint8_t tag[3][2 * B];
  typename T::Item ring[2][2 * B]; // leaf i's output, read by the head
  int flag[3];                     // each merger's decision
};

// Merges piece[0..3] (len[i] items) into z with the tree. cap: the highlighted node's rounds.
template <class T, int B>
__device__ void pipelined_merge(const typename T::Item* const piece[4], const uint32_t len[4],
                                typename T::Item* z_items, typename T::Key* z_keys, uint32_t* z_values,
                                PipelineShared<T, B>& sh, const BufferCapture* cap) {
  using Item = typename T::Item;
  const int tid = threadIdx.x;
  const uint32_t n[2] = {len[0] + len[1], len[2] + len[3]}, total = n[0] + n[1];
  if (total == 0) return;
  constexpr uint32_t kCap = 2 * B;
  RegisterBlocks<T, B> leaf[2];
  leaf[0].init(piece[0], len[0], piece[1], len[1]);
  leaf[1].init(piece[2], len[2], piece[3], len[3]);
  uint32_t produced[2] = {0, 0};
  uint32_t hx = 0, hy = 0;  // the head's taken counts (whole blocks, as RegisterBlocks' ux, uy)
  // The bitonic network keeps the retained keys in [B, 2B): the first load goes there.
  for (int i = 0; i < 2; ++i)
    if (n[i]) leaf[i].load(sh.buf[i], sh.tag[i], &sh.flag[i], B);
  __syncthreads();  // the flags are read before a leaf's first step rewrites its own
  const uint32_t rounds = pipe_rounds(total, B);
  for (uint32_t r = 0; r < rounds; ++r) {
    uint8_t ran = 0;
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      if (!pipe_leaf_refills(n[i], produced[i], i == 0 ? hx : hy, B)) continue;
      leaf[i].load(sh.buf[i], sh.tag[i], &sh.flag[i], 0);
      __syncthreads();
      bitonic_merge_buffer<T, B>(sh.buf[i], sh.tag[i]);
      if (produced[i] + tid < n[i]) sh.ring[i][(produced[i] + tid) % kCap] = sh.buf[i][tid];
      produced[i] = produced[i] + B < n[i] ? produced[i] + B : n[i];
      ran |= uint8_t(1u << i);
    }
    __syncthreads();  // the rings hold the refills before the head reads them
    const bool capture = cap && r < cap->max_steps;
    if (capture && tid == 0) {
      cap->leaves[r] = ran;
      cap->fill[2 * r] = pipe_fill(n[0], produced[0], hx);
      cap->fill[2 * r + 1] = pipe_fill(n[1], produced[1], hy);
    }
    // The head: Alg. 4's decision on the rings' heads, its block from the ring.
    Item* hbuf = sh.buf[2];
    uint8_t* htag = sh.tag[2];
    if (tid == 0) {
      const bool has_x = hx < n[0], has_y = hy < n[1];
      sh.flag[2] = has_x && (!has_y || !(T::key(sh.ring[1][hy % kCap]) < T::key(sh.ring[0][hx % kCap]))) ? 0
                                                                                                          : (has_y ? 1 : 2);
    }
    __syncthreads();
    const int code = sh.flag[2];
    const int half = r == 0 ? B : 0;
    const uint32_t pos = (code == 0 ? hx : hy) + tid;
    const bool real = code != 2 && pos < n[code == 0 ? 0 : 1];
    hbuf[half + tid] = real ? sh.ring[code == 0 ? 0 : 1][pos % kCap] : max_item<T>();
    htag[half + tid] = real ? (code == 0 ? kTagX : kTagY) : kTagPad;
    if (code == 0) hx += B;
    if (code == 1) hy += B;
    if (capture && tid == 0) {
      cap->loaded_from[r] = uint8_t(code);
      cap->out_begin[r] = uint64_t(r) * B < total ? uint64_t(r) * B : total;
    }
    __syncthreads();  // the block is in the head's buffer (and the flag read) before anyone goes on
    if (r > 0) {
      bitonic_merge_buffer<T, B>(hbuf, htag);
      const uint32_t o = (r - 1) * B + tid;
      if (o < total) store_item<T>(z_items, z_keys, z_values, o, hbuf[tid]);
    }
  }
  if (cap && tid == 0) *cap->steps = rounds;
}

// One block per part: the part's k pieces as a tree of pipelined 4-way nodes, the first
// `max_level + 1` levels (explain mode stops early to snapshot a level). Level L-1 writes
// final_keys/values when set.
template <class T, int B>
__global__ void __launch_bounds__(B) part_pipelined_kernel(const typename T::Item* __restrict__ in, RoundArgs a,
                                                           typename T::Item* scratch, typename T::Item* out,
                                                           typename T::Key* final_keys, uint32_t* final_values,
                                                           int levels, int max_level, BufferCapture cap) {
  using Item = typename T::Item;
  __shared__ PipelineShared<T, B> sh;
  __shared__ uint32_t off[257];
  const uint64_t part = blockIdx.x;
  const PartPieces pp = part_pieces(a, part, off);
  if (!pp.live) return;
  const uint32_t k = a.k;
  const int last = levels - 1 < max_level ? levels - 1 : max_level;
  for (int l = 0; l <= last; ++l) {
    Item* dst = (level_writes_output(l, levels) ? out : scratch) + pp.part_begin;
    const Item* prev = (level_writes_output(l - 1, levels) ? out : scratch) + pp.part_begin;
    const bool split = l == levels - 1 && final_keys;
    const uint32_t width = tree_width(l, 4);
    for (uint32_t ia = 0; ia < k; ia += 4 * width) {
      const Item* src[4];
      uint32_t len[4];
#pragma unroll
      for (uint32_t c = 0; c < 4; ++c) {
        const uint32_t lo = ia + c * width < k ? ia + c * width : k, hi = lo + width < k ? lo + width : k;
        len[c] = off[hi] - off[lo];
        src[c] = l > 0 ? prev + off[lo] : (lo < k ? in + pp.seq[lo] + pp.s0[lo] : in);
      }
      const BufferCapture* c = (part == cap.part && l == 0 && ia == 0) ? &cap : nullptr;
      pipelined_merge<T, B>(src, len, split ? nullptr : dst + off[ia], split ? final_keys + pp.part_begin + off[ia] : nullptr,
                            split && final_values ? final_values + pp.part_begin + off[ia] : nullptr, sh, c);
      __syncthreads();
    }
  }
}

}  // namespace sortscope::merge
