// The CPU input generators against their definitions (docs/inputs.md), for every distribution and
// key type: shape of each distribution, seeds, values, and the canonical-word-to-key-type mapping.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "common/generator_formulas.h"
#include "common/generators.h"

namespace sortscope {
namespace {

InputSpec spec_of(Distribution d, uint64_t n, KeyType key = KeyType::U64, uint64_t seed = 7) {
  InputSpec s;
  s.dist = d;
  s.n = n;
  s.key = key;
  s.seed = seed;
  return s;
}

std::vector<uint64_t> ordered_keys(const HostKeys& k) {
  std::vector<uint64_t> v(k.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = k.ordered(i);
  return v;
}

std::vector<uint64_t> raw_keys(const HostKeys& k) {
  std::vector<uint64_t> v(k.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = k.raw(i);
  return v;
}

bool uses_randomness(Distribution d) {
  return d != Distribution::Zero && d != Distribution::DeterministicDuplicates;
}

bool is_count_distribution(Distribution d) {
  return d == Distribution::Zero || d == Distribution::DeterministicDuplicates ||
         d == Distribution::RandomizedDuplicates || d == Distribution::SmallInts;
}

// The range [a*W, (a+1)*W - 1], W = floor((2^64-1)/q), of docs/inputs.md.
bool in_range(uint64_t w, uint64_t a, uint64_t q) {
  uint64_t width = ~uint64_t(0) / q;
  return w >= a * width && w - a * width < width;
}

TEST(Generators, EveryDistributionAndTypeHasTheRequestedSizeAndIsDeterministic) {
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : {0, 1, 2, 3, 1000, 4096}) {
        SCOPED_TRACE(std::string(distribution_name(d)) + " " + std::string(key_type_name(t)) + " n=" + std::to_string(n));
        InputSpec s = spec_of(d, n, t);
        HostKeys a = generate_host(s);
        EXPECT_EQ(a.size(), n);
        EXPECT_EQ(a.type, t);
        EXPECT_FALSE(a.has_values());
        EXPECT_EQ(a.bytes, generate_host(s).bytes);
        s.with_values = true;
        HostKeys b = generate_host(s);
        EXPECT_EQ(b.bytes, a.bytes) << "values must not change the keys";
        ASSERT_EQ(b.values.size(), n);
        for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(b.values[i], uint32_t(i));
      }
}

TEST(Generators, DifferentSeedsGiveDifferentData) {
  for (Distribution d : kAllDistributions) {
    if (!uses_randomness(d)) continue;
    SCOPED_TRACE(std::string(distribution_name(d)));
    HostKeys a = generate_host(spec_of(d, 4096, KeyType::U64, 1));
    HostKeys b = generate_host(spec_of(d, 4096, KeyType::U64, 2));
    EXPECT_NE(a.bytes, b.bytes);
  }
}

TEST(Generators, UniformHasTheMomentsOfAUniformVariable) {
  HostKeys k = generate_host(spec_of(Distribution::Uniform, 1 << 16));
  double sum = 0, sum2 = 0;
  uint64_t bits = 0;
  for (uint64_t w : raw_keys(k)) {
    double x = double(w) * 0x1p-64;
    sum += x;
    sum2 += x * x;
    bits += uint64_t(std::popcount(w));
  }
  double n = double(k.size()), mean = sum / n, var = sum2 / n - mean * mean;
  EXPECT_NEAR(mean, 0.5, 0.01);
  EXPECT_NEAR(var, 1.0 / 12, 0.005);
  EXPECT_NEAR(double(bits) / (64 * n), 0.5, 0.005);
}

TEST(Generators, GaussianIsTheAverageOfFourUniforms) {
  HostKeys k = generate_host(spec_of(Distribution::Gaussian, 1 << 16));
  double sum = 0, sum2 = 0;
  uint64_t tail = 0;
  for (uint64_t w : raw_keys(k)) {
    double x = double(w) * 0x1p-64;
    sum += x;
    sum2 += x * x;
    tail += x < 0.1;
  }
  double n = double(k.size()), mean = sum / n, var = sum2 / n - mean * mean;
  EXPECT_NEAR(mean, 0.5, 0.01);
  EXPECT_NEAR(var, 1.0 / 48, 0.002);  // variance of a uniform / 4
  // P(mean of 4 uniforms < 0.1) = (0.4)^4 / 24 = 0.00107, against 0.1 for a uniform.
  EXPECT_LT(double(tail) / n, 0.003);
  // And the exact formula: floor((u0 + u1 + u2 + u3) / 4) of the first four draws.
  gen::GenParams gp = gen::make_gen_params(spec_of(Distribution::Gaussian, 1 << 16));
  for (uint64_t i : {0, 1, 12345}) {
    unsigned __int128 s = 0;
    for (uint32_t d = 0; d < 4; ++d) s += gen::rand_word(gp.streams[d], i);
    EXPECT_EQ(k.raw(i), uint64_t(s / 4));
  }
}

TEST(Generators, ZeroIsAllZeroKeysInEveryType) {
  for (KeyType t : kAllKeyTypes) {
    HostKeys k = generate_host(spec_of(Distribution::Zero, 1000, t));
    for (size_t i = 0; i < k.size(); ++i) ASSERT_EQ(k.raw(i), 0u) << key_type_name(t);  // 0 and +0.0
  }
}

TEST(Generators, SortedIsNonDecreasingAndReverseIsItsMirror) {
  for (KeyType t : kAllKeyTypes)
    for (uint64_t n : {1, 2, 3, 1000, 4096}) {
      SCOPED_TRACE(std::string(key_type_name(t)) + " n=" + std::to_string(n));
      auto sorted = ordered_keys(generate_host(spec_of(Distribution::Sorted, n, t)));
      auto reverse = ordered_keys(generate_host(spec_of(Distribution::ReverseSorted, n, t)));
      EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
      std::reverse(reverse.begin(), reverse.end());
      EXPECT_EQ(reverse, sorted);
    }
  auto big = ordered_keys(generate_host(spec_of(Distribution::Sorted, (1 << 20) + 7, KeyType::U32)));
  EXPECT_TRUE(std::is_sorted(big.begin(), big.end()));
  // Strictly increasing in u64 (one draw per stratum), and each draw lies in its stratum.
  HostKeys u = generate_host(spec_of(Distribution::Sorted, 4096));
  for (size_t i = 0; i < u.size(); ++i) ASSERT_TRUE(in_range(u.raw(i), i, u.size()));
}

TEST(Generators, NearlySortedIsSortedWithDisjointSwaps) {
  for (double percent : {0.0, 1.0, 10.0, 37.5, 50.0, 100.0})
    for (uint64_t n : {2, 3, 1000, 4096}) {
      SCOPED_TRACE("percent=" + std::to_string(percent) + " n=" + std::to_string(n));
      InputSpec s = spec_of(Distribution::NearlySorted, n);
      s.swap_percent = percent;
      auto nearly = raw_keys(generate_host(s));
      auto sorted = raw_keys(generate_host(spec_of(Distribution::Sorted, n)));
      const uint64_t swaps = std::min<uint64_t>(uint64_t(double(n) * percent / 100), n / 2);
      std::map<uint64_t, size_t> position;  // u64 sorted keys are distinct
      for (size_t i = 0; i < n; ++i) position[sorted[i]] = i;
      ASSERT_EQ(position.size(), n);
      uint64_t moved = 0;
      for (size_t i = 0; i < n; ++i) {
        if (nearly[i] == sorted[i]) continue;
        ++moved;
        ASSERT_TRUE(position.count(nearly[i])) << "key not from the sorted input";
        size_t j = position[nearly[i]];
        EXPECT_EQ(nearly[j], sorted[i]) << "element " << i << " is not half of a swap with " << j;
      }
      EXPECT_EQ(moved, 2 * swaps);
    }
}

TEST(Generators, BucketSortedBlocksCycleThroughAllRanges) {
  InputSpec s = spec_of(Distribution::BucketSorted, 8 * 8 * 5);
  s.p = 8;
  HostKeys k = generate_host(s);
  // 8 blocks of 40 keys; in each, 8 runs of 5 keys drawn from range 0, 1, ..., 7.
  for (uint64_t i = 0; i < k.size(); ++i) ASSERT_TRUE(in_range(k.raw(i), (i % 40) / 5, 8)) << i;
  // Default p = 240 with n not a multiple of p^2: the balanced split still covers every range.
  HostKeys d = generate_host(spec_of(Distribution::BucketSorted, 240 * 240 + 77));
  for (uint64_t i = 0; i < d.size(); ++i) {
    gen::Part block = gen::part_of(i, d.size(), 240);
    gen::Part sub = gen::part_of(block.offset, block.size, 240);
    ASSERT_TRUE(in_range(d.raw(i), sub.index, 240)) << i;
  }
}

TEST(Generators, StaggeredFollowsHelmanBaderJaja) {
  InputSpec s = spec_of(Distribution::Staggered, 8 * 10);
  s.p = 8;
  HostKeys k = generate_host(s);
  const uint64_t expected_range[8] = {1, 3, 5, 7, 0, 1, 2, 3};  // b < p/2: 2b+1, else b - p/2
  for (uint64_t i = 0; i < k.size(); ++i) ASSERT_TRUE(in_range(k.raw(i), expected_range[i / 10], 8)) << i;
}

TEST(Generators, GGroupFollowsTheThesis) {
  InputSpec s = spec_of(Distribution::GGroup, 8 * 12);
  s.p = 8;
  s.g = 4;
  HostKeys k = generate_host(s);
  // Blocks of 12, each in 4 sub-blocks of 3; group j = b / 4; sub-block m: range (4j + 4 + m) mod 8.
  for (uint64_t i = 0; i < k.size(); ++i) {
    uint64_t b = i / 12, m = (i % 12) / 3, j = b / 4;
    ASSERT_TRUE(in_range(k.raw(i), (4 * j + 4 + m) % 8, 8)) << i;
  }
}

TEST(Generators, DeterministicDuplicatesHalveBlocksThenTheLastBlock) {
  InputSpec s = spec_of(Distribution::DeterministicDuplicates, 64, KeyType::U32);
  s.p = 8;
  HostKeys k = generate_host(s);
  std::vector<uint32_t> expected;
  expected.insert(expected.end(), 32, 6);  // blocks 0-3: log n
  expected.insert(expected.end(), 16, 5);  // blocks 4-5: log(n/2)
  expected.insert(expected.end(), 8, 4);   // block 6: log(n/4)
  for (uint32_t v : {3, 3, 3, 3, 2, 2, 1, 0}) expected.push_back(v);  // block 7 halved again
  EXPECT_EQ(std::vector<uint32_t>(k.as<uint32_t>(), k.as<uint32_t>() + 64), expected);
  // Defaults: first p/2 blocks hold floor(log2 n), values never increase along the array.
  HostKeys d = generate_host(spec_of(Distribution::DeterministicDuplicates, 100000, KeyType::U32));
  const uint32_t* v = d.as<uint32_t>();
  for (uint64_t i = 0; i < 100000 / 2; ++i) ASSERT_EQ(v[i], 16u);
  EXPECT_TRUE(std::is_sorted(v, v + d.size(), std::greater<>()));
}

TEST(Generators, RandomizedDuplicatesAreRunsOfSmallValues) {
  InputSpec s = spec_of(Distribution::RandomizedDuplicates, 240 * 100, KeyType::U32);
  HostKeys k = generate_host(s);
  const uint32_t* v = k.as<uint32_t>();
  std::set<uint32_t> all;
  for (uint64_t b = 0; b < 240; ++b) {
    uint64_t runs = 1;
    for (uint64_t i = b * 100; i < (b + 1) * 100; ++i) {
      ASSERT_LT(v[i], 32u);
      all.insert(v[i]);
      if (i > b * 100 && v[i] != v[i - 1]) ++runs;
    }
    EXPECT_LE(runs, 32u) << "block " << b;
  }
  EXPECT_GT(all.size(), 16u);
  // r = 1: every weight is 0, the block is one run of value 0.
  s.r = 1;
  HostKeys one = generate_host(s);
  for (size_t i = 0; i < one.size(); ++i) ASSERT_EQ(one.as<uint32_t>()[i], 0u);
}

TEST(Generators, LowEntropyBitDensityIsTwoToTheMinusK) {
  for (int k = 1; k <= 5; ++k) {
    InputSpec s = spec_of(Distribution::LowEntropy, 1 << 15);
    s.entropy_k = k;
    uint64_t bits = 0;
    HostKeys keys = generate_host(s);
    for (uint64_t w : raw_keys(keys)) bits += uint64_t(std::popcount(w));
    EXPECT_NEAR(double(bits) / (64.0 * keys.size()), std::ldexp(1.0, -k), 0.005) << "k=" << k;
  }
  InputSpec one = spec_of(Distribution::LowEntropy, 1000);
  one.entropy_k = 1;
  EXPECT_EQ(generate_host(one).bytes, generate_host(spec_of(Distribution::Uniform, 1000)).bytes);
}

// small-ints: the keys 0..99 for every key type (floats 0.0..99.0), all of them at 4096 keys.
TEST(Generators, SmallIntsAreTheNumbersZeroToNinetyNine) {
  for (KeyType t : kAllKeyTypes) {
    InputSpec s = spec_of(Distribution::SmallInts, 4096);
    s.key = t;
    const HostKeys keys = generate_host(s);
    std::set<double> seen;
    for (size_t i = 0; i < keys.size(); ++i) {
      double v = 0;
      switch (t) {
        case KeyType::U32: v = keys.as<uint32_t>()[i]; break;
        case KeyType::I32: v = keys.as<int32_t>()[i]; break;
        case KeyType::U64: v = double(keys.as<uint64_t>()[i]); break;
        case KeyType::I64: v = double(keys.as<int64_t>()[i]); break;
        case KeyType::F32: v = keys.as<float>()[i]; break;
        case KeyType::F64: v = keys.as<double>()[i]; break;
      }
      seen.insert(v);
    }
    ASSERT_EQ(seen.size(), 100u) << key_type_name(t);
    EXPECT_EQ(*seen.begin(), 0.0) << key_type_name(t);
    EXPECT_EQ(*seen.rbegin(), 99.0) << key_type_name(t);
  }
}

TEST(Generators, FewUniqueHasTheEvenlySpacedKeys) {
  InputSpec s = spec_of(Distribution::FewUnique, 4096);
  s.unique = 16;
  std::set<uint64_t> seen;
  for (uint64_t w : raw_keys(generate_host(s))) seen.insert(w);
  std::set<uint64_t> expected;
  const uint64_t width = ~uint64_t(0) / 16;
  for (uint64_t u = 0; u < 16; ++u) expected.insert(u * width + width / 2);
  EXPECT_EQ(seen, expected);
  for (KeyType t : kAllKeyTypes)
    for (uint64_t unique : {1, 3, 100, 5000}) {
      s.key = t;
      s.unique = unique;
      std::set<uint64_t> distinct;
      for (uint64_t w : raw_keys(generate_host(s))) distinct.insert(w);
      EXPECT_LE(distinct.size(), unique);
      if (unique <= 100) EXPECT_EQ(distinct.size(), unique) << key_type_name(t);
    }
}

// Spread distributions: every type is the documented function of the u64 word.
TEST(Generators, KeyTypesMapTheCanonicalWordAsDocumented) {
  for (Distribution d : kAllDistributions) {
    SCOPED_TRACE(std::string(distribution_name(d)));
    auto words = raw_keys(generate_host(spec_of(d, 1000, KeyType::U64)));
    HostKeys u32 = generate_host(spec_of(d, 1000, KeyType::U32));
    HostKeys i32 = generate_host(spec_of(d, 1000, KeyType::I32));
    HostKeys f32 = generate_host(spec_of(d, 1000, KeyType::F32));
    HostKeys i64 = generate_host(spec_of(d, 1000, KeyType::I64));
    HostKeys f64 = generate_host(spec_of(d, 1000, KeyType::F64));
    for (size_t i = 0; i < words.size(); ++i) {
      const uint64_t w = words[i];
      if (is_count_distribution(d)) {
        ASSERT_EQ(u32.as<uint32_t>()[i], w);
        ASSERT_EQ(i32.as<int32_t>()[i], int64_t(w));
        ASSERT_EQ(f32.as<float>()[i], float(w));
        ASSERT_EQ(i64.as<int64_t>()[i], int64_t(w));
        ASSERT_EQ(f64.as<double>()[i], double(w));
      } else {
        ASSERT_EQ(u32.as<uint32_t>()[i], uint32_t(w >> 32));
        ASSERT_EQ(int64_t(i32.as<int32_t>()[i]), int64_t(w >> 32) - (int64_t(1) << 31));
        ASSERT_EQ(f32.as<float>()[i], std::ldexp(float(int64_t(w >> 40) - (1 << 23)), -23));
        ASSERT_EQ(i64.as<int64_t>()[i], int64_t(w ^ 0x8000000000000000ull));
        ASSERT_EQ(f64.as<double>()[i], std::ldexp(double(int64_t(w >> 11) - (int64_t(1) << 52)), -52));
      }
    }
  }
}

TEST(Generators, SignedAndFloatUniformKeysHaveBothSigns) {
  for (KeyType t : {KeyType::I32, KeyType::F32, KeyType::I64, KeyType::F64}) {
    HostKeys k = generate_host(spec_of(Distribution::Uniform, 1000, t));
    size_t negative = 0;
    for (size_t i = 0; i < k.size(); ++i) {
      double v = key_display_value(t, k.raw(i));
      negative += v < 0;
      if (is_float_key(t)) ASSERT_TRUE(v >= -1.0 && v < 1.0) << v;
    }
    EXPECT_GT(negative, 400u) << key_type_name(t);
    EXPECT_LT(negative, 600u) << key_type_name(t);
  }
}

TEST(Generators, BadKnobsAreOneLineErrors) {
  InputSpec s = spec_of(Distribution::LowEntropy, 10);
  s.entropy_k = 6;
  EXPECT_THROW(generate_host(s), std::runtime_error);
  InputSpec big = spec_of(Distribution::Uniform, (uint64_t(1) << 40) + 1);
  EXPECT_THROW(gen::make_gen_params(big), std::runtime_error);
}

TEST(Generators, PairingPermutationIsABijection) {
  for (uint64_t n : {2, 3, 5, 17, 1000, 4097}) {
    gen::GenParams gp = gen::make_gen_params(spec_of(Distribution::NearlySorted, n));
    std::vector<bool> hit(n, false);
    for (uint64_t x = 0; x < n; ++x) {
      uint64_t y = gen::pairing_permutation(gp, x, false);
      ASSERT_LT(y, n);
      ASSERT_FALSE(hit[y]);
      hit[y] = true;
      ASSERT_EQ(gen::pairing_permutation(gp, y, true), x);
    }
  }
}

}  // namespace
}  // namespace sortscope
