#include "distributed_model.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "common/key_transform.h"
#include "rank_partition.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope {

std::vector<HostKeys> split_into_ranks(const HostKeys& input, uint32_t ranks) {
  if (ranks == 0) throw std::invalid_argument("split_into_ranks: no ranks");
  const uint64_t n = input.size();
  const size_t kb = size_t(key_bytes(input.type));
  std::vector<HostKeys> out;
  for (uint32_t r = 0; r < ranks; ++r) {
    const uint64_t b = rank_share_begin(n, ranks, r), e = rank_share_begin(n, ranks, r + 1);
    HostKeys k(input.type, e - b, input.has_values());
    if (e > b) std::memcpy(k.bytes.data(), input.bytes.data() + b * kb, (e - b) * kb);
    if (input.has_values()) std::copy(input.values.begin() + b, input.values.begin() + e, k.values.begin());
    out.push_back(std::move(k));
  }
  return out;
}

HostKeys join_ranks(const std::vector<HostKeys>& ranks, KeyType type, bool with_values) {
  HostKeys all;
  all.type = type;
  for (const HostKeys& r : ranks) {
    all.bytes.insert(all.bytes.end(), r.bytes.begin(), r.bytes.end());
    if (with_values) all.values.insert(all.values.end(), r.values.begin(), r.values.end());
  }
  return all;
}

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// One simulated rank's keys as ordered words and its values (empty without values).
template <class Word>
struct Rank {
  std::vector<Word> keys;
  std::vector<uint32_t> values;
};

template <class Word>
Rank<Word> to_rank(HostKeys& k) {
  keys_to_ordered_host(k.bytes.data(), k.size(), k.type);
  Rank<Word> r;
  r.keys.resize(k.size());
  if (!k.bytes.empty()) std::memcpy(r.keys.data(), k.bytes.data(), k.bytes.size());  // a rank may hold no keys
  r.values = k.values;
  return r;
}

template <class Word>
void from_rank(const Rank<Word>& r, HostKeys& k) {
  k.bytes.resize(r.keys.size() * sizeof(Word));
  if (!k.bytes.empty()) std::memcpy(k.bytes.data(), r.keys.data(), k.bytes.size());  // a rank may hold no keys
  k.values = r.values;
  keys_from_ordered_host(k.bytes.data(), r.keys.size(), k.type);
}

// Stable sort of one rank by key (values follow): the one-GPU sort's result on that rank.
template <class Word>
void stable_sort_rank(Rank<Word>& r) {
  if (r.values.empty()) {
    std::stable_sort(r.keys.begin(), r.keys.end());
    return;
  }
  std::vector<uint64_t> idx(r.keys.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) { return r.keys[a] < r.keys[b]; });
  Rank<Word> s;
  s.keys.reserve(idx.size());
  s.values.reserve(idx.size());
  for (uint64_t i : idx) s.keys.push_back(r.keys[i]), s.values.push_back(r.values[i]);
  r = std::move(s);
}

// The all-to-all: rank j receives from every rank i, in rank order, the keys of i whose
// destination is j, in their order on i. dest[i][x] = destination of key x of rank i.
template <class Word>
std::vector<Rank<Word>> exchange(const std::vector<Rank<Word>>& ranks, const std::vector<std::vector<uint32_t>>& dest,
                                 DistributedRunInfo& info) {
  const uint32_t p = uint32_t(ranks.size());
  std::vector<Rank<Word>> out(p);
  for (uint32_t i = 0; i < p; ++i) {
    const auto t0 = Clock::now();
    for (uint64_t x = 0; x < ranks[i].keys.size(); ++x) {
      Rank<Word>& to = out[dest[i][x]];
      to.keys.push_back(ranks[i].keys[x]);
      if (!ranks[i].values.empty()) to.values.push_back(ranks[i].values[x]);
      info.exchange_bytes[size_t(i) * p + dest[i][x]] += info.bytes_per_key();
    }
    info.ms(i, DistributedPhase::Exchange) = ms_since(t0);
  }
  for (uint32_t i = 0; i < p; ++i) {
    uint64_t sent = 0;
    for (uint32_t j = 0; j < p; ++j) sent += info.exchange_bytes[size_t(i) * p + j];
    info.bytes(i, DistributedPhase::Exchange) = double(sent);
    info.keys_after[i] = out[i].keys.size();
  }
  return out;
}

