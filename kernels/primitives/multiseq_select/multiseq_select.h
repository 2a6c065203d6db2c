#pragma once
// Multi-sequence selection (Leischner 2010 §5.2): given k sorted sequences and a rank r, find the
// split s_i of every sequence such that the first s_i keys of sequence i, over all i, are the r
// smallest keys. Ties are broken by sequence index, then position: the order used throughout is
// (key, sequence, position), so selections for increasing r are consistent (each contains the
// smaller ones) and stable (equal keys are taken from lower sequences first), §5.2, App. A.2.
//
// The thesis's printed pseudo-code is damaged in extraction (seed-000, §1.3/§1.4); both selectors
// below are derived from the prose and the proofs, and tested against brute_force_select().
//
// Osipov's sequential selection (§5.2.1, App. A). Per sequence a window [lower, upper] that must
// hold the split, and a probe p in it (the tentative split). Invariant: positions < lower are
// selected, positions >= upper are not. With P = sum of probes:
//   P < r, or P = r but the tentative selection is not a prefix of the order: the smallest key not
//     tentatively selected (ties: lowest sequence index) is certainly selected - every key before it
//     is tentatively selected, so fewer than r keys precede it. Grow: lower := p + 1 and move the
//     probe up to the middle of the window (a binary-search step upward).
//   P > r: the largest tentatively selected key (ties: highest sequence index) is certainly not
//     selected - every key after it is unselected and at least r keys precede it. Shrink:
//     upper := p - 1, probe to the middle (a binary-search step downward).
//   P = r and the largest selected key precedes the smallest unselected one: done, splits = probes.
// Each step halves one window, so at most k * (log2 m + 1) steps; global L = sum lower and
// U = sum upper close in on r as in App. A (the windows need not collapse: the probes are the
// answer once they form a prefix). The min/max picks are the thesis's reduction over k samples.
//
// Multi-sequence quickselect (§5.2.2, Algorithm 3, duplicate-safe). Windows [lower, upper); each
// iteration picks a sequence uniformly among those with a non-empty window and a pivot key d
// uniformly in its window, then ranks d in every window: b_i = keys < d, t_i = keys <= d. With
// B = sum b_i, T = sum t_i: T < r: every key <= d is selected, lower := t; B > r: no key >= d is,
// upper := b; else B <= r <= T: the keys < d and gap = r - B keys equal to d, taken from the
// first sequences on (exclusive scan of x_i = t_i - b_i): split_i = b_i + clamp(gap - X_i, 0, x_i).
// (The printed loop test and fix-up lines are garbled; this is the prose's meaning.)
// "Random" is a counter-based hash of (seed, iteration), so the GPU kernel and the CPU model pick
// the same pivots.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "primitives/multiseq_select/selection_trace.h"
#include "primitives/items/item_traits.h"
#include "selection_step.h"

