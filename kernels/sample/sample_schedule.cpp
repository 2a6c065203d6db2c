#include "sample_schedule.h"

#include <algorithm>
#include <utility>

namespace sortscope {

SamplePass layout_pass(const SamplePlan& plan, uint32_t index, const std::vector<SampleBucket>& large, uint32_t k,
                       int level) {
  SamplePass pass;
  pass.index = index;
  pass.level = level;
  pass.k = k ? k : plan.k;
  pass.log_k = sample_log_k(pass.k);
  pass.digits = plan.digits();
  for (const auto& b : large) pass.keys += b.size;
  const uint64_t round = plan.subtile_keys();
  // Keys per block: the pass's keys over the blocks it aims at, in whole rounds.
  uint64_t chunk = (pass.keys + plan.blocks - 1) / std::max<uint32_t>(1, plan.blocks);
  chunk = std::max<uint64_t>(round, (chunk + round - 1) / round * round);
  uint64_t scan_base = 0;
  for (const auto& b : large) {
    SampleParent p;
    p.begin = b.begin;
    p.size = b.size;
    p.chunk = chunk;
    p.blocks = uint32_t((b.size + chunk - 1) / chunk);
    p.first_block = pass.total_blocks;
    p.table_offset = pass.table_entries;
    p.scan_base = scan_base;
    p.in_alt = b.in_alt ? 1 : 0;
    if (pass.digits) p.digit_shift = sample_digit_shift(std::min<uint32_t>(b.bits_left, uint32_t(plan.key_bits)), pass.log_k);
    pass.total_blocks += p.blocks;
    pass.table_entries += uint64_t(pass.slots()) * p.blocks * plan.scatter_replicas;
    scan_base += b.size;
    pass.parents.push_back(p);
  }
  return pass;
}

std::vector<SampleBucket> pass_children(const SamplePass& pass, const SampleParent& parent, const uint64_t* counts) {
  std::vector<SampleBucket> children;
  append_pass_children(pass, parent, counts, children);
  return children;
}

void append_pass_children(const SamplePass& pass, const SampleParent& parent, const uint64_t* counts,
                          std::vector<SampleBucket>& children) {
  if (parent.constant) {  // stays where it is: done, or narrowed for the next pass
    children.push_back({parent.begin, parent.size, parent.in_alt != 0, parent.narrowed == 0, parent.narrowed});
    return;
  }
  const uint32_t buckets = parent.degenerate ? 3 : pass.k;
  uint64_t at = parent.begin;
  for (uint32_t j = 0; j < buckets; ++j) {
    if (counts[j] > 0) {
      const bool equal_part = parent.degenerate && j == 1;
      if (pass.digits)
        children.push_back({at, counts[j], parent.in_alt == 0, parent.digit_shift == 0, parent.digit_shift});
      else
        children.push_back({at, counts[j], parent.in_alt == 0, equal_part});
    }
    at += counts[j];
  }
}

int sample_settle_digit_parent(const SamplePass& pass, SampleParent& parent, const uint64_t* counts, uint64_t lo,
                               uint64_t hi) {
  parent.constant = 0;
  parent.narrowed = 0;
  if (lo == hi) {
    parent.constant = 1;
    return 1;
  }
  for (uint32_t j = 0; j < pass.k; ++j)
    if (counts[j] == parent.size) {
      parent.constant = 1;
      parent.narrowed = sample_differing_bits(lo, hi);
      return 2;
    }
  return 0;
}

void replace_parents(const SamplePass& pass, const std::vector<SampleBucket>& children,
                     std::vector<SampleBucket>& buckets) {
  std::vector<SampleBucket> after;
  for (const auto& b : buckets) {
    bool split = false;
    for (const auto& p : pass.parents) split |= p.begin == b.begin && p.size == b.size;
    if (!split) after.push_back(b);
  }
  after.insert(after.end(), children.begin(), children.end());
  buckets = std::move(after);
}

void sort_out_buckets(const SamplePlan& plan, const std::vector<SampleBucket>& buckets,
                      std::vector<SampleBucket>& large, std::vector<SampleSmallBucket>& small) {
  large.clear();
  small.reserve(small.size() + buckets.size());  // a pass's children: 65,536 at 2^28 with k = 256
  for (const auto& b : buckets) {
    if (!b.done && b.size > plan.bucket_max)
      large.push_back(b);
    else if (!(b.done && !b.in_alt))  // sorted and in place: level 2 has nothing to do

      small.push_back({b.begin, b.size, b.in_alt ? 1u : 0u, b.done ? 1u : 0u});
  }
}

void take_level3_buckets(const SamplePlan& plan, std::vector<SampleSmallBucket>& small,
                         std::vector<SampleBucket>& over) {
  over.clear();
  std::vector<SampleSmallBucket> keep;
  keep.reserve(small.size());
  for (const SampleSmallBucket& b : small) {
    if (!b.done && b.size > plan.level3_above)
      over.push_back({b.begin, b.size, b.in_alt != 0, false});
    else
      keep.push_back(b);
  }
  small = std::move(keep);
}

void order_largest_first(std::vector<SampleSmallBucket>& small) {
  // Position order first where the list is not in it already: its ascending runs (one a pass that
  // added buckets, a few in all) merged pairwise, a natural merge sort.
  const auto by_begin = [](const SampleSmallBucket& a, const SampleSmallBucket& b) { return a.begin < b.begin; };
  std::vector<size_t> starts = {0};
  for (size_t i = 1; i < small.size(); ++i)
    if (small[i].begin < small[i - 1].begin) starts.push_back(i);
  starts.push_back(small.size());
  while (starts.size() > 2) {
    std::vector<size_t> merged;
    for (size_t j = 0; j + 1 < starts.size(); j += 2) {
      merged.push_back(starts[j]);
      if (j + 2 < starts.size())
        std::inplace_merge(small.begin() + ptrdiff_t(starts[j]), small.begin() + ptrdiff_t(starts[j + 1]),
                           small.begin() + ptrdiff_t(starts[j + 2]), by_begin);
    }
    merged.push_back(small.size());
    starts = std::move(merged);
  }
  uint64_t largest = 0, smallest = ~uint64_t(0);
  for (const auto& b : small) {
    largest = std::max(largest, b.size);
    smallest = std::min(smallest, b.size);
  }
  constexpr int kBits = 11;
  constexpr uint64_t kDigits = uint64_t(1) << kBits;
  // Stable passes over the digits of largest - size, lowest digit first: sizes descending, and
  // equal sizes keep the position order of the list they start from. Only the digits where some
  // bucket's largest - size is not 0: a pass's children of one size class differ by a few hundred
  // keys, one pass, where the digits of `largest` took two (65,536 buckets at 2^28, the host's time
  // before level 2 can start).
  const uint64_t spread = small.empty() ? 0 : largest - smallest;
  if (spread == 0) return;
  // The other buffer is kept from call to call (the next run's list is about as long): a fresh one
  // was zeroed and, on a run's first use, faulted in page by page; that was a third of this
  // function's time for 65,536 buckets (perf, on the development machine).
  thread_local std::vector<SampleSmallBucket> other;
  other.resize(small.size());  // keeps its capacity; only a longer list than before zeroes the rest
  std::vector<uint64_t> start(kDigits);
  for (int shift = 0; shift < 64 && (spread >> shift) != 0; shift += kBits) {
    std::fill(start.begin(), start.end(), 0);
    for (const auto& b : small) ++start[((largest - b.size) >> shift) & (kDigits - 1)];
    uint64_t run = 0;
    for (auto& s : start) run += std::exchange(s, run);
    for (const auto& b : small) other[start[((largest - b.size) >> shift) & (kDigits - 1)]++] = b;
    small.swap(other);
  }
}

int64_t traced_level2_bucket(const SamplePlan& plan, const std::vector<SampleSmallBucket>& small) {
  for (size_t i = 0; i < small.size(); ++i) {
    if (small[i].done) continue;
    if (small[i].size <= sample_level2_block_max(plan.level2)) continue;
    return int64_t(i);
  }
  return -1;
}

std::vector<SampleBufferRun> buffer_runs(std::vector<SampleBucket> buckets) {
  std::sort(buckets.begin(), buckets.end(), [](const SampleBucket& a, const SampleBucket& b) { return a.begin < b.begin; });
  std::vector<SampleBufferRun> runs;
  for (const SampleBucket& b : buckets) {
    if (b.size == 0) continue;
    if (!runs.empty() && runs.back().in_alt == b.in_alt && runs.back().begin + runs.back().size == b.begin)
      runs.back().size += b.size;
    else
      runs.push_back({b.begin, b.size, b.in_alt});
  }
  return runs;
}

}  // namespace sortscope
