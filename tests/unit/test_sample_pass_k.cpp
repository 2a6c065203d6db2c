// The sample family where passes differ in k: k = 2's degenerate test (sample_degenerate: its one
// splitter is always "all splitters equal"), the recursion tree's ks by depth under pass_k = by-size
// and the ideal sizes its view draws from them (recursion_tree_ideal.h), the tree's trace codec with
// trees recorded before the ks were kept, captions that read right at 1, and refusals that name the
// algorithm that was run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/generators.h"
#include "common/trace_aux.h"
#include "sample/sample_layout.h"
#include "sample/sample_model.h"
#include "sample/sample_plan.h"
#include "sample/sample_schedule.h"
#include "sample_test_support.h"
#include "trace/trace_file.h"
#include "views/sample/recursion_tree_ideal.h"

namespace sortscope::test {
namespace {

using LevelK = SampleRecursionTree::LevelK;

std::vector<uint64_t> distinct_keys(size_t n) {
  std::vector<uint64_t> w(n);
  for (size_t i = 0; i < n; ++i) w[i] = (i * 2654435761u) % 4294967291u;  // distinct: a bijection mod a prime
  return w;
}

// The program's gaussian input (`-d gaussian`, seed 1): skewed enough that by-size rounds cut the
// buckets of one depth by several ks at 300,000 keys.
HostKeys gaussian_keys(uint64_t n) {
  InputSpec s;
  s.dist = Distribution::Gaussian;
  s.key = KeyType::U32;
  s.n = n;
  s.seed = 1;
  return generate_host(s);
}

struct Recorded {
  Timeline timeline;
  SampleRunStats stats;
};

Recorded record(const Algorithm& a, const std::vector<std::string>& params, HostKeys keys) {
  const HostKeys input = keys;
  Recorded r{radix_timeline(a, keys, false), {}};
  Recorder rec(r.timeline);
  a.run_model(radix_params(a, params), keys, &rec);
  expect_sorted_multiset(keys, input, a.id());
  return r;
}

Recorded record(const Algorithm& a, const std::vector<std::string>& params, const std::vector<uint64_t>& words) {
  return record(a, params, sample_keys_from_ordered(KeyType::U32, words, false));
}

const SampleRecursionTree& tree_of(const Recorded& r) {
  const SampleRecursionTree* t = find_aux<SampleRecursionTree>(r.timeline.steps.back().aux);
  if (!t) throw std::logic_error("no recursion tree at the last step");
  return *t;
}

}  // namespace

// §6.2: a degenerate sample is one whose cut might leave its bucket whole. For k > 2 that is
// s_1 = s_{k-1}; k = 2's one splitter equals itself, so its test is s_1 = the sample's largest key.
TEST(SampleDegenerate, KTwoSplitsThreeWaysOnlyWhenItsSplitterIsTheSampleTop) {
  const uint32_t a = 4;
  const std::vector<uint32_t> distinct = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<uint32_t> equal(8, 7);
  const std::vector<uint32_t> top_half_equal = {1, 2, 3, 9, 9, 9, 9, 9};   // s_1 = S_4 = 9 = S_8
  const std::vector<uint32_t> bottom_half_equal = {5, 5, 5, 5, 6, 7, 8, 9};  // s_1 = 5 < 9: two ways progress
  EXPECT_FALSE(sample_degenerate(distinct.data(), 2, a));
  EXPECT_TRUE(sample_degenerate(equal.data(), 2, a));
  EXPECT_TRUE(sample_degenerate(top_half_equal.data(), 2, a));
  EXPECT_FALSE(sample_degenerate(bottom_half_equal.data(), 2, a));
  uint32_t splitter = 0;
  EXPECT_FALSE(splitters_of_sample(distinct.data(), 2, a, &splitter));
  EXPECT_EQ(splitter, 4u);
  // k = 4, a = 2: splitters S_2, S_4, S_6; the thesis's test, unchanged.
  const std::vector<uint32_t> middle_equal = {1, 5, 5, 5, 5, 5, 8, 9};  // s_1 = s_3 = 5
  uint32_t s3[3];
  EXPECT_TRUE(splitters_of_sample(middle_equal.data(), 4, 2, s3));
  EXPECT_FALSE(splitters_of_sample(distinct.data(), 4, 2, s3));
}

// `run --algo sample-sort -p k=2` on distinct keys split every bucket of every pass three ways; now
// every pass cuts two ways, and skewed inputs still end (every pass shrinks every bucket).
TEST(SampleModel, KTwoOnDistinctKeysCutsTwoWaysAndEveryInputEnds) {
  const Algorithm& s = sample_sort_algorithm();
  const std::vector<std::string> params = {"k=2", "oversampling=16", "bucket_max=1024", "base=512"};
  const Recorded r = record(s, params, distinct_keys(5000));
  int splitter_steps = 0;
  for (const Step& st : r.timeline.steps)
    if (const SampleSplitters* sp = find_aux<SampleSplitters>(st.aux)) {
      ++splitter_steps;
      EXPECT_FALSE(sp->three_way) << st.caption;
      EXPECT_EQ(st.caption.find("three ways"), std::string::npos) << st.caption;
      EXPECT_NE(find_aux<SampleSearchTree>(st.aux), nullptr) << "a two-way cut shows its search tree";
    }
  EXPECT_GE(splitter_steps, 3);
  for (const SampleRecursionTree::Node& node : tree_of(r).nodes)
    EXPECT_NE(node.fate, SampleRecursionTree::Fate::ThreeWay);
  // Three keys in five the largest: a sample's splitter is that key nearly always, and a test for "all
  // sample keys equal" would cut two ways, leaving every key below the splitter, pass after pass.
  auto cases = sample_adversarial(3000);
  std::vector<uint64_t> top_heavy(3000);
  for (size_t i = 0; i < top_heavy.size(); ++i) top_heavy[i] = i % 5 < 3 ? ~uint64_t(0) : i;
  cases.emplace_back("three in five the largest key", top_heavy);
  for (const auto& [name, words] : cases) {
    HostKeys keys = sample_keys_from_ordered(KeyType::U64, words, true);
    const HostKeys input = keys;
    const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, keys.size(), KeyType::U64, true,
                                             radix_params(s, {"k=2", "oversampling=4", "bucket_max=256", "base=128"}));
    const SampleRunStats st = sample_model_sort(plan, keys, nullptr);
    expect_sorted_multiset(keys, input, "k = 2 " + name);
    EXPECT_LE(st.passes, 30u) << name;
  }
}

