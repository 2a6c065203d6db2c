// The capture store's host side: stretches of a host snapshot (clipped at its end, empty past it),
// and a snapshot over the budget kept as a density summary that reads as empty.
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "common/capture_store.h"

namespace sortscope {
namespace {

std::vector<uint32_t> words_of(const std::vector<uint8_t>& bytes) {
  std::vector<uint32_t> w(bytes.size() / 4);
  if (!w.empty()) std::memcpy(w.data(), bytes.data(), bytes.size());
  return w;
}

std::vector<uint32_t> iota_keys(uint32_t n) {
  std::vector<uint32_t> k(n);
  for (uint32_t i = 0; i < n; ++i) k[i] = 1000 + 3 * i;
  return k;
}

TEST(CaptureStore, HostStretchesAreClippedToTheSnapshot) {
  const std::vector<uint32_t> keys = iota_keys(100);
  CaptureStore store(1 << 20);
  const SnapshotRef ref = store.add_keys(keys.data(), 100, 100, KeyType::U32, {0, 2000}, false, nullptr);
  ASSERT_TRUE(ref.valid());
  EXPECT_EQ(words_of(store.read_host(ref)), keys);
  EXPECT_EQ(words_of(store.read_host(ref, 10, 5)), std::vector<uint32_t>(keys.begin() + 10, keys.begin() + 15));
  EXPECT_EQ(words_of(store.read_host(ref, 95, 50)), std::vector<uint32_t>(keys.begin() + 95, keys.end()));
  EXPECT_TRUE(store.read_host(ref, 100, 1).empty());
  EXPECT_TRUE(store.read_host(ref, 7, 0).empty());
}

TEST(CaptureStore, SummariesReadAsEmpty) {
  const std::vector<uint32_t> keys = iota_keys(1000);
  CaptureStore store(100);  // smaller than the snapshot: kept as a density summary
  const SnapshotRef ref = store.add_keys(keys.data(), 1000, 1000, KeyType::U32, {0, 4000}, false, nullptr);
  ASSERT_TRUE(ref.valid());
  EXPECT_FALSE(store.get(ref).full);
  EXPECT_EQ(store.summarised_count(), 1);
  EXPECT_TRUE(store.read_host(ref).empty());
  EXPECT_TRUE(store.read_host(ref, 0, 10).empty());
}

}  // namespace
}  // namespace sortscope
