#pragma once
// Sample sort's (and quicksort's) auxiliary snapshots (common/aux_data.h): what a distribution
// pass shows besides the key array. Recorded by SampleStepWriter (sample_steps.h) from the CPU
// model and the GPU path alike; drawn by the panel views in visual/views/sample/.
#include <cstdint>
#include <vector>

namespace sortscope {

// Step 1 of a pass (Leischner 2010 §6.1, Alg. 5): the sorted random sample of the pass's first
// bucket (a * k ordered-bits words) and the splitters taken from it, every a-th key
// (s_i = S_{i a}, i = 1 .. k-1). All splitters equal: the bucket is split three ways (§6.2).
struct SampleSplitters {
  uint32_t pass = 0;
  uint32_t k = 0, oversampling = 0;  // k buckets, a = oversampling
  uint64_t bucket_begin = 0, bucket_size = 0;
  uint32_t buckets_in_pass = 0;      // buckets this pass splits (the sample shown is the first's)
  bool three_way = false;
  std::vector<uint64_t> sample;      // sorted, a * k words
  std::vector<uint64_t> splitters;   // k - 1 words
};

// Step 1 of a pass, continued (§6.2, Alg. 6): the splitters as the complete binary search tree the
// count and scatter kernels keep in shared memory (bt[1] = s_{k/2}, children of bt[j] at 2j and
// 2j + 1), and a few keys of the sample followed down it: log2 k reads j := 2j + (e > bt[j]), no
// branches, ending in bucket j - k. Word j of the tree sits in shared-memory bank
// (j * word_bytes / 4) mod 32, which the view shows for every read.
struct SampleSearchTree {
  uint32_t pass = 0;
  uint32_t k = 0;
  uint32_t word_bytes = 4;
  std::vector<uint64_t> tree;     // bt[0 .. k-1] as ordered-bits words (bt[0] unused)
  std::vector<uint64_t> keys;     // the keys followed
  std::vector<uint32_t> path;     // keys.size() x log2 k: the node read at each level
  std::vector<uint32_t> bucket;   // keys.size(): where each key ends
};

// After the scatter of a pass (§6.2): how evenly the splitters cut, and what recurses. For each
// bucket the pass split, its children's sizes in bucket order against the ideal size/k; with
// oversampling a the keys between consecutive splitters are a gaps of the sample, so a child's size
// is spread about size/k by about size/(k sqrt(a)) (a Beta-distributed gap of a sample keys).
// `buckets`: every bucket after the pass, in array order, with M = bucket_max: larger ones get
// another pass, done ones (= parts, constant buckets) are final.
struct SampleBucketSizes {
  struct Bucket {
    uint64_t begin = 0, size = 0;
    bool done = false;
  };
  uint32_t pass = 0;
  uint32_t k = 0, oversampling = 0;
  uint64_t bucket_max = 0;             // M
  std::vector<uint64_t> parent_size;   // the buckets this pass split
  std::vector<uint8_t> parent_three_way;
  std::vector<uint32_t> child_begin;   // parents + 1 offsets into child_size
  std::vector<uint64_t> child_size;    // every slot, empty ones included (k, or 3 for a three-way split)
  std::vector<Bucket> buckets;
};

// Level 2 inside one block (§6.2, §6.3.2, App. C): the explicit stack of segments of one bucket,
// step by step as the block ran them: a segment popped and either sorted in shared memory (the
// odd-even base case) or partitioned into the other buffer, three ways around a pivot (quicksort;
// degenerate samples) or k2 ways by the block sample sort's tree, its parts pushed largest first.
// The traced bucket is the first of level 2's list that takes this path (sample_schedule.h). A
// plain struct, so the kernel writes the same record the model does.
struct SampleLevel2Step {
  uint64_t begin = 0;     // the segment, in the array
  uint32_t size = 0;
  uint32_t kind = 0;      // 0: base case, 1: three ways around a pivot, 2: block sample sort
  uint32_t less = 0, equal = 0, greater = 0;  // kind 1: the parts (the = part is final)
  uint32_t pushed = 0;    // parts pushed onto the stack
  uint32_t depth = 0;     // stack entries after the step
};

struct SampleLevel2Stack {
  uint64_t bucket_begin = 0, bucket_size = 0;
  uint32_t base = 0;      // segments of at most this many keys are base cases
  bool truncated = false; // more steps than kMaxSteps: the first ones kept
  std::vector<SampleLevel2Step> steps;
  static constexpr uint32_t kMaxSteps = 1024;
};

// At level 2 (§6.2-6.3): the whole recursion as a tree. The root is the input; a bucket larger than
// M was split by a pass into k children (three, <, =, >, when its sample was degenerate), or left
// whole when it was constant (min = max). Every leaf is either final (an = part, a constant bucket)
// or sorted by one block in level 2, which runs largest first ("we schedule buckets for sorting
// ordered by size"): `order` is a leaf's place in that schedule. `k` is the first pass's; with
// pass_k = by-size each later level-1 pass has its own (README.md "k by size"), which `level_ks`
// keeps by depth, so the view's ideal size of a depth is n over the product of the ks above it.
struct SampleRecursionTree {
  enum class Fate : uint8_t { Split, ThreeWay, Constant, Equal, Level2 };
  struct Node {
    uint64_t begin = 0, size = 0;
    uint32_t depth = 0;   // 0: the input; d: a bucket of pass d
    uint32_t parent = 0;  // index of the parent node (the root's is 0)
    Fate fate = Fate::Level2;
    uint32_t order = 0;   // 1-based place in level 2's schedule; 0 for nodes level 2 does not sort
  };
  // A k that level-1 passes cut the buckets of depth - 1 into those of `depth` by (level-3 passes,
  // which cut buckets below M, are not kept: the view notes their rows apart).
  struct LevelK {
    uint32_t depth = 0, k = 0;
  };
  uint32_t k = 0, oversampling = 0;
  uint64_t bucket_max = 0;             // M
  bool truncated = false;              // more than kMaxNodes nodes: the deepest ones left out
  std::vector<Node> nodes;             // parents before their children; siblings in array order
  // One entry per (depth, k) that occurred, by depth then k: one k a depth unless by-size rounds gave
  // its buckets different ks (skewed inputs). Empty in traces recorded before it: every pass took k.
  std::vector<LevelK> level_ks;
  static constexpr uint32_t kMaxNodes = 1u << 20;
  static constexpr uint32_t kMaxDepth = 64;
  static constexpr uint32_t kMaxLevelKs = kMaxDepth * 20;  // 64 depths x the ks 2 .. 2^20
};

}  // namespace sortscope