// pass_k = by-size: the tree keeps the k of every depth, and the ideal size of a depth is n over
// their product (the README's example: the second pass took k = 2 while n/k^2 said 9, not 312).
TEST(SampleRecursionTree, KeepsEachDepthsKAndTheIdealIsTheirProduct) {
  const Algorithm& h = radix_hybrid_algorithm();
  const Recorded r = record(h, {"bucket_max=1024", "base=512"}, gaussian_keys(40000));
  const SampleRecursionTree& t = tree_of(r);
  ASSERT_FALSE(t.level_ks.empty());
  EXPECT_EQ(t.level_ks[0].depth, 1u);
  EXPECT_EQ(t.level_ks[0].k, t.k);
  uint32_t rows = 0;
  for (const auto& node : t.nodes) rows = std::max(rows, node.depth + 1);
  for (size_t i = 1; i < t.level_ks.size(); ++i) {
    const LevelK &p = t.level_ks[i - 1], &q = t.level_ks[i];
    EXPECT_TRUE(p.depth < q.depth || (p.depth == q.depth && p.k < q.k)) << "sorted, each once";
  }
  // Every split bucket has at most as many children as the largest k its depth took.
  std::vector<uint32_t> children(t.nodes.size(), 0), most(rows, 0);
  for (const LevelK& l : t.level_ks) {
    ASSERT_LT(l.depth, rows);
    most[l.depth] = std::max(most[l.depth], l.k);
  }
  for (size_t i = 1; i < t.nodes.size(); ++i) ++children[t.nodes[i].parent];
  for (size_t i = 0; i < t.nodes.size(); ++i)
    if (children[i]) EXPECT_LE(children[i], most[t.nodes[i].depth + 1]) << "node " << i;
  // This input (`render --algo radix-hybrid --n 40000 -d gaussian -p bucket_max=1024 -p base=512`): the
  // second pass cut by k = 2 (by size), so the ideal at depth 2 is n/(64x2) = 312, not n/k^2 = 9.
  ASSERT_EQ(rows, 3u);
  ASSERT_EQ(t.level_ks.size(), 2u);
  EXPECT_EQ(t.level_ks[1].depth, 2u);
  EXPECT_NE(t.level_ks[1].k, t.k);
  const std::vector<RowIdeal> ideal = row_ideals(t, rows);
  EXPECT_EQ(ideal[1].divisor, double(t.k));
  EXPECT_EQ(ideal[1].formula, "n/k^1");
  EXPECT_EQ(ideal[2].divisor, double(t.k) * t.level_ks[1].k);
  EXPECT_EQ(ideal[2].formula, "n/(" + std::to_string(t.k) + "\xC3\x97" + std::to_string(t.level_ks[1].k) + ")");
}

