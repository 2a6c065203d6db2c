#include "search_merge_model.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common/aux_types.h"
#include "common/ordered_model.h"
#include "search_merge_aux.h"
#include "search_merge_rank.h"
#include "search_merge_steps.h"

namespace sortscope {
namespace {

// The window of key i of the pair L = src[b, b + a), R = src[b + a, b + a + c) in a pass over runs of
// `run` keys (search_merge_rank.h): the whole sibling run (search=key; search=block below runs of
// kSearchMergeWindowKeys; search=edges for its group's first and last key), else the ranks of its
// group's first and last key. The kernels find the two ranks once per group; the model searches them
// again for every key, without probes.
template <class Word>
SearchWindow search_window(SearchMergeSearch search, uint64_t run, const Word* src, uint64_t b, uint32_t a, uint32_t c,
                           uint32_t i) {
  const bool right = i >= a;
  const uint32_t own = right ? i - a : i, len = right ? c : a, sibling = right ? a : c;
  const SearchGroup g = search_merge_group(own, len);
  const SearchWindow all{0, sibling};
  if (search == SearchMergeSearch::Key || (search == SearchMergeSearch::Block && run < kSearchMergeWindowKeys) ||
      (search == SearchMergeSearch::Edges && (own == g.first || own == g.last)))
    return all;
  const Word* run_keys = right ? src + b : src + b + a;
  const Word* keys = right ? src + b + a : src + b;
  auto none = [](uint32_t) {};
  return {sibling_rank(keys[g.first], run_keys, all, right, none), sibling_rank(keys[g.last], run_keys, all, right, none)};
}

// One merge of the pair L = src[b, b + a), R = src[b + a, b + a + c) into dst[b, ...) in a pass over
// runs of `run` keys: every key of the pair (full) or of L (half) placed by search_merge_rank.h's
// item functions within its window (search_window); the sampled keys' searches kept in `cap`.
template <class Word>
void merge_pair(bool half, SearchMergeSearch search, uint64_t run, const Word* sk, const uint32_t* sv, Word* dk,
                uint32_t* dv, uint64_t b, uint32_t a, uint32_t c, SearchMergeWork& work, SiblingSearches* cap) {
  const uint32_t items = half ? a : a + c;
  for (uint32_t i = 0; i < items; ++i) {
    const bool sample = cap && search_merge_sampled(i, items);
    auto probe = [&](uint32_t p) {
      if (sample) cap->probes.push_back(p);
    };
    const SearchWindow w = search_window(search, run, sk, b, a, c, i);
    const SearchMergeItem it = half ? merge_half_item(sk, sv, dk, dv, b, a, c, i, w, probe)
                                    : merge_full_item(sk, sv, dk, dv, b, a, c, i, w, probe);
    if (sample) {
      cap->key.push_back(i);
      cap->rank.push_back(it.rank);
      cap->probe_begin.push_back(uint32_t(cap->probes.size()));
    }
    work.add(it.work);
  }
}

template <class Word>
class Model {
 public:
  Model(const SearchMergePlan& p, Word* keys, uint32_t* values, SearchMergeStepWriter* writer)
      : p_(p), k_(keys), v_(values), rec_(writer), alt_k_(p.n), alt_v_(values ? p.n : 0) {}

  void run() {
    if (rec_) rec_->input(state());
    if (p_.n == 0) return;
    switch (p_.local) {
      case SearchMergeLocal::Rank:
      case SearchMergeLocal::RankStable: local_rank(); break;
      case SearchMergeLocal::BinaryMerge: local_merge(); break;
      case SearchMergeLocal::Transposition: local_transposition(); break;
    }
    for (int pass = 0; pass < p_.passes; ++pass) global_pass(pass);
  }

 private:
  ArrayState state() const { return ArrayState{.keys = k_, .values = v_}; }
  uint32_t* alt_v() { return v_ ? alt_v_.data() : nullptr; }
  void swap_buffers() {
    // The result of a merge is in alt: copy it back so the keys stay in k_ between merges (the
    // kernels ping-pong instead; the snapshots are the same arrays).
    std::copy(alt_k_.begin(), alt_k_.end(), k_);
    if (v_) std::copy(alt_v_.begin(), alt_v_.end(), v_);
  }

