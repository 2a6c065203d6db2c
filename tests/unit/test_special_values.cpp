// The special-values summary `run` and the app print for an input file: counts of -NaN, +NaN,
// +-inf, -0.0 and denormals, and where the IEEE total order puts them against NumPy's sort.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/special_values.h"

using namespace sortscope;

namespace {
template <class F>
HostKeys keys_of(KeyType t, std::initializer_list<F> values) {
  HostKeys k(t, values.size(), false);
  size_t i = 0;
  for (F v : values) k.as<F>()[i++] = v;
  return k;
}
}  // namespace

TEST(SpecialValues, CountsEveryKindWithItsSign) {
  using L = std::numeric_limits<float>;
  const float neg_nan = -std::nanf("");
  ASSERT_TRUE(std::signbit(neg_nan));
  HostKeys k = keys_of<float>(KeyType::F32, {1.0f, neg_nan, L::quiet_NaN(), L::quiet_NaN(), -L::infinity(),
                                             L::infinity(), L::infinity(), -0.0f, 0.0f, L::denorm_min(),
                                             -L::denorm_min(), L::min(), -2.5f});
  SpecialValues v = count_special_values(k);
  EXPECT_TRUE(v.floating);
  EXPECT_EQ(v.negative_nan, 1u);
  EXPECT_EQ(v.positive_nan, 2u);
  EXPECT_EQ(v.negative_inf, 1u);
  EXPECT_EQ(v.positive_inf, 2u);
  EXPECT_EQ(v.negative_zero, 1u);
  EXPECT_EQ(v.denormal, 2u);  // L::min() is the smallest normal: not counted
  const std::string line = special_values_line(v);
  EXPECT_NE(line.find("1 -NaN, 2 +NaN, 1 -inf, 2 +inf, 1 -0.0, 2 denormals"), std::string::npos) << line;
  EXPECT_NE(line.find("-NaN first"), std::string::npos) << line;
  EXPECT_NE(line.find("NumPy"), std::string::npos) << line;  // NaNs present: the NumPy difference is said
}

TEST(SpecialValues, DoublesAndQuietInputs) {
  using L = std::numeric_limits<double>;
  SpecialValues v = count_special_values(keys_of<double>(KeyType::F64, {-L::quiet_NaN(), -0.0, L::denorm_min()}));
  EXPECT_EQ(v.negative_nan, 1u);
  EXPECT_EQ(v.negative_zero, 1u);
  EXPECT_EQ(v.denormal, 1u);
  SpecialValues none = count_special_values(keys_of<double>(KeyType::F64, {1.0, 2.0, -3.0}));
  EXPECT_EQ(none.total(), 0u);
  EXPECT_EQ(special_values_line(none).find("NumPy"), std::string::npos);
  EXPECT_NE(special_values_line(none).find("0 -NaN"), std::string::npos);
  SpecialValues ints = count_special_values(keys_of<uint32_t>(KeyType::U32, {1u, 2u}));
  EXPECT_FALSE(ints.floating);
  EXPECT_NE(special_values_line(ints).find("integer keys"), std::string::npos);
}
