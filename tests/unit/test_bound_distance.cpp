// The distance to the limit (app/core/bound_distance.h): the bytes-moved model at the measured copy
// bandwidth against the median, and keys per SM per clock.
#include <gtest/gtest.h>

#include "core/bound_distance.h"

namespace sortscope {
namespace {

TEST(BoundDistance, FractionIsTheBoundTimeOverTheMedian) {
  // Issue 32's example: u32 keys at 2^28, the one-sweep moving 36 B a key, 49.3 G keys/s on an
  // H200 of 132 SMs at 1.98 GHz. At a 4000 GB/s copy the bound is 2^28 x 36 B / 4e12 B/s.
  const uint64_t n = uint64_t(1) << 28;
  const double bytes = 36.0 * double(n);
  const double median_ms = double(n) / 49.3e9 * 1e3;
  const BoundDistance d = bound_distance(bytes, 4000, median_ms, n, 132, 1980000);
  ASSERT_TRUE(d.known());
  EXPECT_NEAR(d.bound_ms, bytes / 4e12 * 1e3, 1e-9);
  EXPECT_NEAR(d.fraction, d.bound_ms / median_ms, 1e-12);
  // 49.3e9 x 36 / 4e12 = 0.4437: the "about 42%" of the issue at its slightly higher copy figure.
  EXPECT_NEAR(d.fraction, 49.3e9 * 36 / 4e12, 1e-9);
  EXPECT_NEAR(d.keys_per_sm_per_clock, 49.3e9 / (132 * 1.98e9), 1e-9);
  EXPECT_NEAR(d.keys_per_sm_per_clock, 0.1886, 1e-3);  // the 0.19
}

TEST(BoundDistance, AtTheBoundTheFractionIsOne) {
  // A run that takes exactly bytes / bandwidth is at the limit; twice that is half way.
  const BoundDistance at = bound_distance(8e9, 2000, 4.0, 1000, 0, 0);
  EXPECT_DOUBLE_EQ(at.bound_ms, 4.0);
  EXPECT_DOUBLE_EQ(at.fraction, 1.0);
  EXPECT_DOUBLE_EQ(bound_distance(8e9, 2000, 8.0, 1000, 0, 0).fraction, 0.5);
}

TEST(BoundDistance, UnknownPartsStayZeroAndAreSaidSo) {
  // No model (a baseline), no bandwidth (the CPU model), no time: no fraction.
  EXPECT_FALSE(bound_distance(0, 3000, 1.0, 1 << 20, 132, 1980000).known());
  EXPECT_FALSE(bound_distance(1e9, 0, 1.0, 1 << 20, 132, 1980000).known());
  EXPECT_FALSE(bound_distance(1e9, 3000, 0, 1 << 20, 132, 1980000).known());
  EXPECT_FALSE(bound_distance(-5, -1, -1, 1 << 20, 132, 1980000).known());
  // keys/SM/clock needs only the time and the SM figures.
  EXPECT_GT(bound_distance(0, 0, 1.0, 1 << 20, 132, 1980000).keys_per_sm_per_clock, 0);
  EXPECT_EQ(bound_distance(1e9, 3000, 1.0, 1 << 20, 0, 1980000).keys_per_sm_per_clock, 0);
  EXPECT_EQ(keys_per_sm_per_clock(1e9, 132, 0), 0);

  const std::string none = describe_bound(bound_distance(0, 3000, 1.0, 1 << 20, 0, 0), 1 << 20);
  EXPECT_NE(none.find("no bytes-moved model"), std::string::npos) << none;
  EXPECT_NE(none.find("keys/SM/clock unknown"), std::string::npos) << none;
  const std::string no_bw = describe_bound(bound_distance(1e9, 0, 1.0, 1 << 20, 0, 0), 1 << 20);
  EXPECT_NE(no_bw.find("no copy bandwidth"), std::string::npos) << no_bw;
  const std::string full = describe_bound(bound_distance(8e9, 2000, 8.0, 1000, 100, 1000000), 1000);
  EXPECT_NE(full.find("50.0% of the bandwidth bound"), std::string::npos) << full;
  EXPECT_NE(full.find("8000000.0 B/key"), std::string::npos) << full;
  EXPECT_NE(full.find("keys/SM/clock"), std::string::npos) << full;
}

}  // namespace
}  // namespace sortscope
