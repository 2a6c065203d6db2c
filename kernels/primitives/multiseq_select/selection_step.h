#pragma once
// The steps of the multi-sequence selections (Leischner 2010 §5.2) that the CPU selectors
// (multiseq_select.h) and the GPU kernels (multiway_select.cuh) share, host and device: Osipov's
// min/max picks and his decision step (§5.2.1), the quickselect's pivot hashes and key ranks
// (§5.2.2). One copy each, so the model and the kernels take the same decisions.
#include <cstdint>

#include "common/binary_search.h"
#include "common/host_device.h"
#include "common/mix64.h"

namespace sortscope::merge {

// Safety bound on iterations (a bug must not hang a kernel): far above both bounds in practice.
inline constexpr uint32_t kMaxSelectIterations = 1u << 16;

// ---- Osipov (§5.2.1, App. A) --------------------------------------------------------------------

// The min pick: the smallest tentatively unselected key, ties to the lowest sequence. True when the
// candidate (key a of sequence ia) goes before the current pick (b, ib); ib < 0 means none yet.
template <class Key>
SORTSCOPE_HD bool osipov_min_first(Key a, int64_t ia, Key b, int64_t ib) {
  return ib < 0 || a < b || (!(b < a) && ia < ib);
}

// The max pick: the largest tentatively selected key, ties to the highest sequence.
template <class Key>
SORTSCOPE_HD bool osipov_max_first(Key a, int64_t ia, Key b, int64_t ib) {
  return ib < 0 || b < a || (!(a < b) && ia > ib);
}

enum class OsipovMove : uint8_t { Done, Grow, Shrink };

// One decision. `selected` = sum of the probes; (imin, kmin) the min pick, (jmax, kmax) the max
// pick (index -1: none). Fewer than r selected, or r but not a prefix of the order: the min pick is
// certainly selected (grow its window). More than r: the max pick is certainly not (shrink). Done
// when r keys are selected and the largest selected precedes the smallest unselected.
template <class Key>
SORTSCOPE_HD OsipovMove osipov_decide(uint64_t selected, uint64_t rank, int64_t imin, Key kmin, int64_t jmax,
                                      Key kmax) {
  if (selected < rank) return OsipovMove::Grow;
  if (selected > rank) return OsipovMove::Shrink;
  const bool prefix = jmax < 0 || imin < 0 || kmax < kmin || (!(kmin < kmax) && jmax <= imin);
  return prefix ? OsipovMove::Done : OsipovMove::Grow;
}

// One sequence's window [lower, upper] and probe (its tentative split).
struct OsipovWindow {
  uint32_t lower = 0, upper = 0, probe = 0;
};

// The binary-search step on the picked sequence's window: up past the probe (grow) or down below it.
SORTSCOPE_HD OsipovWindow osipov_step(OsipovWindow w, bool grow) {
  if (grow) {
    w.lower = w.probe + 1;
    w.probe = w.lower + (w.upper - w.lower + 1) / 2;
  } else {
    w.upper = w.probe - 1;
    w.probe = w.lower + (w.upper - w.lower) / 2;
  }
  return w;
}

// ---- Quickselect (§5.2.2, Alg. 3) ----------------------------------------------------------------

// The pivot picks: which non-empty window (r-th in sequence order) and where in it.
SORTSCOPE_HD uint64_t quickselect_hash(uint64_t seed, uint32_t iteration) {
  return mix64(seed ^ (uint64_t(iteration + 1) * 0x9E3779B97F4A7C15ull));
}
SORTSCOPE_HD uint64_t quickselect_offset_hash(uint64_t h) { return mix64(h + 0x632BE59BD9B4E019ull); }
// Every selection of a round draws from its own stream: the round's seed and the selection's index.
SORTSCOPE_HD uint64_t selection_seed(uint64_t seed, uint64_t selection) { return mix64(seed + selection); }

// The pivot's rank in one sorted window seq[lo, hi): the first position whose key is >= d, or > d
// when `upper` (keys < d and keys <= d).
template <class T>
SORTSCOPE_HD uint32_t key_rank(const typename T::Item* seq, uint32_t lo, uint32_t hi, typename T::Key d, bool upper) {
  return partition_point(lo, hi, [&](uint32_t mid) {
    const typename T::Key key = T::key(seq[mid]);
    return upper ? !(d < key) : key < d;
  });
}

// The decision once the pivot d is ranked in every window, with B = keys < d and T = keys <= d
// summed over the windows: T < r, every key <= d is selected (each window starts at its t_i);
// B > r, no key >= d is (each window ends at its b_i); else B <= r <= T and the selection is the
// keys < d and gap = r - B keys equal to d (quickselect_take).
enum class QuickselectMove { Raise, Lower, Done };
SORTSCOPE_HD QuickselectMove quickselect_decide(uint64_t sum_b, uint64_t sum_t, uint64_t rank) {
  return sum_t < rank ? QuickselectMove::Raise : sum_b > rank ? QuickselectMove::Lower : QuickselectMove::Done;
}
// How many of its x keys equal to d sequence i takes when `before` such keys lie in the sequences
// before it: the gap is filled from the first sequence on (ties by sequence index: stable).
SORTSCOPE_HD uint64_t quickselect_take(uint64_t gap, uint64_t before, uint64_t x) {
  return gap > before ? (gap - before < x ? gap - before : x) : 0;
}

}  // namespace sortscope::merge
