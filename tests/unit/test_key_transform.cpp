// The ordered-bits transform: a round trip returns the same bits, and ordered bits sort every key
// type in its total order, floats by IEEE totalOrder (-NaN < -inf < ... < -0.0 < +0.0 < ... < +NaN).
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "common/key_transform.h"
#include "common/mix64.h"

namespace sortscope {
namespace {

template <class T>
std::vector<uint64_t> ordered_of(std::vector<T> keys, KeyType type) {
  keys_to_ordered_host(keys.data(), keys.size(), type);
  std::vector<uint64_t> out;
  for (T k : keys) {
    uint64_t bits = 0;
    std::memcpy(&bits, &k, sizeof k);
    out.push_back(bits);
  }
  return out;
}

// Keys listed in their total order must give strictly increasing ordered bits.
template <class T>
void expect_strictly_increasing(const std::vector<T>& keys, KeyType type) {
  std::vector<uint64_t> ordered = ordered_of(keys, type);
  for (size_t i = 1; i < ordered.size(); ++i)
    EXPECT_LT(ordered[i - 1], ordered[i]) << key_type_name(type) << " keys " << i - 1 << " and " << i;
}

float f32_bits(uint32_t b) { return std::bit_cast<float>(b); }
double f64_bits(uint64_t b) { return std::bit_cast<double>(b); }

TEST(KeyTransform, IntegersInTheirOrder) {
  expect_strictly_increasing<uint32_t>({0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu}, KeyType::U32);
  expect_strictly_increasing<int32_t>({INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX}, KeyType::I32);
  expect_strictly_increasing<uint64_t>({0ull, 1ull, 1ull << 63, ~0ull}, KeyType::U64);
  expect_strictly_increasing<int64_t>({INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX}, KeyType::I64);
}

TEST(KeyTransform, FloatsInIeeeTotalOrder) {
  using F = std::numeric_limits<float>;
  expect_strictly_increasing<float>(
      {f32_bits(0xffffffffu) /* -NaN, largest payload */, f32_bits(0xffc00000u) /* -NaN */, -F::infinity(),
       -F::max(), -1.0f, -F::min(), -F::denorm_min(), -0.0f, 0.0f, F::denorm_min(), F::min(), 1.0f,
       F::max(), F::infinity(), f32_bits(0x7fc00000u) /* +NaN */, f32_bits(0x7fffffffu)},
      KeyType::F32);
  using D = std::numeric_limits<double>;
  expect_strictly_increasing<double>(
      {f64_bits(~0ull), f64_bits(0xfff8000000000000ull), -D::infinity(), -D::max(), -1.0, -D::min(),
       -D::denorm_min(), -0.0, 0.0, D::denorm_min(), D::min(), 1.0, D::max(), D::infinity(),
       f64_bits(0x7ff8000000000000ull), f64_bits(0x7fffffffffffffffull)},
      KeyType::F64);
}

TEST(KeyTransform, RoundTripRestoresEveryBit) {
  for (KeyType type : kAllKeyTypes) {
    // Random words plus the special patterns: zeros, sign bits, all ones, NaN and infinity bits.
    std::vector<uint64_t> words = {0, 1, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x7f800000u, 0xff800000u,
                                   1ull << 63, ~0ull, 0x7ff0000000000000ull, 0xfff0000000000000ull};
    for (uint64_t i = 0; i < 10000; ++i) words.push_back(mix64(i));
    std::vector<uint8_t> bytes(words.size() * size_t(key_bytes(type)));
    for (size_t i = 0; i < words.size(); ++i) std::memcpy(&bytes[i * key_bytes(type)], &words[i], key_bytes(type));
    std::vector<uint8_t> original = bytes;
    keys_to_ordered_host(bytes.data(), words.size(), type);
    if (type != KeyType::U32 && type != KeyType::U64) EXPECT_NE(bytes, original) << key_type_name(type);
    keys_from_ordered_host(bytes.data(), words.size(), type);
    EXPECT_EQ(bytes, original) << key_type_name(type);
  }
}

TEST(KeyTransform, OrderedBitsAgreeWithNumericOrderOnFiniteKeys) {
  std::vector<double> values;
  for (uint64_t i = 0; i < 5000; ++i) {
    uint64_t w = mix64(i);
    values.push_back(std::ldexp(double(int64_t(w)) , -int((w >> 3) % 200)));
  }
  std::vector<float> floats(values.begin(), values.end());
  std::vector<uint64_t> od = ordered_of(values, KeyType::F64);
  std::vector<uint64_t> of = ordered_of(floats, KeyType::F32);
  for (size_t i = 1; i < values.size(); ++i) {
    ASSERT_EQ(values[i - 1] < values[i], od[i - 1] < od[i]) << values[i - 1] << " " << values[i];
    ASSERT_EQ(floats[i - 1] < floats[i], of[i - 1] < of[i]) << floats[i - 1] << " " << floats[i];
  }
}

// Captions name key types as they are read aloud: "a u32 key", "an f64 key", "an i32 key".
TEST(KeyTypeNames, ArticleFollowsHowTheNameIsRead) {
  EXPECT_EQ(key_type_with_article(KeyType::U32), "a u32");
  EXPECT_EQ(key_type_with_article(KeyType::U64), "a u64");
  EXPECT_EQ(key_type_with_article(KeyType::F32), "an f32");
  EXPECT_EQ(key_type_with_article(KeyType::F64), "an f64");
  EXPECT_EQ(key_type_with_article(KeyType::I32), "an i32");
  EXPECT_EQ(key_type_with_article(KeyType::I64), "an i64");
}

}  // namespace
}  // namespace sortscope

