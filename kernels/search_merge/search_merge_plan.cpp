#include "search_merge_plan.h"
#include "common/count_words.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace sortscope {

const std::vector<ParamSpec>& search_merge_params() {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::enumeration("local",
                             {{kParamAuto, "auto"},
                              {int(SearchMergeLocal::Rank), "rank"},
                              {int(SearchMergeLocal::RankStable), "rank-stable"},
                              {int(SearchMergeLocal::BinaryMerge), "binary-merge"},
                              {int(SearchMergeLocal::Transposition), "transposition"}},
                             kParamAuto,
                             "the tile sort: rank (counting) sort, its stable form, binary-search merging in the "
                             "tile, odd-even transposition; auto: rank, binary-merge from 2^27 keys"),
      ParamSpec::enumeration("global",
                             {{kParamAuto, "auto"},
                              {int(SearchMergeGlobal::Full), "full"},
                              {int(SearchMergeGlobal::Half), "half"}},
                             kParamAuto,
                             "the merge passes: a work-item per key, or per left-run key copying right-run keys; "
                             "auto: full, half from 2^27 keys"),
      ParamSpec::enumeration("search",
                             {{kParamAuto, "auto"},
                              {int(SearchMergeSearch::Key), "key"},
                              {int(SearchMergeSearch::Block), "block"},
                              {int(SearchMergeSearch::Edges), "edges"}},
                             kParamAuto,
                             "the merge passes' searches: every key over its whole sibling run (Locicero); block: "
                             "each block of 256 keys finds the ranks of its first and last key by a 128-way search, "
                             "then every key searches only the window between them; edges: those two keys search "
                             "the whole run themselves; auto: key, block from 2^27 keys with global = half"),
      ParamSpec::list("tile", kSearchMergeTiles, false, 256, "keys per work-group (one key per work-item) in the local phase")
          .teach(64),  // a lecture's few thousand keys: several global passes
  };
  return specs;
}

ParamValues search_merge_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) {
  ParamValues run = params;
  if (n > kSearchMergeMaxKeys) return run;  // the run that follows says what is wrong
  const SearchMergePlan p = make_search_merge_plan(n, type, with_values, params);
  for (const auto& [name, v] : {std::pair{"local", int(p.local)}, std::pair{"global", int(p.global)},
                                std::pair{"search", int(p.search)}}) {
    auto it = run.find(name);
    if (it == run.end() || it->second == kParamAuto) run[name] = v;
  }
  return run;
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
  // auto (the defaults): Locicero's rank sort and every-key searches, then from
  // kSearchMergeWindowedFrom keys the local binary merge, half passes and block windows: measured on
  // an H200 (docs/PERFORMANCE.md), 2^27 to 2^30, u32 and u64 keys, that combination ran 1.18-1.43x
  // faster than rank/full/key and lost 4-6 % a doubling of n, where rank/full/key lost up to 11 %.
  const bool large = n >= kSearchMergeWindowedFrom;
  const int local = get("local", kParamAuto), global = get("global", kParamAuto), search = get("search", kParamAuto);
  p.local = local != kParamAuto ? SearchMergeLocal(local) : large ? SearchMergeLocal::BinaryMerge : SearchMergeLocal::Rank;
  p.global = global != kParamAuto ? SearchMergeGlobal(global) : large ? SearchMergeGlobal::Half : SearchMergeGlobal::Full;
  p.search = search != kParamAuto                            ? SearchMergeSearch(search)
             : large && p.global == SearchMergeGlobal::Half ? SearchMergeSearch::Block
                                                            : SearchMergeSearch::Key;
  p.tile = uint64_t(get("tile", 256));
  p.tiles = (n + p.tile - 1) / p.tile;
  while (p.run_of_pass(p.passes) < n) ++p.passes;
  return p;
}

std::string SearchMergePlan::describe() const {
  return fmt::format("local {} on tiles of {} keys ({}), then {} {} {}{}", search_merge_local_name(local), tile,
                     counted(tiles, "tile"), passes, global == SearchMergeGlobal::Full ? "full" : "half",
                     noun_for(passes, "merge pass"),
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
