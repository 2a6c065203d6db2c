#pragma once
// The ideal bucket size of each row of the recursion tree (recursion_tree_view.cpp): an even cut by
// k leaves n / k buckets of n / k keys, so the buckets of depth d ideally hold n over the product of
// the ks that cut the depths above them: n / k^d with one k, n / (k1 x k2 x ...) when pass_k =
// by-size gave each pass its own k (kernels/sample/README.md "k by size"). Where by-size rounds cut
// the buckets of one depth by different ks (skewed inputs), the rows from there down have no one
// ideal size, and the view says so instead of drawing a line.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sample/sample_aux.h"

namespace sortscope {

struct RowIdeal {
  double divisor = 0;       // the product of the ks down to this depth; 0: no one product
  std::string formula;      // "n/k^2", "n/(64\xC3\x972)"; empty without a divisor
  uint32_t mixed_depth = 0; // without a divisor: the first depth cut by more than one k (0: none known)
  std::string mixed_ks;     // that depth's ks: "8 and 64", "8, 16 and 64"
};

// One entry per row 0 .. rows - 1 (row 0, the input, has none). A tree without level_ks (recorded
// before it) took t.k at every depth; a depth without an entry (its buckets came from level 3 alone)
// ends the product there.
inline std::vector<RowIdeal> row_ideals(const SampleRecursionTree& t, uint32_t rows) {
  std::vector<std::vector<uint32_t>> ks(rows);  // by depth, ascending (level_ks is sorted)
  for (const SampleRecursionTree::LevelK& l : t.level_ks)
    if (l.depth < rows) ks[l.depth].push_back(l.k);
  if (t.level_ks.empty())
    for (uint32_t d = 1; d < rows; ++d) ks[d].push_back(std::max<uint32_t>(2, t.k));
  std::vector<RowIdeal> out(rows);
  double divisor = 1;
  bool one_k = true;  // every depth so far took t.k
  std::vector<uint32_t> path;
  uint32_t mixed = 0;
  for (uint32_t d = 1; d < rows; ++d) {
    RowIdeal& r = out[d];
    if (!mixed && ks[d].size() > 1) mixed = d;
    if (mixed) {
      r.mixed_depth = mixed;
      const std::vector<uint32_t>& m = ks[mixed];
      for (size_t i = 0; i < m.size(); ++i)
        r.mixed_ks += (i == 0 ? "" : i + 1 == m.size() ? " and " : ", ") + std::to_string(m[i]);
      continue;
    }
    if (ks[d].empty()) break;  // level 3 alone made this depth: no level-1 product below it
    divisor *= ks[d][0];
    path.push_back(ks[d][0]);
    one_k = one_k && ks[d][0] == t.k;
    r.divisor = divisor;
    if (one_k) {
      r.formula = fmt::format("n/k^{}", d);
    } else if (path.size() == 1) {
      r.formula = fmt::format("n/{}", path[0]);
    } else {
      r.formula = "n/(";
      for (size_t i = 0; i < path.size(); ++i) r.formula += (i ? "\xC3\x97" : "") + std::to_string(path[i]);
      r.formula += ")";
    }
  }
  return out;
}

}  // namespace sortscope
