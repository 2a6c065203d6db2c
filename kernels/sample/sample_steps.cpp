#include "sample_steps.h"

#include <algorithm>

#include <fmt/format.h>

#include "common/count_words.h"
#include "sample_launches.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope {
namespace {

const std::vector<std::string> kSamplePseudo = {
    "keys <- ordered_bits(input)",
    "while a bucket > M (level 3: > a block), one pass:",
    "  sample a*k keys, sort; s_i <- S[i*a]; bt <- tree(s)",
    // sample_degenerate's test: k = 2 has one splitter, compared with the sample's largest key. One
    // line that fits the panel at 1280 px (the steps' line numbers below are recorded in traces); the
    // = part's being final and the min = max skip are the splitter and scatter steps' captions'.
    "  s_1 = s_{k-1} (k = 2: s_1 = max(S)): split <, =, >",
    "  count: j <- 1; log k times j <- 2j + (e > bt[j])",
    "  scan C column-major: bucket j after buckets < j",
    "  scatter: out[O[j][b] + local counter of j] <- e",
    "level 2, one block per bucket, largest first:",
    "  rank: <= 16384: sub-buckets by top bits, rank sort",
    "  revised, size >= 12000: block sample sort, k = 32",
    "  size > base: quicksort step (<, =, >; = final)",
    "  size <= base: odd-even merge sort, shared memory",
    "output <- native(keys)",
};

const std::vector<std::string> kQuickPseudo = {
    "keys <- ordered_bits(input)",
    "while some segment > M keys (all such, one pass):",
    "  sample 2a keys, sort; pivot d <- their median",
    "  split every segment <, =, > d; = d is final",
    "  count: block b counts its keys <, =, > d",
    "  scan the counts column-major: where b writes each",
    "  scatter: out[O[part][b] + local counter] <- e",
    "block quicksort per segment, largest first (stack):",
    "  thread 0: pivot <- median(first, middle, last)",
    "  size > base: <, =, > counts, scans, scatter; push",
    "  size <= base: odd-even merge sort, shared memory",
    "output <- native(keys)",
};

const std::vector<std::string> kHybridPseudo = {
    "keys <- ordered_bits(input); bits <- key width",
    "while a bucket > M (one block's keys), one pass:",
    "  shift <- bits - log k (fewer bits left: 0)",
    "  count: j <- (e >> shift) & (k-1); min, max",
    "  min = max: done; one digit: bits <- msb(min^max)",
    "  scan C column-major: bucket j after buckets < j",
    "  scatter: out[O[j][b] + local counter of j] <- e",
    "level 2, one block per bucket, largest first:",
    "  rank: <= 16384: sub-buckets by top bits, rank sort",
    "output <- native(keys)",
};

const std::vector<StepKind> kHybridKinds = {
    {"input", "The unsorted input", 0},
    {"shift", "Each bucket's next digit: shift <- bits left - log2 k (no sample, no splitters)", 2},
    {"count", "Each key's digit is its bucket; blocks count them (k x p table)", 3},
    {"scan", "Running totals: where each block puts each bucket's keys (scan)", 5},
    {"scatter", "Keys move into their buckets (scatter)", 6},
    {"second-level", "Each bucket sorted on its own, one block each, largest first", 7},
};

const std::vector<StepKind> kSampleKinds = {
    {"input", "The unsorted input", 0},
    {"splitters", "Splitters picked from a sorted random sample (search tree)", 2},
    {"count", "Each key finds its bucket; blocks count them (k x p table)", 4},
    {"scan", "Running totals: where each block puts each bucket's keys (scan)", 5},
    {"scatter", "Keys move into their buckets (scatter)", 6},
    {"second-level", "Each bucket sorted on its own, one block each, largest first", 7},
};

const std::vector<StepKind> kQuickKinds = {
    {"input", "The unsorted input", 0},
    {"splitters", "A pivot for each segment: the median of a sample", 2},
    {"count", "Each key compared with its pivot; blocks count <, =, >", 4},
    {"scan", "Running totals: where each block puts its <, =, > keys (scan)", 5},
    {"scatter", "Keys move into their <, =, > parts (scatter)", 6},
    {"second-level", "Each segment sorted by one block (block quicksort), largest first", 7},
};

}  // namespace

