// Trace codecs (common/trace_aux.h) of the search merge sorts' snapshot types
// (search_merge_aux.h). The checks cover the sizes the views (visual/views/search_merge/) index by.
#include "common/trace_aux.h"
#include "search_merge_aux.h"

namespace sortscope {
namespace {

constexpr auto rank_tile_fields = [](auto& io, auto& t) {
  io("tile", t.tile);
  io("first key", t.begin);
  io("stable", t.stable);
  io("less", t.less);
  io("equal", t.equal);
  io("destinations", t.dest);
};

void check_rank_tile(const RankTile& t) {
  require_size(t.equal, t.less.size(), "rank tile: equal");
  require_size(t.dest, t.less.size(), "rank tile: destinations");
}

constexpr auto transposition_fields = [](auto& io, auto& t) {
  io("tile", t.tile);
  io("first key", t.begin);
  io("swaps", t.swaps);
};

constexpr auto searches_fields = [](auto& io, auto& s) {
  io("pass", s.pass);
  io("local", s.local);
  io("run", s.run);
  io("left start", s.left_begin);
  io("left length", s.left_len);
  io("right length", s.right_len);
  io("keys", s.key);
  io("probe offsets", s.probe_begin);
  io("probes", s.probes);
  io("ranks", s.rank);
};

void check_searches(const SiblingSearches& s) {
  require_size(s.rank, s.key.size(), "sibling searches: ranks");
  require_size(s.probe_begin, s.key.size() + 1, "sibling searches: probe offsets");
  for (size_t i = 1; i < s.probe_begin.size(); ++i)
    if (s.probe_begin[i] < s.probe_begin[i - 1]) ByteReader::fail("sibling searches: probe offsets", "decrease");
  if (s.probe_begin.back() > s.probes.size()) ByteReader::fail("sibling searches: probe offsets", "point past the probes");
  for (uint32_t k : s.key)
    if (uint64_t(k) >= s.left_len + s.right_len) ByteReader::fail("sibling searches: a key", "is outside its pair");
}

constexpr auto level_fields = [](auto& io, auto& l) {
  io("run", l.run);
  io("pairs", l.pairs);
  io("items", l.items);
  io("most work", l.max_work);
  io("mean work", l.mean_work);
};

constexpr auto tree_work_fields = [](auto& io, auto& m) {
  io("half", m.half);
  io.records("levels", m.levels, 128, level_fields);
};

}  // namespace

void register_search_merge_aux_codecs(AuxCodecRegistry& r) {
  r.add<RankTile>("search-merge.rank-tile", "rank tile", rank_tile_fields, check_rank_tile);
  r.add<TranspositionTrace>("search-merge.transposition", "transposition", transposition_fields);
  r.add<SiblingSearches>("search-merge.sibling-searches", "sibling searches", searches_fields, check_searches);
  r.add<MergeTreeWork>("search-merge.tree-work", "merge tree work", tree_work_fields);
}

}  // namespace sortscope