namespace sortscope::merge {

// k sorted sequences inside one array: sequence i is items[begin[i], begin[i + 1]).
template <class T>
struct SequenceSet {
  const typename T::Item* items = nullptr;
  const uint64_t* begin = nullptr;  // k + 1 offsets
  uint32_t k = 0;
  uint32_t length(uint32_t i) const { return uint32_t(begin[i + 1] - begin[i]); }
  typename T::Key key(uint32_t i, uint32_t pos) const { return T::key(items[begin[i] + pos]); }
  uint64_t total() const { return begin[k] - begin[0]; }
};

// Appends one iteration's state to a trace (iteration 0 = the initial state).
inline void trace_state(SelectionTrace* tr, const std::vector<uint32_t>& lower, const std::vector<uint32_t>& upper,
                        const std::vector<uint32_t>& probe, const std::vector<uint32_t>* probe_hi, int32_t chosen,
                        uint8_t grew, uint64_t pivot) {
  if (!tr) return;
  tr->lower.insert(tr->lower.end(), lower.begin(), lower.end());
  tr->upper.insert(tr->upper.end(), upper.begin(), upper.end());
  tr->probe.insert(tr->probe.end(), probe.begin(), probe.end());
  if (probe_hi) tr->probe_hi.insert(tr->probe_hi.end(), probe_hi->begin(), probe_hi->end());
  tr->chosen.push_back(chosen);
  if (tr->method == SelectionTrace::Osipov)
    tr->grew.push_back(grew);
  else
    tr->pivot.push_back(pivot);
}

inline void trace_begin(SelectionTrace* tr, SelectionTrace::Method method, uint32_t k, uint64_t rank,
                        const uint64_t* begin) {
  if (!tr) return;
  *tr = SelectionTrace{};
  tr->method = method;
  tr->k = k;
  tr->rank = rank;
  tr->seq_begin.assign(begin, begin + k + 1);
}

// Osipov's sequential selection; returns the iterations (grow/shrink steps) it took.
template <class T>
uint32_t osipov_select(const SequenceSet<T>& s, uint64_t rank, uint32_t* splits, SelectionTrace* tr = nullptr) {
  const uint32_t k = s.k;
  if (rank > s.total()) throw std::invalid_argument("multi-sequence selection: rank beyond the sequences");
  std::vector<uint32_t> lo(k, 0), hi(k), p(k, 0);
  for (uint32_t i = 0; i < k; ++i) hi[i] = s.length(i);
  uint64_t sum_p = 0;
  if (rank == s.total()) {  // everything: no search needed
    p = hi;
    sum_p = rank;
  }
  trace_begin(tr, SelectionTrace::Osipov, k, rank, s.begin);
  trace_state(tr, lo, hi, p, nullptr, -1, 0, 0);
  uint32_t it = 0;
  for (;; ++it) {
    if (it > kMaxSelectIterations) throw std::logic_error("osipov_select: no convergence");
    // Smallest tentatively unselected key (ties: lowest index), largest selected (ties: highest).
    int64_t imin = -1, jmax = -1;
    typename T::Key kmin{}, kmax{};
    for (uint32_t i = 0; i < k; ++i) {
      if (p[i] < s.length(i)) {
        const auto key = s.key(i, p[i]);
        if (osipov_min_first(key, i, kmin, imin)) imin = i, kmin = key;
      }
      if (p[i] > 0) {
        const auto key = s.key(i, p[i] - 1);
        if (osipov_max_first(key, i, kmax, jmax)) jmax = i, kmax = key;
      }
    }
    const OsipovMove move = osipov_decide(sum_p, rank, imin, kmin, jmax, kmax);
    if (move == OsipovMove::Done) break;
    const bool grow = move == OsipovMove::Grow;
    const uint32_t c = uint32_t(grow ? imin : jmax);
    const uint32_t old = p[c];
    const OsipovWindow w = osipov_step({lo[c], hi[c], p[c]}, grow);
    lo[c] = w.lower, hi[c] = w.upper, p[c] = w.probe;
    sum_p = sum_p + p[c] - old;
    trace_state(tr, lo, hi, p, nullptr, int32_t(c), grow ? 1 : 0, 0);
  }
  std::copy(p.begin(), p.end(), splits);
  if (tr) {
    tr->iterations = it;
    tr->splits = p;
  }
  return it;
}

// Parallel multi-sequence quickselect (Alg. 3), run sequentially; returns its iterations.
template <class T>
uint32_t quick_select(const SequenceSet<T>& s, uint64_t rank, uint64_t seed, uint32_t* splits,
                      SelectionTrace* tr = nullptr) {
  const uint32_t k = s.k;
  if (rank > s.total()) throw std::invalid_argument("multi-sequence selection: rank beyond the sequences");
  std::vector<uint32_t> lo(k, 0), hi(k), b(k, 0), t(k, 0);
  for (uint32_t i = 0; i < k; ++i) hi[i] = s.length(i);
  trace_begin(tr, SelectionTrace::QuickSelect, k, rank, s.begin);
  trace_state(tr, lo, hi, b, &t, -1, 0, 0);
  uint64_t sum_lo = 0, sum_hi = s.total();
  uint32_t it = 0;
  for (;; ++it) {
    if (it > kMaxSelectIterations) throw std::logic_error("quick_select: no convergence");
    if (sum_lo == rank) {
      std::copy(lo.begin(), lo.end(), splits);
      break;
    }
    if (sum_hi == rank) {
      std::copy(hi.begin(), hi.end(), splits);
      break;
    }
    // Pivot: the r-th sequence with a non-empty window, a uniform position inside it.
    uint32_t nonempty = 0;
    for (uint32_t i = 0; i < k; ++i) nonempty += lo[i] < hi[i];
    const uint64_t h = quickselect_hash(seed, it);
    uint64_t r = h % nonempty;
    uint32_t c = 0;
    for (uint32_t i = 0; i < k; ++i)
      if (lo[i] < hi[i] && r-- == 0) {
        c = i;
        break;
      }
    const uint32_t pos = lo[c] + uint32_t(quickselect_offset_hash(h) % (hi[c] - lo[c]));
    const typename T::Key d = s.key(c, pos);
    uint64_t sum_b = 0, sum_t = 0;
    for (uint32_t i = 0; i < k; ++i) {
      b[i] = key_rank<T>(s.items + s.begin[i], lo[i], hi[i], d, false);
      t[i] = key_rank<T>(s.items + s.begin[i], b[i], hi[i], d, true);
      sum_b += b[i];
      sum_t += t[i];
    }
    const QuickselectMove move = quickselect_decide(sum_b, sum_t, rank);
    if (move == QuickselectMove::Raise) {
      lo = t;
      sum_lo = sum_t;
    } else if (move == QuickselectMove::Lower) {
      hi = b;
      sum_hi = sum_b;
    } else {  // the keys equal to d fill the gap from the first sequence on
      uint64_t before = 0;
      for (uint32_t i = 0; i < k; ++i) {
        const uint64_t x = t[i] - b[i];
        splits[i] = b[i] + uint32_t(quickselect_take(rank - sum_b, before, x));
        before += x;
      }
    }
    const bool done = move == QuickselectMove::Done;
    trace_state(tr, lo, hi, b, &t, int32_t(c), 0, uint64_t(d));
    if (done) {
      ++it;
      break;
    }
  }
  if (tr) {
    tr->iterations = it;
    tr->splits.assign(splits, splits + k);
  }
  return it;
}

// The oracle: every element tagged (key, sequence, position), sorted, the first `rank` counted.
template <class T>
std::vector<uint32_t> brute_force_select(const SequenceSet<T>& s, uint64_t rank) {
  struct E {
    typename T::Key key;
    uint32_t seq, pos;
  };
  std::vector<E> all;
  for (uint32_t i = 0; i < s.k; ++i)
    for (uint32_t p = 0; p < s.length(i); ++p) all.push_back({s.key(i, p), i, p});
  std::sort(all.begin(), all.end(), [](const E& a, const E& b) {
    if (a.key != b.key) return a.key < b.key;
    return a.seq != b.seq ? a.seq < b.seq : a.pos < b.pos;
  });
  std::vector<uint32_t> splits(s.k, 0);
  for (uint64_t j = 0; j < rank; ++j) ++splits[all[j].seq];
  return splits;
}

}  // namespace sortscope::merge