// Every rank sorts its keys on its own (stable), timed as `phase`: the presort of merge, the final
// local sort of all three (the merge's P-way merge of runs that arrived in rank order is this
// stable sort's result too).
template <class Word>
void sort_each_rank(std::vector<Rank<Word>>& ranks, DistributedRunInfo& info, DistributedPhase phase) {
  for (uint32_t r = 0; r < ranks.size(); ++r) {
    const auto t0 = Clock::now();
    stable_sort_rank(ranks[r]);
    info.ms(r, phase) = ms_since(t0);
    info.bytes(r, phase) = double(2 * ranks[r].keys.size() * info.bytes_per_key());
  }
}

// Shows the observer the state: every rank's key range, and the keys joined in rank order.
template <class Word>
void observe(const DistributedObserver& observer, DistributedStep step, const std::vector<Rank<Word>>& ranks,
             DistributedRunInfo& info) {
  for (size_t r = 0; r < ranks.size(); ++r) {
    const auto& k = ranks[r].keys;
    info.rank_first[r] = k.empty() ? 0 : uint64_t(*std::min_element(k.begin(), k.end()));
    info.rank_last[r] = k.empty() ? 0 : uint64_t(*std::max_element(k.begin(), k.end()));
  }
  if (!observer) return;
  std::vector<Word> words;
  std::vector<uint32_t> values;
  for (const Rank<Word>& r : ranks) {
    words.insert(words.end(), r.keys.begin(), r.keys.end());
    values.insert(values.end(), r.values.begin(), r.values.end());
  }
  observer(step, info, words.data(), info.with_values ? values.data() : nullptr);
}

// Distributed sample sort (Leischner §6.2 with P buckets, one per rank): samples all-gathered,
// P - 1 splitters, every key's rank by the one-GPU sort's search tree over (key, global position).
template <class Word>
void sample_sort_ranks(std::vector<Rank<Word>>& ranks, const DistributedParams& params, DistributedRunInfo& info,
                       const DistributedObserver& obs) {
  const uint32_t p = info.ranks;
  const uint64_t s = samples_per_rank(info.n, p, params.samples_per_splitter);
  std::vector<TaggedKey<Word>> all;
  for (uint32_t r = 0; r < p; ++r) {
    const auto t0 = Clock::now();
    const uint64_t begin = rank_share_begin(info.n, p, r), share = ranks[r].keys.size();
    for (uint64_t i = 0; i < s; ++i) {
      const uint64_t pos = sample_position(params.seed, r, i, s, share);
      all.push_back({ranks[r].keys[pos], begin + pos});
    }
    info.ms(r, DistributedPhase::Sample) = ms_since(t0);
    info.bytes(r, DistributedPhase::Sample) = double(s * sizeof(TaggedKey<Word>) * p);  // all-gathered
  }
  if (p > 1) observe(obs, DistributedStep::Sample, ranks, info);
  RankTree<Word> tree;
  for (uint32_t r = 0; r < p; ++r) {  // every rank sorts the gathered sample alike
    const auto t0 = Clock::now();
    tree = rank_tree_from_samples(all, p);
    info.ms(r, DistributedPhase::Splitters) = ms_since(t0);
  }
  for (const auto& s : tree.splitters) info.splitters.push_back(uint64_t(s.key));
  observe(obs, DistributedStep::Splitters, ranks, info);
  std::vector<std::vector<uint32_t>> dest(p);
  for (uint32_t r = 0; r < p; ++r) {
    const auto t0 = Clock::now();
    const uint64_t begin = rank_share_begin(info.n, p, r);
    dest[r].resize(ranks[r].keys.size());
    for (uint64_t x = 0; x < ranks[r].keys.size(); ++x)
      dest[r][x] = search_tree_bucket(tree.bt.data(), tree.log_k, TaggedKey<Word>{ranks[r].keys[x], begin + x});
    info.ms(r, DistributedPhase::Count) = ms_since(t0);
    info.bytes(r, DistributedPhase::Count) = double(ranks[r].keys.size() * sizeof(Word));
  }
  observe(obs, DistributedStep::Count, ranks, info);
  ranks = exchange(ranks, dest, info);
  observe(obs, DistributedStep::Exchange, ranks, info);
  sort_each_rank(ranks, info, DistributedPhase::Finish);
  observe(obs, DistributedStep::Finish, ranks, info);
}

