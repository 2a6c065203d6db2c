#include "rank_partition.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "primitives/multiseq_select/selection_step.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope {

uint64_t samples_per_rank(uint64_t n, uint32_t ranks, uint32_t samples_per_splitter) {
  if (ranks <= 1) return 0;
  return std::min<uint64_t>(n / ranks, uint64_t(samples_per_splitter) * (ranks - 1));
}

RankTreeShape rank_tree_shape(uint32_t ranks) {
  RankTreeShape s;
  while (s.k < ranks) s.k <<= 1;
  s.log_k = sample_log2(s.k);
  return s;
}

template <class Word>
RankTree<Word> rank_tree_from_samples(std::vector<TaggedKey<Word>> samples, uint32_t ranks) {
  std::sort(samples.begin(), samples.end());
  RankTree<Word> t;
  t.splitters = pick_splitters(samples, ranks);
  const RankTreeShape shape = rank_tree_shape(ranks);
  t.log_k = shape.log_k;
  t.bt.assign(shape.k, TaggedKey<Word>{Word(0), 0});
  if (shape.k > 1) {
    const auto padded = padded_splitters(t.splitters, ranks);
    build_search_tree(padded.data(), shape.k, t.bt.data());
  }
  return t;
}
template RankTree<uint32_t> rank_tree_from_samples(std::vector<TaggedKey<uint32_t>>, uint32_t);
template RankTree<uint64_t> rank_tree_from_samples(std::vector<TaggedKey<uint64_t>>, uint32_t);

std::vector<uint32_t> radix_rank_bounds(const std::vector<uint64_t>& histogram, uint32_t ranks) {
  const uint32_t digits = uint32_t(histogram.size());
  std::vector<uint64_t> prefix(digits + 1, 0);
  for (uint32_t d = 0; d < digits; ++d) prefix[d + 1] = prefix[d] + histogram[d];
  const uint64_t n = prefix[digits];
  std::vector<uint32_t> bounds(ranks + 1, digits);
  bounds[0] = 0;
  for (uint32_t r = 1; r < ranks; ++r) {
    const uint64_t target = uint64_t((unsigned __int128)n * r / ranks);
    // First boundary with at least `target` keys before it, or the one before if nearer.
    uint32_t d = uint32_t(std::lower_bound(prefix.begin(), prefix.end(), target) - prefix.begin());
    if (d > 0 && target - prefix[d - 1] < prefix[d] - target) --d;
    bounds[r] = std::max(bounds[r - 1], d);
  }
  return bounds;
}

RankSelection::RankSelection(std::vector<uint64_t> lengths, uint64_t target, uint64_t seed)
    : lo_(lengths.size(), 0), hi_(std::move(lengths)), target_(target), seed_(seed) {
  if (target > std::accumulate(hi_.begin(), hi_.end(), uint64_t(0)))
    throw std::invalid_argument("multi-sequence selection: rank beyond the sequences");
  check_done();
}

void RankSelection::check_done() {
  const uint64_t sum_lo = std::accumulate(lo_.begin(), lo_.end(), uint64_t(0));
  const uint64_t sum_hi = std::accumulate(hi_.begin(), hi_.end(), uint64_t(0));
  if (sum_lo == target_) splits_ = lo_, done_ = true;
  else if (sum_hi == target_) splits_ = hi_, done_ = true;
}

RankSelection::Pivot RankSelection::pivot() const {
  // The pivot picks of merge/selection_step.h: the r-th non-empty window, a position inside it.
  uint32_t nonempty = 0;
  for (size_t i = 0; i < lo_.size(); ++i) nonempty += lo_[i] < hi_[i];
  const uint64_t h = merge::quickselect_hash(seed_, it_);
  uint64_t r = h % nonempty;
  Pivot p;
  for (uint32_t i = 0; i < lo_.size(); ++i)
    if (lo_[i] < hi_[i] && r-- == 0) {
      p.owner = i;
      break;
    }
  p.pos = lo_[p.owner] + merge::quickselect_offset_hash(h) % (hi_[p.owner] - lo_[p.owner]);
  return p;
}

void RankSelection::advance(const std::vector<uint64_t>& below, const std::vector<uint64_t>& at_most) {
  if (done_) throw std::logic_error("RankSelection::advance after the selection is done");
  if (++it_ > merge::kMaxSelectIterations) throw std::logic_error("multi-sequence selection across ranks: no convergence");
  const uint64_t sum_b = std::accumulate(below.begin(), below.end(), uint64_t(0));
  const uint64_t sum_t = std::accumulate(at_most.begin(), at_most.end(), uint64_t(0));
  if (sum_t < target_) {
    lo_ = at_most;  // every key <= d is selected
  } else if (sum_b > target_) {
    hi_ = below;  // no key >= d is
  } else {  // B <= r <= T: the keys < d and the first r - B keys equal to d, lower ranks first
    splits_.assign(lo_.size(), 0);
    uint64_t gap = target_ - sum_b, before = 0;
    for (size_t i = 0; i < lo_.size(); ++i) {
      const uint64_t x = at_most[i] - below[i];
      splits_[i] = below[i] + (gap > before ? std::min(gap - before, x) : 0);
      before += x;
    }
    done_ = true;
    return;
  }
  check_done();
}

}  // namespace sortscope