// Where by-size rounds cut the buckets of one depth by different ks there is no one ideal size: the
// view is told which depth and which ks, from that depth down.
TEST(SampleRecursionTree, ADepthOfSeveralKsHasNoOneIdeal) {
  SampleRecursionTree t;
  t.k = 64;
  t.level_ks = {{1, 64}, {2, 4}, {2, 16}, {3, 2}};
  const std::vector<RowIdeal> ideal = row_ideals(t, 4);
  EXPECT_EQ(ideal[1].divisor, 64.0);
  EXPECT_EQ(ideal[2].divisor, 0.0);
  EXPECT_EQ(ideal[2].mixed_depth, 2u);
  EXPECT_EQ(ideal[2].mixed_ks, "4 and 16");
  EXPECT_EQ(ideal[3].divisor, 0.0);
  EXPECT_EQ(ideal[3].mixed_depth, 2u);
  // A tree recorded before level_ks: every depth took k.
  t.level_ks.clear();
  const std::vector<RowIdeal> old = row_ideals(t, 3);
  EXPECT_EQ(old[2].divisor, 64.0 * 64.0);
  EXPECT_EQ(old[2].formula, "n/k^2");
  // And the real thing: a skewed input under by-size.
  const Recorded r = record(radix_hybrid_algorithm(), {"bucket_max=1024", "base=512"}, gaussian_keys(300000));
  const SampleRecursionTree& g = tree_of(r);
  uint32_t rows = 0;
  for (const auto& node : g.nodes) rows = std::max(rows, node.depth + 1);
  const std::vector<RowIdeal> gi = row_ideals(g, rows);
  bool mixed = false;
  for (uint32_t d = 1; d < rows; ++d) mixed = mixed || gi[d].mixed_depth != 0;
  EXPECT_TRUE(mixed) << "300,000 gaussian keys: by-size rounds took several ks at one depth";
}

// The tree's codec keeps the ks; a tree recorded before them (its bytes end after the nodes) still
// loads, with none; out-of-range entries are refused.
TEST(SampleRecursionTree, CodecKeepsTheKsAndLoadsTreesRecordedBefore) {
  const AuxCodecRegistry& reg = aux_codec_registry();
  const AuxCodecRegistry::Codec* c = reg.find(std::string("sample.recursion-tree"));
  ASSERT_NE(c, nullptr);
  SampleRecursionTree t;
  t.k = 16;
  t.bucket_max = 1024;
  t.nodes = {{0, 5000, 0, 0, SampleRecursionTree::Fate::Split, 0}, {0, 2500, 1, 0, SampleRecursionTree::Fate::Level2, 1},
             {2500, 2500, 1, 0, SampleRecursionTree::Fate::Level2, 2}};
  t.level_ks = {{1, 16}, {2, 2}, {2, 8}};
  ByteWriter w;
  c->encode(w, AuxData(t));
  std::vector<uint8_t> bytes = w.bytes();
  {
    ByteReader r(bytes.data(), bytes.size());
    const AuxData back = c->decode(r);
    EXPECT_TRUE(r.done());
    const SampleRecursionTree* b = back.get<SampleRecursionTree>();
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(b->level_ks.size(), 3u);
    EXPECT_EQ(b->level_ks[2].depth, 2u);
    EXPECT_EQ(b->level_ks[2].k, 8u);
  }
  // The bytes a tree had before: the same without the trailing list (its count and 3 x 8 bytes).
  const std::vector<uint8_t> before(bytes.begin(), bytes.end() - 8 - 3 * 8);
  {
    ByteReader r(before.data(), before.size());
    const AuxData back = c->decode(r);
    EXPECT_TRUE(r.done());
    ASSERT_NE(back.get<SampleRecursionTree>(), nullptr);
    EXPECT_TRUE(back.get<SampleRecursionTree>()->level_ks.empty());
    EXPECT_EQ(back.get<SampleRecursionTree>()->nodes.size(), 3u);
  }
  for (const LevelK bad : {LevelK{0, 4}, LevelK{65, 4}, LevelK{2, 1}, LevelK{2, (1u << 20) + 1}}) {
    t.level_ks = {bad};
    ByteWriter bw;
    c->encode(bw, AuxData(t));
    ByteReader r(bw.bytes().data(), bw.bytes().size());
    EXPECT_THROW(c->decode(r), TraceFormatError) << bad.depth << " " << bad.k;
  }
}