const std::vector<StepKind>& sample_step_kinds(SampleEngine e) {
  return e == SampleEngine::SampleSort ? kSampleKinds : kQuickKinds;
}
const std::vector<std::string>& sample_pseudo_code(SampleEngine e) {
  return e == SampleEngine::SampleSort ? kSamplePseudo : kQuickPseudo;
}
const std::vector<StepKind>& radix_hybrid_step_kinds() { return kHybridKinds; }
const std::vector<std::string>& radix_hybrid_pseudo_code() { return kHybridPseudo; }

const std::vector<StepKind>& SampleStepWriter::kinds() const {
  return plan_.digits() ? radix_hybrid_step_kinds() : sample_step_kinds(plan_.engine);
}

Step SampleStepWriter::step(SampleStepKind kind, std::string caption) const {
  return make_step(kinds(), kind, std::move(caption));
}

Step SampleStepWriter::pass_step(SampleStepKind kind, const SamplePass& pass, SampleLaunch launch,
                                 std::string caption) const {
  return make_step(kinds(), kind, std::move(caption), sample_launch_index(pass.index, launch),
                   sample_launch_name(plan_, pass.index, launch, pass.level));
}

std::string SampleStepWriter::pass_title(const SamplePass& pass) const {
  return pass.level == 3 ? fmt::format("Level 3, pass {}", pass.index + 1) : fmt::format("Pass {}", pass.index + 1);
}

void SampleStepWriter::input(const ArrayState& array) {
  rec_.set_padded_n(plan_.n);
  tree_ = {};
  tree_.k = plan_.k;
  // Digit passes take no sample: a = 0 tells the views there is no oversampling spread to draw.
  tree_.oversampling = plan_.digits() ? 0 : plan_.oversampling;
  tree_.bucket_max = plan_.bucket_max;
  open_leaf_.clear();
  if (plan_.n) {
    tree_.nodes.push_back({0, plan_.n, 0, 0, SampleRecursionTree::Fate::Level2, 0});
    open_leaf_[0] = 0;
  }
  const std::string idea =
      plan_.engine == SampleEngine::Quicksort
          ? "quicksort splits them around pivots into <, =, > until every segment fits one block"
      : plan_.digits()
          ? "an MSD radix sort (Stehle & Jacobsen's hybrid) splits them into buckets by their next digit, most "
            "significant first, until every bucket fits one block"
          : "sample sort splits them into buckets at splitters drawn from a random sample, until every "
            "bucket fits one block";
  rec_.record(step(SampleStepKind::Input, fmt::format("{}: {}. {}", counted(plan_.n, "unsorted key"), idea, plan_.describe())),
              array);
}