// Exact splitting (Leischner §5.2): each rank sorts, P - 1 multi-sequence selections across the
// ranks find the split of every rank's run at global ranks rank_share_begin(n, P, j), the runs
// are exchanged and each rank merges its P runs (stable: runs from lower ranks first on ties).
template <class Word>
void merge_ranks(std::vector<Rank<Word>>& ranks, const DistributedParams& params, DistributedRunInfo& info,
                 const DistributedObserver& obs) {
  const uint32_t p = info.ranks;
  sort_each_rank(ranks, info, DistributedPhase::Presort);
  observe(obs, DistributedStep::Presort, ranks, info);
  std::vector<uint64_t> lengths(p);
  for (uint32_t r = 0; r < p; ++r) lengths[r] = ranks[r].keys.size();
  // split[j][r]: where rank r's run is cut for destination boundary j (0..P).
  std::vector<std::vector<uint64_t>> split(p + 1, std::vector<uint64_t>(p, 0));
  split[p] = lengths;
  const auto t0 = Clock::now();
  for (uint32_t j = 1; j < p; ++j) {
    RankSelection sel(lengths, rank_share_begin(info.n, p, j), params.seed + j);
    std::vector<uint64_t> below(p), at_most(p);
    while (!sel.done()) {
      const auto pv = sel.pivot();
      const Word d = ranks[pv.owner].keys[pv.pos];
      for (uint32_t r = 0; r < p; ++r) {  // each rank's probe: two binary searches in its window
        const auto b = ranks[r].keys.begin();
        below[r] = uint64_t(std::lower_bound(b + sel.lower(r), b + sel.upper(r), d) - b);
        at_most[r] = uint64_t(std::upper_bound(b + below[r], b + sel.upper(r), d) - b);
      }
      sel.advance(below, at_most);
    }
    split[j] = sel.splits();
    info.selection_iterations += sel.rounds();
  }
  for (uint32_t r = 0; r < p; ++r) info.ms(r, DistributedPhase::Splitters) = ms_since(t0) / p;
  for (uint32_t j = 1; j < p; ++j) {  // the boundary keys: the first key each cut sends to rank j
    uint64_t first = ~uint64_t(0);
    for (uint32_t r = 0; r < p; ++r)
      if (split[j][r] < lengths[r]) first = std::min<uint64_t>(first, uint64_t(ranks[r].keys[split[j][r]]));
    info.splitters.push_back(first == ~uint64_t(0) ? (info.splitters.empty() ? 0 : info.splitters.back()) : first);
  }
  observe(obs, DistributedStep::Splitters, ranks, info);
  std::vector<std::vector<uint32_t>> dest(p);
  for (uint32_t r = 0; r < p; ++r) {
    dest[r].resize(lengths[r]);
    for (uint32_t j = 0; j < p; ++j)
      std::fill(dest[r].begin() + split[j][r], dest[r].begin() + split[j + 1][r], j);
  }
  ranks = exchange(ranks, dest, info);
  observe(obs, DistributedStep::Exchange, ranks, info);
  sort_each_rank(ranks, info, DistributedPhase::Finish);
  observe(obs, DistributedStep::Finish, ranks, info);
}

