// Trace codecs (common/trace_aux.h) of the search merge sorts' snapshot types
// (search_merge_aux.h). Decoders check the sizes the views (visual/views/search_merge/) index by.
#include "common/trace_aux.h"
#include "search_merge_aux.h"

namespace sortscope {
namespace {

void encode(ByteWriter& w, const RankTile& t) {
  w.put<uint64_t>(t.tile);
  w.put<uint64_t>(t.begin);
  w.put_bool(t.stable);
  w.put_vector(t.less);
  w.put_vector(t.equal);
  w.put_vector(t.dest);
}

RankTile decode_rank_tile(ByteReader& r) {
  RankTile t;
  t.tile = r.get<uint64_t>("rank tile: tile");
  t.begin = r.get<uint64_t>("rank tile: first key");
  t.stable = r.get_bool("rank tile: stable");
  t.less = r.get_vector<uint32_t>("rank tile: less", kMaxAuxEntries);
  t.equal = r.get_vector<uint32_t>("rank tile: equal", kMaxAuxEntries);
  t.dest = r.get_vector<uint32_t>("rank tile: destinations", kMaxAuxEntries);
  require_size(t.equal, t.less.size(), "rank tile: equal");
  require_size(t.dest, t.less.size(), "rank tile: destinations");
  return t;
}

void encode(ByteWriter& w, const TranspositionTrace& t) {
  w.put<uint64_t>(t.tile);
  w.put<uint64_t>(t.begin);
  w.put_vector(t.swaps);
}

TranspositionTrace decode_transposition(ByteReader& r) {
  TranspositionTrace t;
  t.tile = r.get<uint64_t>("transposition: tile");
  t.begin = r.get<uint64_t>("transposition: first key");
  t.swaps = r.get_vector<uint32_t>("transposition: swaps", kMaxAuxEntries);
  return t;
}

void encode(ByteWriter& w, const SiblingSearches& s) {
  w.put<uint32_t>(s.pass);
  w.put_bool(s.local);
  w.put<uint64_t>(s.run);
  w.put<uint64_t>(s.left_begin);
  w.put<uint64_t>(s.left_len);
  w.put<uint64_t>(s.right_len);
  w.put_vector(s.key);
  w.put_vector(s.probe_begin);
  w.put_vector(s.probes);
  w.put_vector(s.rank);
}

SiblingSearches decode_searches(ByteReader& r) {
  SiblingSearches s;
  s.pass = r.get<uint32_t>("sibling searches: pass");
  s.local = r.get_bool("sibling searches: local");
  s.run = r.get<uint64_t>("sibling searches: run");
  s.left_begin = r.get<uint64_t>("sibling searches: left start");
  s.left_len = r.get<uint64_t>("sibling searches: left length");
  s.right_len = r.get<uint64_t>("sibling searches: right length");
  s.key = r.get_vector<uint32_t>("sibling searches: keys", kMaxAuxEntries);
  s.probe_begin = r.get_vector<uint32_t>("sibling searches: probe offsets", kMaxAuxEntries);
  s.probes = r.get_vector<uint32_t>("sibling searches: probes", kMaxAuxEntries);
  s.rank = r.get_vector<uint32_t>("sibling searches: ranks", kMaxAuxEntries);
  require_size(s.rank, s.key.size(), "sibling searches: ranks");
  require_size(s.probe_begin, s.key.size() + 1, "sibling searches: probe offsets");
  for (size_t i = 1; i < s.probe_begin.size(); ++i)
    if (s.probe_begin[i] < s.probe_begin[i - 1]) ByteReader::fail("sibling searches: probe offsets", "decrease");
  if (s.probe_begin.back() > s.probes.size()) ByteReader::fail("sibling searches: probe offsets", "point past the probes");
  for (uint32_t k : s.key)
    if (uint64_t(k) >= s.left_len + s.right_len) ByteReader::fail("sibling searches: a key", "is outside its pair");
  return s;
}

void encode(ByteWriter& w, const MergeTreeWork& m) {
  w.put_bool(m.half);
  w.put<uint64_t>(m.levels.size());
  for (const MergeTreeWork::Level& l : m.levels) {
    w.put<uint64_t>(l.run);
    w.put<uint64_t>(l.pairs);
    w.put<uint64_t>(l.items);
    w.put<uint64_t>(l.max_work);
    w.put<double>(l.mean_work);
  }
}

MergeTreeWork decode_tree_work(ByteReader& r) {
  MergeTreeWork m;
  m.half = r.get_bool("merge tree work: half");
  const uint64_t levels = r.get_count("merge tree work: levels", 128, 40);
  for (uint64_t i = 0; i < levels; ++i) {
    MergeTreeWork::Level l;
    l.run = r.get<uint64_t>("merge tree work: run");
    l.pairs = r.get<uint64_t>("merge tree work: pairs");
    l.items = r.get<uint64_t>("merge tree work: items");
    l.max_work = r.get<uint64_t>("merge tree work: most work");
    l.mean_work = r.get_finite("merge tree work: mean work");
    m.levels.push_back(l);
  }
  return m;
}

}  // namespace

void register_search_merge_aux_codecs(AuxCodecRegistry& r) {
  r.add<RankTile>("search-merge.rank-tile", encode, decode_rank_tile);
  r.add<TranspositionTrace>("search-merge.transposition", encode, decode_transposition);
  r.add<SiblingSearches>("search-merge.sibling-searches", encode, decode_searches);
  r.add<MergeTreeWork>("search-merge.tree-work", encode, decode_tree_work);
}

}  // namespace sortscope