void SampleStepWriter::splitters(const SamplePass& pass, uint32_t degenerate, const std::vector<uint64_t>& first_sample,
                                 const ArrayState& array) {
  std::string what = plan_.engine == SampleEngine::Quicksort
                         ? fmt::format("{}: a pivot for {}, the median of {} sampled keys", pass_title(pass),
                                       pass.parents.size() == 1 ? std::string("the one segment")
                                                                : "each of " + counted(pass.parents.size(), "segment"),
                                       sample_keys(pass))
                         : fmt::format("{}: {}, evenly spaced in a sorted random sample, will cut "
                                       "{} into {} value ranges. {} keys sampled per bucket and sorted, every a-th "
                                       "key a splitter (a = {}), the search tree built",
                                       pass_title(pass), counted(pass.k - 1, "splitter"),
                                       pass.parents.size() == 1
                                           ? fmt::format("a bucket of {} keys", pass.keys)
                                           : fmt::format("{} buckets of {} keys", pass.parents.size(), pass.keys),
                                       pass.k, sample_keys(pass), plan_.oversampling);
  if (pass.level == 3)
    what += fmt::format(". Level 3: these buckets are at most M = {} keys but above the {} that one block sorts, "
                        "so they are cut again; k = {} brings buckets of their size to about {} keys (one pass for "
                        "each k)",
                        plan_.bucket_max, plan_.level3_above, pass.k, plan_.level3_above / 2);
  if (degenerate) three_way_passes_.insert(pass.index);
  else three_way_passes_.erase(pass.index);
  if (plan_.engine == SampleEngine::SampleSort && degenerate) {
    // sample_degenerate's test: k = 2 has one splitter, degenerate when it is the sample's largest key.
    const bool one = degenerate == 1;
    what += fmt::format("; {} {}: {} three ways (<, =, >; the = part final)", counted(degenerate, "sample"),
                        pass.k == 2 ? fmt::format("whose splitter is {} largest key", one ? "its" : "their")
                                    : std::string("with all splitters equal"),
                        one ? "that bucket splits" : "those buckets split");
  }
  Step s = pass_step(SampleStepKind::Splitters, pass, SampleLaunch::Splitters, what);
  if (!pass.parents.empty() && first_sample.size() == sample_keys(pass)) {
    SampleSplitters sp;
    sp.pass = pass.index;
    sp.k = pass.k;
    sp.oversampling = plan_.oversampling;
    sp.bucket_begin = pass.parents[0].begin;
    sp.bucket_size = pass.parents[0].size;
    sp.buckets_in_pass = uint32_t(pass.parents.size());
    sp.sample = first_sample;
    sp.splitters.resize(pass.k - 1);
    sp.three_way = splitters_of_sample(sp.sample.data(), pass.k, plan_.oversampling, sp.splitters.data()) ||
                   plan_.always_three_way;
    // The tree only where the kernels use it: a degenerate sample splits three ways instead.
    const bool tree = plan_.engine == SampleEngine::SampleSort && !sp.three_way;
    SampleSearchTree st = tree ? search_tree(pass, sp) : SampleSearchTree{};
    s.aux.push_back(std::move(sp));
    if (tree) s.aux.push_back(std::move(st));
  }
  rec_.record(std::move(s), array);
}

SampleSearchTree SampleStepWriter::search_tree(const SamplePass& pass, const SampleSplitters& sp) const {
  SampleSearchTree t;
  t.pass = pass.index;
  t.k = pass.k;
  t.word_bytes = uint32_t(key_bytes(plan_.key_type));
  t.tree.assign(pass.k, 0);
  build_search_tree(sp.splitters.data(), pass.k, t.tree.data());
  // Three keys of the sample, a quarter, half and three quarters up, each halfway between two
  // splitters, so their descents part early and end in different buckets.
  const uint64_t a = plan_.oversampling, m = sp.sample.size();
  for (uint64_t at : {m / 4, m / 2, 3 * m / 4}) {
    const uint64_t e = sp.sample[std::min(m - 1, at / a * a + a / 2)];
    // Alg. 6's descent (search_tree_bucket), each node it reads kept.
    uint32_t j = 1;
    for (int l = 0; l < pass.log_k; ++l) {
      t.path.push_back(j);
      j = 2 * j + uint32_t(e > t.tree[j]);
    }
    t.keys.push_back(e);
    t.bucket.push_back(j - pass.k);
  }
  return t;
}

uint32_t SampleStepWriter::table_columns(const SamplePass& pass) const {
  const bool three_way = plan_.engine == SampleEngine::Quicksort ||
                         (!pass.digits && three_way_passes_.count(pass.index) > 0);
  return three_way ? pass.slots() : pass.k;
}

