#pragma once
// The 4-way merge pass of the two-way sort (ways=4; four_way_split.h): two merge levels in one pass
// over memory. Before it, the two-way partition kernel puts its splits on every tile-th diagonal of
// every pair of runs of L (the grid); then
//
//  four_way_split_kernel  one thread per output tile: the tile's split (a, b, c, d) in its group of
//                         four runs (four_way_split: grid points first, then one tile's window);
//  four_way_merge_kernel  block t loads its shares of A, B, C and D (between its split and the
//                         next, together one tile) into shared memory, merges A with B and C with D
//                         into a second buffer (every thread VT outputs of the two merges laid end
//                         to end, merge path + serial merge), then the two halves into registers
//                         (merge_share_regs, as the 2-way merge kernel does) and stores the tile.
//
// Ties go left at both levels, so the output is the two 2-way levels' exactly.
#include "four_way_split.h"
#include "two_way_kernels.cuh"

namespace sortscope::merge {

// Splits of every output tile: a, b, c per tile (d = rank - a - b - c), from `grid` (the partition
// kernel's splits of the same input with runs of run_in).
template <class T>
__global__ void four_way_split_kernel(const typename T::Item* __restrict__ in, uint64_t n, uint64_t tile,
                                      uint64_t run_in, uint64_t tiles, const uint64_t* __restrict__ grid,
                                      uint64_t* splits4) {
  const uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  wait_for_previous_grid();
  allow_next_grid();
  if (t >= tiles) return;
  const FourWayTile m = four_way_tile(n, tile, run_in, t);
  const uint64_t* ab = grid + m.begin / tile;
  const uint64_t* cd = grid + (m.begin + m.ab_len()) / tile;  // used only when C is not empty
  const FourWaySplit s = four_way_split<T>(in + m.begin, m, m.rank, tile, GridAt{ab}, GridAt{cd});
  splits4[3 * t] = s.a;
  splits4[3 * t + 1] = s.b;
  splits4[3 * t + 2] = s.c;
}

// The share of one tile: element idx is A's (idx < na), then B's, C's, D's; each source pointer
// points as many elements before its share as precede it in the tile (as load_share's b_src).
template <class E>
struct FourShares {
  const E *a, *b, *c, *d;
  int na, nab, nabc;
  __device__ __forceinline__ E at(int idx) const {
    return idx < na ? a[idx] : idx < nab ? b[idx] : idx < nabc ? c[idx] : d[idx];
  }
};

template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) four_way_merge_kernel(const typename T::Item* __restrict__ in, uint64_t n,
                                                            uint64_t run_in, const uint64_t* __restrict__ splits4,
                                                            typename T::Item* out_items, typename T::Key* out_keys,
                                                            uint32_t* out_values) {
  using Item = typename T::Item;
  constexpr int kTile = NT * VT;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Item* smem = reinterpret_cast<Item*>(smem_raw);  // the share, later the tile out
  Item* level = smem + kTile + kSmemPad;            // merge(A, B) then merge(C, D)
  const int tid = threadIdx.x;
  const uint64_t t = blockIdx.x;
  const FourWayTile m = four_way_tile(n, uint64_t(kTile), run_in, t);
  wait_for_previous_grid();
  allow_next_grid();
  const uint64_t a0 = splits4[3 * t], b0 = splits4[3 * t + 1], c0 = splits4[3 * t + 2];
  const uint64_t d0 = m.rank - a0 - b0 - c0;
  const uint64_t end = m.rank + m.count;
  const bool last = end == m.len();
  const uint64_t a1 = last ? m.a_len : splits4[3 * t + 3], b1 = last ? m.b_len : splits4[3 * t + 4],
                 c1 = last ? m.c_len : splits4[3 * t + 5];
  const uint64_t d1 = end - a1 - b1 - c1;
  const int na = int(a1 - a0), nb = int(b1 - b0), nc = int(c1 - c0), nd = int(d1 - d0);
  const int nab = na + nb, count = int(m.count);
  const Item* g = in + m.begin;
  const FourShares<Item> sh{g + a0, g + m.a_len + b0 - na, g + m.ab_len() + c0 - nab,
                            g + m.ab_len() + m.c_len + d0 - (nab + nc), na, nab, nab + nc};

  Item r[VT];
  if (count == kTile) {
#pragma unroll
    for (int i = 0; i < VT; ++i) r[i] = sh.at(i * NT + tid);
  } else {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (i * NT + tid < count) r[i] = sh.at(i * NT + tid);
  }
  stage_share<NT, VT>(r, count, smem);
  __syncthreads();

  // Level 1: outputs [d, d + VT) of merge(A, B) followed by merge(C, D); the one thread whose
  // outputs cross from the first merge into the second finishes the first and starts the second at
  // its beginning (merge_path.h's serial merge, counted).
  const int d = tid * VT;
  if (d + VT <= nab || (d >= nab && d < count)) {
    // Inside one merge (the common case): the register serial merge, one shared load an output (its
    // read one past the merge's B is C's first item or the padding, never output).
    const bool first = d < nab;
    const int base = first ? 0 : nab, nx = first ? na : nc, ny = first ? nb : nd, diag = d - base;
    const int xi = merge_path<T, int>(smem + base, nx, smem + base + nx, ny, diag);
    Item y[VT];
    serial_merge_regs<T, VT>(smem + base, xi, nx, nx + diag - xi, nx + ny, y);
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (d + i < count) level[d + i] = y[i];
  } else if (d < count) {
    const int mine = min(VT, count - d);
    int done = 0;
    if (d < nab) {
      done = min(mine, nab - d);
      const int ai = merge_path<T, int>(smem, na, smem + na, nb, d);
      serial_merge<T, int>(smem, ai, na, smem + na, d - ai, nb, done, level + d);
    }
    if (done < mine) {
      const Item* c = smem + nab;
      const int dc = d + done - nab;
      const int ci = merge_path<T, int>(c, nc, c + nc, nd, dc);
      serial_merge<T, int>(c, ci, nc, c + nc, dc - ci, nd, mine - done, level + d + done);
    }
  }
  __syncthreads();

  // Level 2: the two halves into registers, as the 2-way merge kernel merges its share.
  Item x[VT];
  merge_share_regs<T, VT>(level, MergeShare{0, 0, nab, count - nab, count}, x);
  // smem was last read before the barrier above.
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  store_tile<T, NT, VT>(smem, count, t * kTile, out_items, out_keys, out_values);
}

}  // namespace sortscope::merge
