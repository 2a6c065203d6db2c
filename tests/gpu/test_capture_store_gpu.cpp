// The capture store's device side: a snapshot taken on a busy stream and read back at once returns
// what the stream held when the snapshot was enqueued (the read waits for the snapshot's ready
// event, on the store's own stream); stretches are clipped like host ones; repeated and
// interleaved reads of cached stretches return the right words; the snapshot does not change when
// its source does. Past the budget, a device array's density summary counts what the host's does,
// on sorted runs (where a warp's keys share one cell), scattered keys and special floats alike.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "common/capture_store.h"
#include "common/cuda_check.h"
#include "common/density.h"
#include "common/key_type.h"
#include "common/device_buffer.h"
#include "gpu_test_env.h"

namespace sortscope {
namespace {

using test::g_sanitizer_run;

std::vector<uint32_t> words_of(const std::vector<uint8_t>& bytes) {
  std::vector<uint32_t> w(bytes.size() / 4);
  if (!w.empty()) std::memcpy(w.data(), bytes.data(), bytes.size());
  return w;
}

TEST(CaptureStoreGpu, DeviceSnapshotReadsWaitForItsCopyOnly) {
  const uint32_t n = g_sanitizer_run ? 4096 : (1u << 20);
  std::vector<uint32_t> keys(n);
  for (uint32_t i = 0; i < n; ++i) keys[i] = i * 2654435761u;
  DeviceBuffer<uint32_t> src(n);
  // A long memset ahead of the snapshot on the same stream: a read that did not wait for the
  // snapshot's copy would see the store's uninitialised memory.
  DeviceBuffer<uint8_t> busy(g_sanitizer_run ? (1u << 20) : (size_t(1) << 30));
  cudaStream_t stream = nullptr;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaMemcpy(src.data(), keys.data(), size_t(n) * 4, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemsetAsync(busy.data(), 0x5a, busy.size(), stream));

  CaptureStore store(uint64_t(1) << 30);
  const SnapshotRef ref = store.add_keys(src.data(), n, n, KeyType::U32, {0, 4294967295.0}, true, stream);
  ASSERT_TRUE(ref.valid());
  ASSERT_TRUE(store.get(ref).on_device);
  EXPECT_EQ(words_of(store.read_host(ref, 1000, 64)), std::vector<uint32_t>(keys.begin() + 1000, keys.begin() + 1064));

  // The source changes after the snapshot: the snapshot keeps the words it copied.
  CUDA_CHECK(cudaMemsetAsync(src.data(), 0, size_t(n) * 4, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  EXPECT_EQ(words_of(store.read_host(ref)), keys);
  EXPECT_EQ(words_of(store.read_host(ref, n - 10, 100)), std::vector<uint32_t>(keys.end() - 10, keys.end()));
  EXPECT_TRUE(store.read_host(ref, n, 1).empty());

  // Cached and interleaved stretches.
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(words_of(store.read_host(ref, 5, 3)), std::vector<uint32_t>(keys.begin() + 5, keys.begin() + 8));
    EXPECT_EQ(words_of(store.read_host(ref, 6, 3)), std::vector<uint32_t>(keys.begin() + 6, keys.begin() + 9));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
}

// Every summary of a store past its budget against density_summary_host on the same ordered words.
template <class Word>
void expect_device_summaries_equal_host(const std::vector<Word>& words, KeyType type, const char* what) {
  const uint64_t n = words.size();
  DeviceBuffer<Word> src(n);
  CUDA_CHECK(cudaMemcpy(src.data(), words.data(), n * sizeof(Word), cudaMemcpyHostToDevice));
  const DisplayRange range = display_range_host(words.data(), n, type);
  const DensitySummary want = density_summary_host(words.data(), n, type, range, CaptureStore::kDensityColumns,
                                                   CaptureStore::kDensityBins);
  CaptureStore store(0);  // no budget: every key array is summarised
  for (int round = 0; round < 2; ++round) {  // the second reuses the store's device table
    const SnapshotRef ref = store.add_keys(src.data(), n, n, type, range, true, nullptr);
    ASSERT_TRUE(ref.valid()) << what;
    const ArraySnapshot& got = store.get(ref);
    ASSERT_FALSE(got.full) << what;
    EXPECT_EQ(got.density.columns, want.columns) << what;
    EXPECT_EQ(got.density.bins, want.bins) << what;
    EXPECT_EQ(got.density.n, n) << what;
    EXPECT_EQ(got.density.counts, want.counts) << what << ", round " << round;
  }
  EXPECT_EQ(store.summarised_count(), 2) << what;
}

TEST(CaptureStoreGpu, DensitySummariesCountLikeTheHost) {
  const uint64_t n = g_sanitizer_run ? 4099 : (uint64_t(1) << 20) + 13;
  std::vector<uint32_t> sorted(n), scattered(n);
  for (uint64_t i = 0; i < n; ++i) {
    sorted[i] = uint32_t(i / 7);  // runs of equal keys, a warp's keys in one cell
    scattered[i] = uint32_t(i * 2654435761u);
  }
  expect_device_summaries_equal_host(sorted, KeyType::U32, "sorted u32");
  expect_device_summaries_equal_host(scattered, KeyType::U32, "scattered u32");
  expect_device_summaries_equal_host(std::vector<uint64_t>(n, 42), KeyType::U64, "all-equal u64");
  std::vector<uint32_t> floats(n);
  for (uint64_t i = 0; i < n; ++i) {
    const float f = i % 97 == 0 ? NAN : i % 89 == 0 ? INFINITY : float(i % 1000) - 500.0f;
    uint32_t raw = 0;
    std::memcpy(&raw, &f, sizeof raw);
    floats[i] = KeyTraits<KeyType::F32>::to_ordered(raw);
  }
  expect_device_summaries_equal_host(floats, KeyType::F32, "f32 with NaN and infinity");
}

}  // namespace
}  // namespace sortscope
