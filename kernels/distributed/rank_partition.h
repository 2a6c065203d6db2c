#pragma once
// The decisions of the distributed sorts that every rank takes alike from collected data: where
// the samples are, which splitters they give, which digits each rank owns, and the rounds of the
// multi-sequence selection across ranks. One copy, shared by the simulated ranks (the CPU model)
// and the GPU path, so both split the same way (README.md).
#include <cstdint>
#include <vector>

#include "common/host_device.h"
#include "common/mix64.h"

namespace sortscope {

// A key tagged with its global input position. (key, position) orders all keys distinctly, so
// equal keys are split between ranks by where they stood in the input and duplicates cannot pile
// up on one rank (the tie rule of issue 33; Leischner §6.2 uses equality buckets instead).
template <class Word>
struct TaggedKey {
  Word key;
  uint64_t pos;
  SORTSCOPE_HD bool operator>(const TaggedKey& o) const { return key > o.key || (key == o.key && pos > o.pos); }
  SORTSCOPE_HD bool operator<(const TaggedKey& o) const { return o > *this; }
};

// ---- Sample sort -------------------------------------------------------------------------------

// Samples each rank draws: samples_per_splitter for each of the P - 1 splitters, at most the
// smallest share (so every rank sends the same count to the all-gather).
uint64_t samples_per_rank(uint64_t n, uint32_t ranks, uint32_t samples_per_splitter);

// The i-th of `count` sample positions in a share of `share` keys: one uniform position in each
// of `count` equal strata (a stratified sample: the spread of a random one, no clumps).
SORTSCOPE_HD uint64_t sample_position(uint64_t seed, uint32_t rank, uint64_t i, uint64_t count, uint64_t share) {
  const uint64_t h = mix64(seed ^ mix64((uint64_t(rank) << 40) + i + 0x5851F42D4C957F2Dull));
  const unsigned __int128 lo = (unsigned __int128)i * share, hi = (unsigned __int128)(i + 1) * share;
  const uint64_t a = uint64_t(lo / count), b = uint64_t((hi + count - 1) / count);  // [a, b) holds the stratum
  return a + h % (b > a ? b - a : 1);
}

// The P - 1 splitters from all samples sorted (tagged): every (S/P)-th (Leischner §6.2, Alg. 5).
template <class Word>
std::vector<TaggedKey<Word>> pick_splitters(const std::vector<TaggedKey<Word>>& sorted_samples, uint32_t ranks) {
  std::vector<TaggedKey<Word>> s;
  const uint64_t total = sorted_samples.size();
  for (uint32_t j = 1; j < ranks && total > 0; ++j) s.push_back(sorted_samples[(total * j) / ranks]);
  while (s.size() + 1 < ranks) s.push_back(TaggedKey<Word>{Word(~Word(0)), ~uint64_t(0)});  // no samples
  return s;
}

// The splitters as the one-GPU sort's search tree (sample/search_tree.h) over k = the power of two
// >= P buckets: the missing splitters are +infinity, so no key reaches a bucket >= P.
struct RankTreeShape {
  uint32_t k = 1;
  int log_k = 0;
};
RankTreeShape rank_tree_shape(uint32_t ranks);
template <class Word>
std::vector<TaggedKey<Word>> padded_splitters(std::vector<TaggedKey<Word>> splitters, uint32_t ranks) {
  splitters.resize(rank_tree_shape(ranks).k - 1, TaggedKey<Word>{Word(~Word(0)), ~uint64_t(0)});
  return splitters;
}

// The splitters and their search tree from every rank's samples (each rank computes it alike).
template <class Word>
struct RankTree {
  std::vector<TaggedKey<Word>> splitters;  // P - 1
  std::vector<TaggedKey<Word>> bt;         // k entries, bt[0] unused (sample/search_tree.h)
  int log_k = 0;
};
template <class Word>
RankTree<Word> rank_tree_from_samples(std::vector<TaggedKey<Word>> samples, uint32_t ranks);

// ---- Radix ------------------------------------------------------------------------------------

// Contiguous digit ranges, one per rank, from the global histogram of the top digit: rank r owns
// digits [bounds[r], bounds[r+1]). Each bound is the digit boundary nearest to r * n / P keys, so
// a rank's load is off by at most one digit's keys (the imbalance radix shows on skewed input).
std::vector<uint32_t> radix_rank_bounds(const std::vector<uint64_t>& histogram, uint32_t ranks);

// ---- Merge: multi-sequence selection across ranks (Leischner §5.2.2, Alg. 3) -------------------

// The quickselect of merge/multiseq_select.h with each sequence on its own rank: every round the
// ranks agree on a pivot (same hash, same windows), its owner broadcasts the key, each rank counts
// keys < d and <= d in its window (a probe: two binary searches), the counts are all-gathered and
// every rank updates the windows alike. Ties go to lower ranks first, so the split is stable.
class RankSelection {
 public:
  RankSelection(std::vector<uint64_t> lengths, uint64_t target, uint64_t seed);
  bool done() const { return done_; }
  struct Pivot {
    uint32_t owner = 0;
    uint64_t pos = 0;
  };
  Pivot pivot() const;
  uint64_t lower(uint32_t r) const { return lo_[r]; }
  uint64_t upper(uint32_t r) const { return hi_[r]; }
  // below[r] / at_most[r]: rank r's first position in [lower, upper) holding a key >= d / > d.
  void advance(const std::vector<uint64_t>& below, const std::vector<uint64_t>& at_most);
  const std::vector<uint64_t>& splits() const { return splits_; }
  uint32_t rounds() const { return it_; }

 private:
  void check_done();
  std::vector<uint64_t> lo_, hi_, splits_;
  uint64_t target_ = 0, seed_ = 0;
  uint32_t it_ = 0;
  bool done_ = false;
};

}  // namespace sortscope