// MSD then LSD: the global histogram of the top digit, contiguous digit ranges per rank, the
// exchange, and each rank's LSD passes (its stable local sort).
template <class Word>
void radix_ranks(std::vector<Rank<Word>>& ranks, const DistributedParams& params, DistributedRunInfo& info,
                 const DistributedObserver& obs) {
  const uint32_t p = info.ranks;
  const int bits = std::clamp(params.top_bits, 1, kMaxTopBits);
  const int shift = int(sizeof(Word) * 8) - bits;
  std::vector<uint64_t> global(size_t(1) << bits, 0);
  for (uint32_t r = 0; r < p; ++r) {
    const auto t0 = Clock::now();
    for (Word k : ranks[r].keys) ++global[size_t(k >> shift)];
    info.ms(r, DistributedPhase::Count) = ms_since(t0);
    info.bytes(r, DistributedPhase::Count) = double(ranks[r].keys.size() * sizeof(Word));
  }
  observe(obs, DistributedStep::Count, ranks, info);
  const auto t0 = Clock::now();
  const std::vector<uint32_t> bounds = radix_rank_bounds(global, p);
  std::vector<uint32_t> owner(global.size());
  for (uint32_t r = 0; r < p; ++r) std::fill(owner.begin() + bounds[r], owner.begin() + bounds[r + 1], r);
  for (uint32_t r = 1; r < p; ++r) info.splitters.push_back(uint64_t(bounds[r]) << shift);
  for (uint32_t r = 0; r < p; ++r) info.ms(r, DistributedPhase::Splitters) = ms_since(t0) / p;
  observe(obs, DistributedStep::Splitters, ranks, info);
  std::vector<std::vector<uint32_t>> dest(p);
  for (uint32_t r = 0; r < p; ++r) {
    dest[r].resize(ranks[r].keys.size());
    for (uint64_t x = 0; x < ranks[r].keys.size(); ++x) dest[r][x] = owner[size_t(ranks[r].keys[x] >> shift)];
  }
  ranks = exchange(ranks, dest, info);
  observe(obs, DistributedStep::Exchange, ranks, info);
  sort_each_rank(ranks, info, DistributedPhase::Finish);
  observe(obs, DistributedStep::Finish, ranks, info);
}

template <class Word>
void sort_ranks(DistributedSort sort, const DistributedParams& params, std::vector<HostKeys>& keys,
                DistributedRunInfo& info, const DistributedObserver& obs) {
  std::vector<Rank<Word>> ranks;
  for (HostKeys& k : keys) ranks.push_back(to_rank<Word>(k));
  observe(obs, DistributedStep::Input, ranks, info);
  switch (sort) {
    case DistributedSort::SampleSort: sample_sort_ranks(ranks, params, info, obs); break;
    case DistributedSort::Merge: merge_ranks(ranks, params, info, obs); break;
    case DistributedSort::RadixOnesweep: radix_ranks(ranks, params, info, obs); break;
  }
  for (size_t r = 0; r < keys.size(); ++r) from_rank(ranks[r], keys[r]);
}

}  // namespace

DistributedRunInfo distributed_sort_model(DistributedSort sort, const DistributedParams& params,
                                          std::vector<HostKeys>& ranks, const DistributedObserver& observer) {
  if (ranks.empty() || ranks.size() > kMaxSimulatedRanks)
    throw std::invalid_argument("simulated ranks: 1 to " + std::to_string(kMaxSimulatedRanks) + " ranks");
  const KeyType type = ranks[0].type;
  const bool values = ranks[0].has_values();
  uint64_t n = 0;
  for (const HostKeys& r : ranks) {
    if (r.type != type || r.has_values() != values)
      throw std::invalid_argument("simulated ranks: every rank holds the same key type and values");
    n += r.size();
  }
  for (uint32_t r = 0; r < ranks.size(); ++r)
    if (ranks[r].size() != rank_share_begin(n, uint32_t(ranks.size()), r + 1) - rank_share_begin(n, uint32_t(ranks.size()), r))
      throw std::invalid_argument("simulated ranks: shares not as split_into_ranks makes them");
  DistributedRunInfo info = make_run_info(sort, uint32_t(ranks.size()), type, values, n, true);
  if (key_bytes(type) == 4)
    sort_ranks<uint32_t>(sort, params, ranks, info, observer);
  else
    sort_ranks<uint64_t>(sort, params, ranks, info, observer);
  return info;
}

}  // namespace sortscope
