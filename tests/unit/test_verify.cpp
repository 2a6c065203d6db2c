// Verification catches every kind of wrong result: unsorted output, and outputs that are not a
// permutation of the input (a changed key or value, a duplicated key, values swapped between keys,
// a lost key), for keys-only and key-value arrays.
#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.h"
#include "common/verify.h"

namespace sortscope {
namespace {

// A correctly sorted copy: stable sort of the (key, value) pairs by ordered bits.
HostKeys sorted_copy(const HostKeys& in) {
  std::vector<size_t> idx(in.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return in.ordered(a) < in.ordered(b); });
  HostKeys out(in.type, in.size(), in.has_values());
  const size_t kb = size_t(key_bytes(in.type));
  for (size_t i = 0; i < idx.size(); ++i) {
    std::memcpy(&out.bytes[i * kb], &in.bytes[idx[i] * kb], kb);
    if (in.has_values()) out.values[i] = in.values[idx[i]];
  }
  return out;
}

void set_raw(HostKeys& k, size_t i, uint64_t raw) { std::memcpy(&k.bytes[i * key_bytes(k.type)], &raw, key_bytes(k.type)); }

HostKeys input_of(KeyType t, bool values) {
  InputSpec s;
  s.dist = Distribution::Uniform;
  s.n = 1000;
  s.key = t;
  s.with_values = values;
  return generate_host(s);
}

TEST(Verify, ACorrectSortPasses) {
  for (KeyType t : kAllKeyTypes)
    for (bool values : {false, true}) {
      HostKeys in = input_of(t, values);
      Verdict v = verify_host(multiset_hash_host(in), sorted_copy(in));
      EXPECT_TRUE(v.ok()) << key_type_name(t);
      EXPECT_EQ(v.n, 1000u);
      EXPECT_EQ(v.first_unsorted, UINT64_MAX);
      EXPECT_EQ(v.summary(), "verified: sorted, permutation of the input");
    }
}

TEST(Verify, EmptyAndSingleArraysPass) {
  HostKeys empty(KeyType::U32, 0, false);
  EXPECT_TRUE(verify_host(multiset_hash_host(empty), empty).ok());
  HostKeys one = input_of(KeyType::F64, true);
  one.bytes.resize(8);
  one.values.resize(1);
  EXPECT_TRUE(verify_host(multiset_hash_host(one), one).ok());
}

TEST(Verify, UnsortedOutputIsCaughtAtTheFirstDescent) {
  for (KeyType t : kAllKeyTypes) {
    HostKeys in = input_of(t, true);
    HostKeys out = sorted_copy(in);
    // Swap whole pairs 500 and 501: still a permutation, no longer sorted.
    const size_t kb = size_t(key_bytes(t));
    std::swap_ranges(&out.bytes[500 * kb], &out.bytes[501 * kb], &out.bytes[501 * kb]);
    std::swap(out.values[500], out.values[501]);
    Verdict v = verify_host(multiset_hash_host(in), out);
    EXPECT_FALSE(v.sorted);
    EXPECT_TRUE(v.permutation);
    EXPECT_EQ(v.first_unsorted, 501u);
    EXPECT_EQ(v.summary(), "FAILED: not sorted at index 501");
  }
}

TEST(Verify, FloatOrderIsTheTotalOrder) {
  HostKeys k(KeyType::F32, 2, false);
  k.as<float>()[0] = 0.0f;
  k.as<float>()[1] = -0.0f;  // -0.0 sorts before +0.0
  Verdict v = verify_host(multiset_hash_host(k), k);
  EXPECT_FALSE(v.sorted);
  std::swap(k.as<float>()[0], k.as<float>()[1]);
  EXPECT_TRUE(verify_host(multiset_hash_host(k), k).sorted);
  k.as<uint32_t>()[0] = 0x7fc00000u;  // +NaN after everything
  k.as<float>()[1] = 1.0f;
  EXPECT_FALSE(verify_host(multiset_hash_host(k), k).sorted);
}

TEST(Verify, NonPermutationsAreCaught) {
  for (KeyType t : kAllKeyTypes) {
    SCOPED_TRACE(std::string(key_type_name(t)));
    HostKeys in = input_of(t, true);
    const MultisetHash h = multiset_hash_host(in);
    const HostKeys good = sorted_copy(in);

    HostKeys changed_value = good;
    changed_value.values[10] ^= 1;
    EXPECT_FALSE(verify_host(h, changed_value).permutation);

    HostKeys changed_key = good;  // the smallest key lowered by one bit pattern: still sorted
    set_raw(changed_key, 0, changed_key.raw(0) ^ 1);
    Verdict ck = verify_host(h, changed_key);
    EXPECT_FALSE(ck.permutation);

    HostKeys duplicated = good;  // key 21 replaced by a copy of key 20 (with its value): sorted
    set_raw(duplicated, 21, duplicated.raw(20));
    duplicated.values[21] = duplicated.values[20];
    Verdict d = verify_host(h, duplicated);
    EXPECT_TRUE(d.sorted);
    EXPECT_FALSE(d.permutation);
    EXPECT_EQ(d.summary(), "FAILED: not a permutation of the input");

    HostKeys swapped_values = good;  // keys in place, values of two pairs exchanged
    std::swap(swapped_values.values[100], swapped_values.values[200]);
    EXPECT_TRUE(verify_host(h, swapped_values).sorted);
    EXPECT_FALSE(verify_host(h, swapped_values).permutation);

    HostKeys lost = good;  // the last pair dropped
    lost.bytes.resize(lost.bytes.size() - size_t(key_bytes(t)));
    lost.values.pop_back();
    EXPECT_FALSE(verify_host(h, lost).permutation);

    HostKeys no_values = good;
    no_values.values.clear();
    EXPECT_FALSE(verify_host(h, no_values).permutation);
  }
}

TEST(Verify, BothFailuresAreReported) {
  HostKeys in = input_of(KeyType::U32, false);
  HostKeys out = in;  // unsorted uniform input
  set_raw(out, 0, out.raw(0) + 1);
  Verdict v = verify_host(multiset_hash_host(in), out);
  EXPECT_FALSE(v.ok());
  EXPECT_EQ(v.summary(), "FAILED: not sorted at index " + std::to_string(v.first_unsorted) +
                             ", and not a permutation of the input");
}

TEST(Verify, HashIgnoresOrderButNotPairing) {
  HostKeys in = input_of(KeyType::I64, true);
  HostKeys shuffled = in;
  std::vector<size_t> idx(in.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::shuffle(idx.begin(), idx.end(), std::mt19937_64(3));
  for (size_t i = 0; i < idx.size(); ++i) {
    set_raw(shuffled, i, in.raw(idx[i]));
    shuffled.values[i] = in.values[idx[i]];
  }
  EXPECT_EQ(multiset_hash_host(shuffled), multiset_hash_host(in));
  for (size_t i = 0; i < idx.size(); ++i) shuffled.values[i] = in.values[i];  // keys moved, values not
  EXPECT_NE(multiset_hash_host(shuffled), multiset_hash_host(in));
}

}  // namespace
}  // namespace sortscope