  // §2.4: the rank sort, out of place.
  void local_rank() {
    const bool stable = p_.local == SearchMergeLocal::RankStable;
    RankTile cap;
    for (uint64_t t = 0; t < p_.tiles; ++t) {
      const uint64_t b = p_.tile_begin(t), count = p_.tile_end(t) - b;
      const bool capture = rec_ && t == p_.highlight_tile();
      for (uint64_t i = 0; i < count; ++i) {
        const Word x = k_[b + i];
        uint32_t less = 0, equal_before = 0, equal_after = 0;
        for (uint64_t j = 0; j < count; ++j) {
          less += k_[b + j] < x;
          equal_before += j < i && k_[b + j] == x;
          equal_after += j > i && k_[b + j] == x;
        }
        // Stable: after the equal keys before it. The printed unstable kernel writes the key over its
        // whole run of equals (every duplicate the same run: collision-safe for keys alone); with
        // values each key needs its own slot, so an unstable key takes the run's slots from the end:
        // equal keys come out reversed.
        const uint32_t dest = less + (stable ? equal_before : equal_after);
        alt_k_[b + dest] = x;
        if (v_) alt_v_[b + dest] = v_[b + i];
        if (capture) {
          cap.less.push_back(less);
          cap.equal.push_back(stable ? equal_before : equal_before + 1 + equal_after);
          cap.dest.push_back(dest);
        }
      }
    }
    swap_buffers();
    if (rec_) rec_->rank(std::move(cap), state());
  }

  // §2.3: odd-even transposition, in place; as many phases as the tile has keys.
  void local_transposition() {
    TranspositionTrace cap;
    for (uint64_t t = 0; t < p_.tiles; ++t) {
      const uint64_t b = p_.tile_begin(t), count = p_.tile_end(t) - b;
      const bool capture = rec_ && t == p_.highlight_tile();
      for (uint64_t phase = 0; phase < p_.tile; ++phase) {
        uint32_t swaps = 0;
        for (uint64_t i = phase % 2; i + 1 < count; i += 2)
          if (k_[b + i] > k_[b + i + 1]) {
            std::swap(k_[b + i], k_[b + i + 1]);
            if (v_) std::swap(v_[b + i], v_[b + i + 1]);
            ++swaps;
          }
        if (capture) cap.swaps.push_back(swaps);
      }
    }
    if (rec_) rec_->transposition(std::move(cap), state());
  }

  // §2.5: binary-search merging inside each tile, runs of 1, 2, ..., tile / 2.
  void local_merge() {
    int stage = 0;
    for (uint64_t run = 1; run < p_.tile && run < p_.n; run *= 2, ++stage) {
      SiblingSearches cap;
      SearchMergeWork work;
      for (uint64_t t = 0; t < p_.tiles; ++t) {
        const uint64_t tb = p_.tile_begin(t), te = p_.tile_end(t);
        for (uint64_t b = tb; b < te; b += 2 * run) {
          const uint32_t a = uint32_t(std::min(run, te - b)), c = uint32_t(std::min(run, te - b - a));
          const bool capture = rec_ && t == p_.highlight_tile() && b == tb;
          if (capture) cap = search_merge_pair(uint32_t(stage), true, run, b, a, c);
          merge_pair(false, SearchMergeSearch::Key, run, k_, v_, alt_k_.data(), alt_v(), b, a, c, work,
                     capture ? &cap : nullptr);
        }
      }
      swap_buffers();
      if (rec_) rec_->merge_stage(stage, run, work, std::move(cap), state());
    }
  }

  // §3: one global pass merging sibling runs of `run` keys.
  void global_pass(int pass) {
    const uint64_t run = p_.run_of_pass(pass), pairs = (p_.n + 2 * run - 1) / (2 * run);
    const uint64_t highlight = pairs / 2;
    const bool half = p_.global == SearchMergeGlobal::Half;
    SiblingSearches cap;
    SearchMergeWork work;
    for (uint64_t q = 0; q < pairs; ++q) {
      const uint64_t b = q * 2 * run;
      const uint32_t a = uint32_t(std::min(run, p_.n - b)), c = uint32_t(std::min(run, p_.n - b - a));
      const bool capture = rec_ && q == highlight;
      if (capture) cap = search_merge_pair(uint32_t(pass), false, run, b, a, c);
      merge_pair(half, p_.search, run, k_, v_, alt_k_.data(), alt_v(), b, a, c, work, capture ? &cap : nullptr);
    }
    swap_buffers();
    if (rec_) rec_->global_pass(pass, work, std::move(cap), state());
  }

  const SearchMergePlan& p_;
  Word* k_;
  uint32_t* v_;
  SearchMergeStepWriter* rec_;
  std::vector<Word> alt_k_;
  std::vector<uint32_t> alt_v_;
};

}  // namespace

void search_merge_model_sort(const SearchMergePlan& plan, HostKeys& keys, Recorder* recorder) {
  std::optional<SearchMergeStepWriter> writer;
  if (recorder) writer.emplace(plan, *recorder);
  sort_as_ordered_bits("binary-search-merge", plan.n, keys, [&](auto word, auto /*values*/) {
    Model<decltype(word)>(plan, keys.as<decltype(word)>(), keys.has_values() ? keys.values.data() : nullptr,
                          writer ? &*writer : nullptr)
        .run();
  });
}

}  // namespace sortscope