DigitHistogram SampleStepWriter::histogram(const SamplePass& pass, const std::vector<uint64_t>& table,
                                           const std::vector<uint64_t>* scanned) const {
  DigitHistogram h;
  h.pass = pass.index;
  h.digit_bits = uint32_t(pass.log_k);
  h.rows = pass.total_blocks;
  h.cols = table_columns(pass);
  h.rows_are = DigitHistogram::Rows::Blocks;
  h.cols_are = DigitHistogram::Columns::Buckets;
  h.counts.assign(size_t(h.rows) * h.cols, 0);
  if (scanned) h.scanned.assign(h.counts.size(), 0);
  const uint32_t reps = plan_.scatter_replicas;
  for (const auto& p : pass.parents)
    for (uint32_t j = 0; j < h.cols; ++j)
      for (uint32_t b = 0; b < p.blocks; ++b) {
        const uint64_t at = p.table_offset + (uint64_t(j) * p.blocks + b) * reps;
        uint64_t sum = 0;
        for (uint32_t r = 0; r < reps; ++r) sum += table[at + r];
        const size_t cell = size_t(p.first_block + b) * h.cols + j;
        h.counts[cell] = uint32_t(sum);
        if (scanned) h.scanned[cell] = p.begin - p.scan_base + (*scanned)[at];
      }
  return h;
}

void SampleStepWriter::counts(const SamplePass& pass, const std::vector<uint64_t>& table,
                              const ArrayState& array) {
  const uint32_t columns = table_columns(pass);
  Step s = pass_step(SampleStepKind::Count, pass, SampleLaunch::Count,
                plan_.engine == SampleEngine::Quicksort
                    ? fmt::format("{}: each key is compared with its pivot and counted as <, = or >. {} "
                                  "{} {} x {} count table",
                                  pass_title(pass), counted(pass.total_blocks, "block"),
                                  verb_for(pass.total_blocks, "fills", "fill"), with_article(columns),
                                  pass.total_blocks)
                : pass.digits
                    ? fmt::format("{}: each key's bucket is its next {}-bit digit, (key >> shift) & {} (shift {} in "
                                  "the first bucket; no sample, no tree), and is counted. {} {} {} x {} "
                                  "table of bucket counts (k x p)",
                                  pass_title(pass), pass.log_k, pass.k - 1,
                                  pass.parents.empty() ? 0u : pass.parents[0].digit_shift,
                                  counted(pass.total_blocks, "block"), verb_for(pass.total_blocks, "fills", "fill"),
                                  with_article(columns), pass.total_blocks)
                    : fmt::format("{}: each key walks down the splitter tree to its bucket{} and is counted. {} "
                                  "{} {} x {} table of bucket counts (k x p)",
                                  pass_title(pass),
                                  three_way_passes_.count(pass.index) > 0
                                      ? " (where the sample was degenerate, one compare with s_1 instead: <, =, >)"
                                      : "",
                                  counted(pass.total_blocks, "block"),
                                  verb_for(pass.total_blocks, "fills", "fill"), with_article(columns),
                                  pass.total_blocks));
  s.aux.push_back(histogram(pass, table, nullptr));
  rec_.record(std::move(s), array);
}

void SampleStepWriter::scan(const SamplePass& pass, const std::vector<uint64_t>& table,
                            const std::vector<uint64_t>& scanned, const ArrayState& array) {
  // The table shows a cell per (bucket, block); the scan runs over every scatter replica of it (and
  // over a two-way k = 2 pass's empty = slot), so the caption says how the counters map to the cells.
  const uint32_t columns = table_columns(pass), reps = plan_.scatter_replicas;
  std::string counters = fmt::format("Exclusive scan of {}, bucket-major", counted(pass.table_entries, "counter"));
  if (reps > 1 || pass.slots() != columns) {
    counters += fmt::format(": the cells of the {} x {} table (blocks x buckets)", pass.total_blocks, columns);
    if (reps > 1) counters += fmt::format(", each the sum of a block's {} scatter replicas", reps);
    if (pass.slots() != columns) counters += ", and an empty = slot a block";
  }
  Step s = pass_step(SampleStepKind::Scan, pass, SampleLaunch::Scan,
                fmt::format("{}: running totals of the counts give each block the place of its keys in "
                            "each {} (first {} of every block, then the next, ...). {}",
                            pass_title(pass), plan_.engine == SampleEngine::Quicksort ? "part" : "bucket",
                            plan_.engine == SampleEngine::Quicksort ? "the < part" : "bucket 0", counters));
  s.aux.push_back(histogram(pass, table, &scanned));
  rec_.record(std::move(s), array);
}

