// The capture store's device side: a snapshot taken on a busy stream and read back at once returns
// what the stream held when the snapshot was enqueued (the read waits for the snapshot's ready
// event, on the store's own stream); stretches are clipped like host ones; repeated and
// interleaved reads of cached stretches return the right words; the snapshot does not change when
// its source does.
#include <cstdint>
#include <cstring>
#include <vector>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "common/capture_store.h"
#include "common/cuda_check.h"
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

}  // namespace
}  // namespace sortscope
