#include "search_merge_plan.h"

#include <stdexcept>

#include <fmt/format.h>

namespace sortscope {

const std::vector<ParamSpec>& search_merge_params() {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::enumeration("local",
                             {{int(SearchMergeLocal::Rank), "rank"},
                              {int(SearchMergeLocal::RankStable), "rank-stable"},
                              {int(SearchMergeLocal::BinaryMerge), "binary-merge"},
                              {int(SearchMergeLocal::Transposition), "transposition"}},
                             int(SearchMergeLocal::Rank),
                             "the tile sort: rank (counting) sort, its stable form, binary-search merging in the "
                             "tile, odd-even transposition"),
      ParamSpec::enumeration("global", {{int(SearchMergeGlobal::Full), "full"}, {int(SearchMergeGlobal::Half), "half"}},
                             int(SearchMergeGlobal::Full),
                             "the merge passes: a work-item per key, or per left-run key copying right-run keys"),
      ParamSpec::enumeration("search",
                             {{int(SearchMergeSearch::Key), "key"},
                              {int(SearchMergeSearch::Block), "block"},
                              {int(SearchMergeSearch::Edges), "edges"}},
                             int(SearchMergeSearch::Key),
                             "the merge passes' searches: every key over its whole sibling run (Locicero); block: "
                             "each block of 256 keys finds the ranks of its first and last key by a 128-way search, "
                             "then every key searches only the window between them; edges: those two keys search "
                             "the whole run themselves"),
      ParamSpec::list("tile", kSearchMergeTiles, false, 256, "keys per work-group (one key per work-item) in the local phase")
          .teach(64),  // a lecture's few thousand keys: several global passes
  };
  return specs;
}

const char* search_merge_local_name(SearchMergeLocal l) {
  switch (l) {
    case SearchMergeLocal::Rank: return "rank";
    case SearchMergeLocal::RankStable: return "rank-stable";
    case SearchMergeLocal::BinaryMerge: return "binary-merge";
    default: return "transposition";
  }
}

SearchMergePlan make_search_merge_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) {
  if (n > kSearchMergeMaxKeys)
    throw std::runtime_error(fmt::format("binary-search-merge sorts at most {} keys, got {}", kSearchMergeMaxKeys, n));
  auto get = [&](const char* name, int def) { return param_or(params, name, def); };
  SearchMergePlan p;
  p.key_type = type;
  p.with_values = with_values;
  p.n = n;
  p.local = SearchMergeLocal(get("local", 0));
  p.global = SearchMergeGlobal(get("global", 0));
  p.search = SearchMergeSearch(get("search", 0));
  p.tile = uint64_t(get("tile", 256));
  p.tiles = (n + p.tile - 1) / p.tile;
  while (p.run_of_pass(p.passes) < n) ++p.passes;
  return p;
}

std::string SearchMergePlan::describe() const {
  return fmt::format("local {} on tiles of {} keys ({} tiles), then {} {} merge passes{}", search_merge_local_name(local),
                     tile, tiles, passes, global == SearchMergeGlobal::Full ? "full" : "half",
                     search == SearchMergeSearch::Block   ? " (searches in block windows)"
                     : search == SearchMergeSearch::Edges ? " (searches in windows of the edge keys)"
                                                          : "");
}

const std::vector<StepKind>& step_kinds_of(SearchMergeStep) {
  static const std::vector<StepKind> kinds = {
      {"input", "The input as ordered bits", 0},
      {"local-rank", "Every key of a tile counts the smaller keys: that count is its place", 2},
      {"local-merge-stage", "Inside every tile, sibling runs merge by binary search", 4},
      {"local-transposition", "Every tile sorts by odd-even transposition", 3},
      {"global-pass", "Sibling runs merge: every key binary-searches its place in the other run", 7},
  };
  return kinds;
}

const std::vector<std::string>& search_merge_pseudo_code() {
  static const std::vector<std::string> code = {
      "keys <- ordered_bits(input)",
      "local phase, one work-group per tile of T keys:",
      "  rank: key i -> #{keys < k_i} (+ #{keys = k_i before i} when stable)",
      "  transposition: T times: compare-swap (2i, 2i+1), then (2i+1, 2i+2)",
      "  binary-merge: for run = 1, 2, .., T/2: merge sibling runs (as below)",
      "for run = T, 2T, 4T, ... < n:   // the merging tree, ping-pong buffers",
      "  for each key x of a pair of sibling runs L, R:",
      "    x in L: place = own index + #{y in R: y < x}   // binary search",
      "    x in R: place = own index + #{y in L: y <= x}  // <= keeps it stable",
      "output <- native(keys)",
  };
  return code;
}

}  // namespace sortscope