void SampleStepWriter::scatter(const SamplePass& pass, uint32_t constant, const std::vector<uint64_t>& slot_counts,
                               const std::vector<SampleBucket>& after, const ArrayState& array) {
  const size_t buckets = after.size();
  std::string what =
      plan_.engine == SampleEngine::Quicksort
          ? fmt::format("{}: keys moved into their <, =, > parts; {} now, = parts final. Each "
                        "block scatters its keys to the places the scan gave",
                        pass_title(pass), counted(buckets, "segment"))
          : fmt::format("{}: keys moved into their buckets; {} now, each a range of values in "
                        "its final place. Each block scatters its keys to the places the scan gave",
                        pass_title(pass), counted(buckets, "bucket"));
  if (constant) {
    const bool one = constant == 1;
    what += pass.digits ? fmt::format(" ({} skipped the scatter: all {} keys equal, or all of one digit, so {} whole "
                                      "and {} next pass starts at the highest bit where {} keys differ)",
                                      counted(constant, "bucket"), one ? "its" : "their", one ? "it stays" : "they stay",
                                      one ? "its" : "their", one ? "its" : "their")
                        : fmt::format(" ({} skipped the scatter)", counted(constant, "constant bucket"));
  }
  Step s = pass_step(SampleStepKind::Scatter, pass, SampleLaunch::Scatter, what);
  SampleBucketSizes sizes;
  sizes.pass = pass.index;
  sizes.k = pass.k;
  sizes.oversampling = pass.digits ? 0 : plan_.oversampling;
  sizes.bucket_max = plan_.bucket_max;
  const uint32_t slots = pass.slots();
  sizes.child_begin.push_back(0);
  for (size_t pi = 0; pi < pass.parents.size() && (pi + 1) * slots <= slot_counts.size(); ++pi) {
    const SampleParent& p = pass.parents[pi];
    const uint32_t used = p.degenerate ? 3 : pass.k;
    sizes.parent_size.push_back(p.size);
    sizes.parent_three_way.push_back(p.degenerate ? 1 : 0);
    sizes.child_size.insert(sizes.child_size.end(), slot_counts.begin() + ptrdiff_t(pi * slots),
                            slot_counts.begin() + ptrdiff_t(pi * slots + used));
    sizes.child_begin.push_back(uint32_t(sizes.child_size.size()));
  }
  grow_tree(pass, slot_counts);
  for (const SampleBucket& b : after) sizes.buckets.push_back({b.begin, b.size, b.done});
  std::sort(sizes.buckets.begin(), sizes.buckets.end(),
            [](const SampleBucketSizes::Bucket& a, const SampleBucketSizes::Bucket& b) { return a.begin < b.begin; });
  s.aux.push_back(std::move(sizes));
  rec_.record(std::move(s), array);
}

