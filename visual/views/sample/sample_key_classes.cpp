// Sample sort's and quicksort's snapshots as key classes (views/key_coloring.h), colour by bucket:
// before the first scatter, the value range between the first pass's splitters a key falls in (the
// bucket the tree descent will send it to, Leischner 2010 §6.2), or <, = or > quicksort's pivot;
// after a scatter, the bucket (a stretch of positions) each key lies in; after level 2, the final
// buckets of the recursion tree.
#include <algorithm>

#include <fmt/format.h>

#include "sample/sample_aux.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

// The splitters only say where every key goes when they cut the whole input: the first pass with
// one bucket. A later pass records the first bucket's splitters only, so its steps keep the buckets
// of the pass before (an earlier step's SampleBucketSizes).
std::optional<KeyClassRule> splitters_classes(ColorBy mode, const SampleSplitters& s, const KeyClassSite& site) {
  if (mode != ColorBy::Bucket || s.buckets_in_pass != 1 || s.bucket_begin != 0 || s.bucket_size < site.n ||
      s.splitters.empty() || !std::is_sorted(s.splitters.begin(), s.splitters.end()))
    return std::nullopt;
  if (s.three_way)  // all splitters equal (quicksort's pivot, a degenerate sample): <, = and > parts
    return three_way_classes(s.splitters.front(), fmt::format("part: <, = or > the pivot of pass {}", s.pass + 1));
  return splitter_classes(s.splitters, fmt::format("bucket among pass {}'s {} splitters", s.pass + 1, s.splitters.size()));
}

// The bucket list after a scatter is the array's partition from then on; a later step's list says
// nothing about the keys before its scatter.
std::optional<KeyClassRule> bucket_sizes_classes(ColorBy mode, const SampleBucketSizes& s, const KeyClassSite& site) {
  if (mode != ColorBy::Bucket || site.ahead || s.buckets.empty()) return std::nullopt;
  std::vector<uint64_t> begins;
  begins.reserve(s.buckets.size() + 1);
  for (const SampleBucketSizes::Bucket& b : s.buckets) begins.push_back(b.begin);
  std::sort(begins.begin(), begins.end());
  begins.erase(std::unique(begins.begin(), begins.end()), begins.end());
  if (begins.front() != 0) begins.insert(begins.begin(), 0);
  const bool parts = !s.parent_three_way.empty() &&
                     std::all_of(s.parent_three_way.begin(), s.parent_three_way.end(), [](uint8_t t) { return t != 0; });
  const size_t count = begins.size();
  return segment_classes(std::move(begins), fmt::format("{} {} after pass {}", count, parts ? "segments" : "buckets", s.pass + 1));
}

// Level 2: the leaves of the recursion (final parts, constant buckets, buckets level 2 sorted).
std::optional<KeyClassRule> recursion_tree_classes(ColorBy mode, const SampleRecursionTree& t, const KeyClassSite& site) {
  if (mode != ColorBy::Bucket || site.ahead || t.nodes.empty()) return std::nullopt;
  std::vector<bool> has_child(t.nodes.size(), false);
  for (size_t i = 1; i < t.nodes.size(); ++i)
    if (t.nodes[i].parent < t.nodes.size()) has_child[t.nodes[i].parent] = true;
  std::vector<uint64_t> begins;
  for (size_t i = 0; i < t.nodes.size(); ++i)
    if (!has_child[i] && t.nodes[i].size > 0) begins.push_back(t.nodes[i].begin);
  std::sort(begins.begin(), begins.end());
  begins.erase(std::unique(begins.begin(), begins.end()), begins.end());
  if (begins.empty() || begins.front() != 0) begins.insert(begins.begin(), 0);
  const size_t count = begins.size();
  return segment_classes(std::move(begins), fmt::format("the {} final buckets", count));
}

}  // namespace

void register_sample_key_classes(ViewRegistry& registry) {
  registry.add_key_classes<SampleSplitters>(splitters_classes);
  registry.add_key_classes<SampleBucketSizes>(bucket_sizes_classes);
  registry.add_key_classes<SampleRecursionTree>(recursion_tree_classes);
}

}  // namespace sortscope
