#pragma once
// The split of a 4-way merge pass (`merge`'s ways=4: two levels of the two-way sort in one pass over
// memory). A group of four consecutive sorted runs A, B, C, D becomes merge(merge(A, B), merge(C, D))
// with ties to the left at both levels (merge path's rule, merge_path.h), i.e. exactly what two
// 2-way passes make, so the sort stays stable and the CPU model's 2-way levels stay its truth.
//
// Output tile t covers ranks [r, r + tile) of its group's output. Its split (a, b, c, d) is found by
// nested merge paths (Odeh et al. 2012 applied twice): the outer one on the virtual runs AB =
// merge(A, B) and CD = merge(C, D) gives x = a + b (AB's share of the first r outputs), where the
// k-th element of AB is read off the inner split of AB's diagonal k; then a = the inner split of
// AB at x and c = that of CD at r - x. A plain nested binary search costs O(log^2 L) dependent
// loads per tile (~800 at L = 2^27): too slow. So the pass's partition first puts the ordinary
// 2-way splits on every tile-th diagonal of every pair (A, B) and (C, D) (the grid: the two-way
// partition kernel with runs of L), and the outer search here runs in two stages: over grid points
// only (AB's element at a grid diagonal and CD's last element before one are read off grid splits in
// O(1): r is a multiple of the tile, so both diagonals are grid points), then inside the one tile
// wide window left, where each probe's inner search is narrowed to the tile by the grid split below
// it (about 12 x 12 probes, all within a few KiB: cache hits; AB's and CD's inner searches run in
// lockstep, so the chain of dependent loads is about 12 x 12, not 12 x 24).
// Host and device: the CPU tests run the same code against a brute-force merge.
#include <cstdint>

#include "common/binary_search.h"
#include "common/host_device.h"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"