// A trace recorded before the ks were kept (the fuzz seed of a sample sort with its recursion tree)
// still loads and its tree has none.
TEST(SampleRecursionTree, ATraceRecordedBeforeStillLoads) {
  std::ifstream f(SORTSCOPE_FUZZ_TRACE_SEEDS "/file_sample-sort-tree", std::ios::binary);
  ASSERT_TRUE(f.good());
  const std::vector<uint8_t> seed((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_GT(seed.size(), 1u);
  const Trace trace = decode_trace(seed.data() + 1, seed.size() - 1);  // the first byte is the fuzzer's mode
  const SampleRecursionTree* t = nullptr;
  for (const Step& s : trace.explain->timeline.steps)
    if (const SampleRecursionTree* found = find_aux<SampleRecursionTree>(s.aux)) t = found;
  ASSERT_NE(t, nullptr);
  EXPECT_FALSE(t->nodes.empty());
  EXPECT_TRUE(t->level_ks.empty());
}

// Captions at counts of one: no "1 buckets", "1 samples", "sample(s)".
TEST(SampleSteps, CaptionsReadRightAtOne) {
  const std::regex plural_after_one(R"((^|[^0-9.,])1 (constant |final )?(bucket|sample|segment|key|block|splitter)s\b)");
  auto check = [&](const Recorded& r, const std::string& what) {
    for (const Step& s : r.timeline.steps) {
      EXPECT_FALSE(std::regex_search(s.caption, plural_after_one)) << what << ": " << s.caption;
      EXPECT_EQ(s.caption.find("(s)"), std::string::npos) << what << ": " << s.caption;
    }
  };
  const Algorithm& s = sample_sort_algorithm();
  // All equal: one degenerate sample, one constant bucket.
  const Recorded equal = record(s, sample_small_params(s), std::vector<uint64_t>(5000, 42));
  check(equal, "sample-sort, all equal");
  bool degenerate = false, constant = false;
  for (const Step& st : equal.timeline.steps) {
    degenerate = degenerate || st.caption.find("1 sample with all splitters equal: that bucket splits three ways") !=
                                   std::string::npos;
    constant = constant || st.caption.find("(1 constant bucket skipped the scatter)") != std::string::npos;
  }
  EXPECT_TRUE(degenerate);
  EXPECT_TRUE(constant);
  // radix-hybrid, all equal: one bucket skips the scatter.
  const Algorithm& h = radix_hybrid_algorithm();
  const Recorded hybrid = record(h, {"bucket_max=1024", "base=512"}, std::vector<uint64_t>(5000, 42));
  check(hybrid, "radix-hybrid, all equal");
  bool skipped = false;
  for (const Step& st : hybrid.timeline.steps)
    skipped = skipped || st.caption.find("(1 bucket skipped the scatter: all its keys equal, or all of one digit, so "
                                         "it stays whole and its next pass") != std::string::npos;
  EXPECT_TRUE(skipped);
  // k = 2 with a sample whose splitter is its top: the k = 2 words.
  std::vector<uint64_t> top(5000, 9);
  for (size_t i = 0; i < 50; ++i) top[i * 100] = i;
  const Recorded k2 = record(s, {"k=2", "oversampling=16", "bucket_max=1024", "base=512"}, top);
  check(k2, "sample-sort k = 2");
  bool k2_words = false;
  for (const Step& st : k2.timeline.steps)
    k2_words = k2_words || st.caption.find("1 sample whose splitter is its largest key: that bucket splits three ways") !=
                               std::string::npos;
  EXPECT_TRUE(k2_words);
  // One key to sort.
  check(record(s, sample_small_params(s), std::vector<uint64_t>{7}), "sample-sort, n = 1");
}

// A refusal names the algorithm the user ran, not the engine underneath.
TEST(SamplePlan, RefusalsNameTheAlgorithmThatRan) {
  auto message = [](auto&& make) {
    try {
      make();
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const Algorithm& h = radix_hybrid_algorithm();
  EXPECT_EQ(message([&] {
              make_radix_hybrid_plan(40000, KeyType::U32, false, radix_params(h, {"bucket_max=1024", "base=2048"}));
            }),
            "radix-hybrid: bucket_max (1024) must be at least base (2048)");
  const Algorithm& s = sample_sort_algorithm();
  EXPECT_EQ(message([&] {
              make_sample_plan(SampleEngine::SampleSort, 40000, KeyType::U32, false,
                               radix_params(s, {"bucket_max=1024", "base=2048"}));
            }),
            "sample-sort: bucket_max (1024) must be at least base (2048)");
  EXPECT_EQ(message([&] {
              make_radix_hybrid_plan(40000, KeyType::U32, false,
                                     radix_params(h, {"count_replicas=2", "scatter_replicas=4"}));
            }).rfind("radix-hybrid: scatter_replicas (4) must divide count_replicas (2)", 0),
            0u);
}

}  // namespace sortscope::test