void SampleStepWriter::grow_tree(const SamplePass& pass, const std::vector<uint64_t>& slot_counts) {
  using Fate = SampleRecursionTree::Fate;
  const uint32_t slots = pass.slots();
  for (size_t pi = 0; pi < pass.parents.size() && (pi + 1) * slots <= slot_counts.size(); ++pi) {
    const SampleParent& p = pass.parents[pi];
    const auto leaf = open_leaf_.find(p.begin);
    if (leaf == open_leaf_.end() || tree_.nodes[leaf->second].size != p.size) continue;
    // A narrowed bucket (a digit pass found one digit in all its keys) stays whole: its leaf stays open
    // for the pass that splits it.
    if (p.constant && p.narrowed) continue;
    const uint32_t parent = leaf->second;
    open_leaf_.erase(leaf);
    SampleRecursionTree::Node& node = tree_.nodes[parent];
    node.fate = p.constant ? Fate::Constant : p.degenerate ? Fate::ThreeWay : Fate::Split;
    if (p.constant) continue;
    const uint32_t depth = node.depth + 1;
    if (pass.level != 3) note_level_k(depth, pass.k);
    for (const SampleBucket& c : pass_children(pass, p, slot_counts.data() + pi * slots)) {
      if (tree_.nodes.size() >= SampleRecursionTree::kMaxNodes) {
        tree_.truncated = true;
        break;
      }
      tree_.nodes.push_back({c.begin, c.size, depth, parent, c.done ? Fate::Equal : Fate::Level2, 0});
      if (!c.done) open_leaf_[c.begin] = uint32_t(tree_.nodes.size() - 1);
    }
  }
}

void SampleStepWriter::note_level_k(uint32_t depth, uint32_t k) {
  const SampleRecursionTree::LevelK l{depth, k};
  auto before = [](const SampleRecursionTree::LevelK& a, const SampleRecursionTree::LevelK& b) {
    return a.depth != b.depth ? a.depth < b.depth : a.k < b.k;
  };
  auto& ks = tree_.level_ks;
  const auto at = std::lower_bound(ks.begin(), ks.end(), l, before);
  if (at == ks.end() || before(l, *at)) ks.insert(at, l);
}

void SampleStepWriter::second_level(const std::vector<SampleSmallBucket>& small, const ArrayState& array) {
  const bool quick = plan_.engine == SampleEngine::Quicksort;
  // The list holds the buckets to sort, largest first, and final ones that only move back from the
  // scratch buffer (sort_out_buckets).
  uint64_t to_sort = 0, largest = 0;
  for (const SampleSmallBucket& b : small)
    if (!b.done) {
      ++to_sort;
      largest = std::max(largest, b.size);
    }
  const char* noun = quick ? "segment" : "bucket";
  std::string how =
      to_sort == 0 ? fmt::format("No {} left to sort: every one is final (an = part or constant)", noun)
                   : fmt::format("{}, one block each, largest ({}) first", counted(to_sort, noun), counted(largest, "key")) +
                         (plan_.level2 == SampleLevel2::Radix
                              ? fmt::format("; those of at most {} keys by one block-wide radix sort in shared memory",
                                            kSampleRadixMax)
                          : plan_.level2 == SampleLevel2::Rank
                              ? fmt::format("; those of at most {} keys cut by their top bits into sub-buckets of "
                                            "about 16 keys in shared memory, each key placed by counting the smaller "
                                            "keys of its sub-bucket (a rank sort)",
                                            kSampleRankBlockMax)
                              : std::string());
  if (small.size() > to_sort)
    how += fmt::format("; {} moved back from the scratch buffer",
                       counted(small.size() - to_sort, std::string("final ") + noun));
  Step s = step(SampleStepKind::SecondLevel,
                fmt::format("Level 2: every {} sorted on its own, so the whole array is sorted. {}", noun, how));
  if (!small.empty()) {  // the GPU driver launches level 2 only for a non-empty list
    s.launch = sample_level2_launch_index();
    s.launch_name = sample_level2_launch_name(plan_);
  }
  uint32_t order = 0;
  for (const SampleSmallBucket& b : small) {
    if (b.done) continue;  // moved back from the scratch buffer only, not sorted
    ++order;
    if (const auto leaf = open_leaf_.find(b.begin); leaf != open_leaf_.end()) tree_.nodes[leaf->second].order = order;
  }
  if (!tree_.nodes.empty()) s.aux.push_back(tree_);
  if (level2_stack_) s.aux.push_back(std::move(*level2_stack_));
  level2_stack_.reset();
  rec_.record(std::move(s), array);
}

}  // namespace sortscope