namespace sortscope::merge {

// Output tile t of a 4-way pass over runs of run_in keys: its group (A starts at `begin`; B, C and
// D follow; the last group may be short: its runs fill in order, so only one is partial and the
// ones after it are empty), the rank of the tile's first output in the group and its outputs.
struct FourWayTile {
  uint64_t begin = 0;
  uint64_t a_len = 0, b_len = 0, c_len = 0, d_len = 0;
  uint64_t rank = 0, count = 0;
  SORTSCOPE_HD uint64_t ab_len() const { return a_len + b_len; }
  SORTSCOPE_HD uint64_t cd_len() const { return c_len + d_len; }
  SORTSCOPE_HD uint64_t len() const { return a_len + b_len + c_len + d_len; }
};

SORTSCOPE_HD uint64_t four_way_take(uint64_t& rest, uint64_t run_in) {
  const uint64_t len = rest < run_in ? rest : run_in;
  rest -= len;
  return len;
}

SORTSCOPE_HD FourWayTile four_way_tile(uint64_t n, uint64_t tile, uint64_t run_in, uint64_t t) {
  const uint64_t out = t * tile;
  FourWayTile m;
  m.begin = out / (4 * run_in) * (4 * run_in);
  uint64_t rest = n - m.begin;
  m.a_len = four_way_take(rest, run_in);
  m.b_len = four_way_take(rest, run_in);
  m.c_len = four_way_take(rest, run_in);
  m.d_len = four_way_take(rest, run_in);
  m.rank = out - m.begin;
  const uint64_t left = m.len() - m.rank;
  m.count = left < tile ? left : tile;
  return m;
}

// A grid of 2-way splits read from an array: splits[k] is the split of diagonal k * tile (the
// partition kernel's output, offset to the pair's first tile). Host and device.
struct GridAt {
  const uint64_t* splits;
  SORTSCOPE_HD uint64_t operator()(uint64_t k) const { return splits[k]; }
};

// A split of a group: how many of the first `rank` outputs come from A, B, C and D.
struct FourWaySplit {
  uint64_t a = 0, b = 0, c = 0, d = 0;
};

// The element at rank `diag` of merge(x, y) (the one a stable merge takes after `diag` outputs),
// given s, merge path's split of diagonal diag; diag < x_len + y_len.
template <class T, class Ptr>
SORTSCOPE_HD typename T::Item merged_at(Ptr x, uint64_t x_len, Ptr y, uint64_t y_len, uint64_t diag, uint64_t s) {
  const uint64_t j = diag - s;
  if (s >= x_len) return y[j];
  if (j >= y_len) return x[s];
  return item_less<T>(y[j], x[s]) ? y[j] : x[s];
}

// The element at rank diag - 1 (the last of the first diag outputs), given the split s of diag > 0:
// the later of x[s-1] and y[diag-s-1] in the merge, y's on equal keys (x goes first on ties).
template <class T, class Ptr>
SORTSCOPE_HD typename T::Item merged_before(Ptr x, Ptr y, uint64_t diag, uint64_t s) {
  const uint64_t j = diag - s;
  if (s == 0) return y[j - 1];
  if (j == 0) return x[s - 1];
  return item_less<T>(y[j - 1], x[s - 1]) ? x[s - 1] : y[j - 1];
}

// Merge path's split of diagonal diag of (x, y) lies in [lo, hi]: between the grid split at the tile
// boundary below diag, g = grid(diag / tile), and g + (diag - that boundary) (a split moves along x
// by at most one per output), within merge path's own bounds. A diagonal at or past the end: x_len.
struct PathWindow {
  uint64_t lo = 0, hi = 0, diag = 0;
};

template <class Grid>
SORTSCOPE_HD PathWindow grid_path_window(uint64_t x_len, uint64_t y_len, uint64_t diag, uint64_t tile,
                                         const Grid& grid) {
  if (diag >= x_len + y_len) return PathWindow{x_len, x_len, diag};
  const uint64_t k = diag / tile;
  const uint64_t g = grid(k);
  uint64_t lo = merge_path_lo(y_len, diag), hi = merge_path_hi(x_len, diag);
  lo = lo > g ? lo : g;
  const uint64_t g_hi = g + (diag - k * tile);
  hi = hi < g_hi ? hi : g_hi;
  return PathWindow{lo, hi, diag};
}

// Two merge-path searches (partition_point's bisection on each window) in lockstep: their probes
// are independent, so both loads of a step are in flight together and the chain of dependent
// loads is the longer search's, not the sum. Each window's lo ends at its split.
template <class T, class Ptr>
SORTSCOPE_HD void merge_paths_in_lockstep(Ptr x1, Ptr y1, PathWindow& w1, Ptr x2, Ptr y2, PathWindow& w2) {
  while (w1.lo < w1.hi || w2.lo < w2.hi) {
    const bool s1 = w1.lo < w1.hi, s2 = w2.lo < w2.hi;
    const uint64_t m1 = w1.lo + (w1.hi - w1.lo) / 2, m2 = w2.lo + (w2.hi - w2.lo) / 2;
    const bool t1 = s1 && !item_less<T>(y1[w1.diag - 1 - m1], x1[m1]);
    const bool t2 = s2 && !item_less<T>(y2[w2.diag - 1 - m2], x2[m2]);
    if (s1) {
      if (t1)
        w1.lo = m1 + 1;
      else
        w1.hi = m1;
    }
    if (s2) {
      if (t2)
        w2.lo = m2 + 1;
      else
        w2.hi = m2;
    }
  }
}

// The split of rank r (a multiple of `tile`, at most m.len()) of group m, whose runs start at a
// (B, C and D right after). grid_ab(k) / grid_cd(k): merge path's A- (C-) split of diagonal
// k * tile of the pair (A, B) ((C, D)), for k * tile below the pair's length.
template <class T, class Ptr, class GridAB, class GridCD>
SORTSCOPE_HD FourWaySplit four_way_split(Ptr a, const FourWayTile& m, uint64_t r, uint64_t tile,
                                         const GridAB& grid_ab, const GridCD& grid_cd) {
  const Ptr b = a + m.a_len, c = b + m.b_len, d = c + m.c_len;
  const uint64_t ab = m.ab_len(), cd = m.cd_len();
  // Outer merge path over AB and CD: true while AB[i] is among the first r outputs (ties to AB).
  uint64_t lo = merge_path_lo(cd, r), hi = merge_path_hi(ab, r);
  if (lo < hi) {
    // Stage 1: grid points i = k * tile in [lo, hi). CD's element r - 1 - i is the last before its
    // grid diagonal r - i (r and i multiples of the tile; r - i <= cd because i >= lo).
    const auto grid_cd_split = [&](uint64_t diag) { return diag >= cd ? m.c_len : grid_cd(diag / tile); };
    const uint64_t kl = (lo + tile - 1) / tile, kh = (hi + tile - 1) / tile;
    const uint64_t k = partition_point(kl, kh, [&](uint64_t kk) {
      const uint64_t i = kk * tile;
      const typename T::Item ab_i = merged_at<T>(a, m.a_len, b, m.b_len, i, grid_ab(kk));
      const typename T::Item cd_e = merged_before<T>(c, d, r - i, grid_cd_split(r - i));
      return !item_less<T>(cd_e, ab_i);
    });
    if (k > kl) lo = (k - 1) * tile + 1;  // grid point k - 1 was taken
    if (k < kh) hi = k * tile;            // grid point k was not
    // Stage 2: inside one tile, each probe's inner splits searched from the grid below them.
    lo = partition_point(lo, hi, [&](uint64_t i) {
      const uint64_t e = r - 1 - i;
      PathWindow wab = grid_path_window(m.a_len, m.b_len, i, tile, grid_ab);
      PathWindow wcd = grid_path_window(m.c_len, m.d_len, e, tile, grid_cd);
      merge_paths_in_lockstep<T>(a, b, wab, c, d, wcd);
      const typename T::Item ab_i = merged_at<T>(a, m.a_len, b, m.b_len, i, wab.lo);
      const typename T::Item cd_e = merged_at<T>(c, m.c_len, d, m.d_len, e, wcd.lo);
      return !item_less<T>(cd_e, ab_i);
    });
  }
  // x = lo outputs from AB, r - x from CD: their inner splits.
  PathWindow wab = grid_path_window(m.a_len, m.b_len, lo, tile, grid_ab);
  PathWindow wcd = cd ? grid_path_window(m.c_len, m.d_len, r - lo, tile, grid_cd) : PathWindow{};
  merge_paths_in_lockstep<T>(a, b, wab, c, d, wcd);
  FourWaySplit s;
  s.a = wab.lo;
  s.b = lo - s.a;
  s.c = wcd.lo;
  s.d = r - lo - s.c;
  return s;
}

}  // namespace sortscope::merge
