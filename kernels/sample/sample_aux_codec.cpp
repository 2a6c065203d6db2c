// Trace codecs (common/trace_aux.h) of sample sort's snapshot types (sample_aux.h). The checks
// cover the sizes the views (visual/views/sample/) index by.
#include "common/trace_aux.h"
#include "sample_aux.h"

namespace sortscope {
namespace {

constexpr auto splitters_fields = [](auto& io, auto& s) {
  io("pass", s.pass);
  io("k", s.k);
  io("oversampling", s.oversampling);
  io("bucket start", s.bucket_begin);
  io("bucket size", s.bucket_size);
  io("buckets in the pass", s.buckets_in_pass);
  io("three-way", s.three_way);
  io("sample", s.sample);
  io("splitters", s.splitters);
};

void check_splitters(const SampleSplitters& s) {
  if (s.k > (1u << 20)) ByteReader::fail("sample splitters: k", "is out of range");
}

constexpr auto search_tree_fields = [](auto& io, auto& t) {
  io("pass", t.pass);
  io("k", t.k);
  io("word bytes", t.word_bytes);
  io("tree", t.tree);
  io("keys", t.keys);
  io("path", t.path);
  io("buckets", t.bucket);
};

void check_search_tree(const SampleSearchTree& t) {
  if (t.k < 2 || t.k > (1u << 20) || (t.k & (t.k - 1))) ByteReader::fail("search tree: k", "must be a power of two 2..2^20");
  if (t.word_bytes != 4 && t.word_bytes != 8) ByteReader::fail("search tree: word bytes", "must be 4 or 8");
  require_size(t.tree, t.k, "search tree: tree");
  uint32_t log_k = 0;
  while ((1u << log_k) < t.k) ++log_k;
  require_size(t.path, uint64_t(t.keys.size()) * log_k, "search tree: path");
  require_size(t.bucket, t.keys.size(), "search tree: buckets");
  for (uint32_t j : t.path)
    if (j == 0 || j >= t.k) ByteReader::fail("search tree: path", "reads a node outside the tree");
  for (uint32_t b : t.bucket)
    if (b >= t.k) ByteReader::fail("search tree: buckets", "name a bucket past k");
}

constexpr auto bucket_fields = [](auto& io, auto& b) {
  io("bucket start", b.begin);
  io("bucket size", b.size);
  io("bucket done", b.done);
};

constexpr auto bucket_sizes_fields = [](auto& io, auto& s) {
  io("pass", s.pass);
  io("k", s.k);
  io("oversampling", s.oversampling);
  io("M", s.bucket_max);
  io("parents", s.parent_size);
  io("three-way parents", s.parent_three_way);
  io("child offsets", s.child_begin);
  io("children", s.child_size);
  io.records("buckets", s.buckets, kMaxAuxEntries, bucket_fields);
};

void check_bucket_sizes(const SampleBucketSizes& s) {
  require_size(s.parent_three_way, s.parent_size.size(), "bucket sizes: three-way parents");
  require_size(s.child_begin, s.parent_size.size() + 1, "bucket sizes: child offsets");
  for (size_t i = 1; i < s.child_begin.size(); ++i)
    if (s.child_begin[i] < s.child_begin[i - 1]) ByteReader::fail("bucket sizes: child offsets", "decrease");
  if (s.child_begin.back() > s.child_size.size()) ByteReader::fail("bucket sizes: child offsets", "point past the children");
}

constexpr auto level2_step_fields = [](auto& io, auto& s) {
  io("segment start", s.begin);
  io("segment size", s.size);
  io("kind", s.kind);
  io("less", s.less);
  io("equal", s.equal);
  io("greater", s.greater);
  io("pushed", s.pushed);
  io("depth", s.depth);
};

constexpr auto level2_stack_fields = [](auto& io, auto& t) {
  io("bucket start", t.bucket_begin);
  io("bucket size", t.bucket_size);
  io("base", t.base);
  io("truncated", t.truncated);
  io.records("steps", t.steps, SampleLevel2Stack::kMaxSteps, level2_step_fields);
};

// Every step's segment lies in the bucket (the view places it by position), a three-way step's
// parts add up to its segment.
void check_level2_stack(const SampleLevel2Stack& t) {
  for (const SampleLevel2Step& s : t.steps) {
    if (s.kind > 2) ByteReader::fail("level-2 stack: a step's kind", "is unknown");
    if (s.begin < t.bucket_begin || s.begin + s.size > t.bucket_begin + t.bucket_size)
      ByteReader::fail("level-2 stack: a segment", "lies outside its bucket");
    if (s.kind == 1 && uint64_t(s.less) + s.equal + s.greater != s.size)
      ByteReader::fail("level-2 stack: a three-way step's parts", "do not add up to its segment");
  }
}

constexpr auto tree_node_fields = [](auto& io, auto& n) {
  io("node start", n.begin);
  io("node size", n.size);
  io("node depth", n.depth);
  io("node parent", n.parent);
  io.choice("node fate", n.fate, SampleRecursionTree::Fate::Level2);
  io("node order", n.order);
};

constexpr auto level_k_fields = [](auto& io, auto& l) {
  io("depth", l.depth);
  io("k", l.k);
};

constexpr auto tree_fields = [](auto& io, auto& t) {
  io("k", t.k);
  io("oversampling", t.oversampling);
  io("M", t.bucket_max);
  io("truncated", t.truncated);
  io.records("nodes", t.nodes, SampleRecursionTree::kMaxNodes, tree_node_fields);
  // Added with the ks of pass_k = by-size: a tree recorded before ends at its nodes.
  if (!io.at_end()) io.records("ks by depth", t.level_ks, SampleRecursionTree::kMaxLevelKs, level_k_fields);
};

// Parents come before their children, one level deeper, and the view draws by depth.
void check_tree(const SampleRecursionTree& t) {
  for (size_t i = 1; i < t.nodes.size(); ++i) {
    const SampleRecursionTree::Node& n = t.nodes[i];
    if (n.parent >= i || n.depth != t.nodes[n.parent].depth + 1)
      ByteReader::fail("recursion tree: a node", "does not follow its parent one level down");
    if (n.depth > SampleRecursionTree::kMaxDepth) ByteReader::fail("recursion tree: a node", "is deeper than 64 levels");
  }
  if (!t.nodes.empty() && t.nodes[0].depth != 0) ByteReader::fail("recursion tree: the root", "is not at depth 0");
  for (const SampleRecursionTree::LevelK& l : t.level_ks) {
    if (l.depth == 0 || l.depth > SampleRecursionTree::kMaxDepth)
      ByteReader::fail("recursion tree: ks by depth", "name a depth outside 1..64");
    if (l.k < 2 || l.k > (1u << 20)) ByteReader::fail("recursion tree: ks by depth", "hold a k outside 2..2^20");
  }
}

}  // namespace

void register_sample_aux_codecs(AuxCodecRegistry& r) {
  r.add<SampleSplitters>("sample.splitters", "sample splitters", splitters_fields, check_splitters);
  r.add<SampleSearchTree>("sample.search-tree", "search tree", search_tree_fields, check_search_tree);
  r.add<SampleBucketSizes>("sample.bucket-sizes", "bucket sizes", bucket_sizes_fields, check_bucket_sizes);
  r.add<SampleLevel2Stack>("sample.level2-stack", "level-2 stack", level2_stack_fields, check_level2_stack);
  r.add<SampleRecursionTree>("sample.recursion-tree", "recursion tree", tree_fields, check_tree);
}

}  // namespace sortscope
