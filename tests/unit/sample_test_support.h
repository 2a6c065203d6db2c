#pragma once
// Helpers shared by the sample-sort family's unit tests (CPU models) and GPU tests: inputs,
// parameters, the adversarial inputs of issue 12, and the multiset comparison for key-value
// pairs (sample sort and quicksort are not stable).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/generators.h"
#include "common/param_spec.h"
#include "radix_test_support.h"
#include "sample/sample.h"
#include "sample/sample_aux.h"

namespace sortscope::test {

inline const Algorithm* kSampleFamily[] = {&sample_sort_algorithm(), &quicksort_algorithm(),
                                           &odd_even_merge_algorithm()};

// Small M, k and base so that inputs of a few thousand keys recurse through every level.
// `version`: original or revised (level 2 as the thesis), or radix or rank (revised, level2 = that).
inline std::vector<std::string> sample_small_params(const Algorithm& a, const std::string& version = "revised") {
  const bool by_block = version == "radix" || version == "rank";
  if (a.id() == "sample-sort")
    return {"version=" + std::string(by_block ? "revised" : version),
            "level2=" + std::string(by_block ? version : "thesis"), "k=16", "oversampling=4", "bucket_max=1024", "blocks=6", "threads=64",
            "keys_per_thread=4", "base=128", "quicksort_threshold=400"};
  if (a.id() == "quicksort") return {"bucket_max=1024", "blocks=5", "threads=64", "keys_per_thread=4", "base=64"};
  return {"tile=256", "threads=64"};
}

// Keys written as ordered words (key_type.h) turned back into native keys of `t`.
inline HostKeys sample_keys_from_ordered(KeyType t, const std::vector<uint64_t>& ordered, bool values) {
  HostKeys k(t, ordered.size(), values);
  for (size_t i = 0; i < ordered.size(); ++i) {
    const uint64_t raw = dispatch_key_type(t, [&](auto traits) -> uint64_t {
      using Bits = typename decltype(traits)::Bits;
      return traits.from_ordered(Bits(ordered[i]));
    });
    std::memcpy(k.bytes.data() + i * key_bytes(t), &raw, size_t(key_bytes(t)));
    if (values) k.values[i] = uint32_t(i * 2654435761u);
  }
  return k;
}

// A level-2 stack trace (SampleLevel2Stack) accounts for its bucket: the first step pops the whole
// bucket; every key ends in a base case or in the = part of a three-way step, each once; base cases
// hold at most `base` keys; a three-way step's parts add up; the depth follows the pushes and pops.
inline void expect_level2_stack_accounts(const SampleLevel2Stack& st, const std::string& what) {
  ASSERT_FALSE(st.steps.empty()) << what;
  EXPECT_FALSE(st.truncated) << what;
  EXPECT_EQ(st.steps[0].begin, st.bucket_begin) << what;
  EXPECT_EQ(st.steps[0].size, st.bucket_size) << what;
  uint64_t finished = 0;
  int64_t depth = 1;  // the bucket itself
  for (const SampleLevel2Step& s : st.steps) {
    --depth;  // popped
    if (s.kind == 0) {
      EXPECT_LE(s.size, st.base) << what;
      EXPECT_EQ(s.pushed, 0u) << what;
      finished += s.size;
    } else {
      EXPECT_GT(s.size, st.base) << what;
      if (s.kind == 1) {
        EXPECT_EQ(uint64_t(s.less) + s.equal + s.greater, s.size) << what;
        EXPECT_EQ(s.pushed, uint32_t(s.less > 0) + uint32_t(s.greater > 0)) << what;
        finished += s.equal;
      }
    }
    depth += s.pushed;
    EXPECT_EQ(int64_t(s.depth), depth) << what;
  }
  EXPECT_EQ(depth, 0) << what;
  // Block sample sort's k2-way steps leave no final part: every key reached a base case or an = part.
  EXPECT_EQ(finished, st.bucket_size) << what;
}

// The adversarial inputs of issue 12 (ordered words in 0 .. 2^31).
inline std::vector<std::pair<std::string, std::vector<uint64_t>>> sample_adversarial(uint64_t n) {
  std::vector<std::pair<std::string, std::vector<uint64_t>>> v;
  std::vector<uint64_t> w(n, 7);
  if (n) w[n / 3] = 9;
  v.emplace_back("all equal but one (larger)", w);
  if (n) w[n / 3] = 3;
  v.emplace_back("all equal but one (smaller)", w);
  for (uint64_t i = 0; i < n; ++i) w[i] = (i % 2) ? 1000 : 5;
  v.emplace_back("two values alternating", w);
  for (uint64_t i = 0; i < n; ++i) w[i] = i;
  v.emplace_back("sorted", w);
  for (uint64_t i = 0; i < n; ++i) w[i] = n - i;
  v.emplace_back("reverse sorted", w);
  for (uint64_t i = 0; i < n; ++i) w[i] = i < n / 2 ? i : n - i;
  v.emplace_back("organ pipe", w);
  v.emplace_back("all equal", std::vector<uint64_t>(n, 42));
  return v;
}

// Keys sorted (total order) and the (key, value) pairs a permutation of the input's: the
// comparison for sorts that are not stable.
inline void expect_sorted_multiset(const HostKeys& got, const HostKeys& input, const std::string& what) {
  const std::vector<uint64_t> k = radix_ordered_of(got);
  ASSERT_TRUE(std::is_sorted(k.begin(), k.end())) << what << ": not sorted";
  std::vector<uint64_t> want = radix_ordered_of(input);
  std::sort(want.begin(), want.end());
  ASSERT_EQ(k, want) << what << ": keys differ from std::sort's";
  if (!input.has_values()) return;
  std::vector<std::pair<uint64_t, uint32_t>> a, b;
  for (size_t i = 0; i < k.size(); ++i) a.emplace_back(k[i], got.values[i]);
  const std::vector<uint64_t> in = radix_ordered_of(input);
  for (size_t i = 0; i < in.size(); ++i) b.emplace_back(in[i], input.values[i]);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  ASSERT_EQ(a, b) << what << ": (key, value) pairs are not a permutation of the input's";
}

}  // namespace sortscope::test
