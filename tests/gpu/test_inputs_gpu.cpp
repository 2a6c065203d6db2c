// The GPU input pipeline against its CPU twins: generate_device equals generate_host bit for bit for
// every distribution, key type and size; the device key transforms equal the host ones; the device
// multiset hash equals the host hash; verify_device reaches the same verdicts as verify_host.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/generators.h"
#include "common/generators_gpu.h"
#include "common/key_transform.h"
#include "common/key_transform_gpu.h"
#include "common/mix64.h"
#include "common/verify.h"
#include "common/verify_gpu.h"
#include "gpu_test_env.h"

namespace sortscope {
namespace {

using test::g_sanitizer_run;

std::vector<uint64_t> sizes() {
  if (g_sanitizer_run) return {0, 1, 3, 1000};
  return {0, 1, 2, 3, 1000, 4096, (uint64_t(1) << 20) + 7};
}

// A HostKeys copied to the device (and back).
struct DeviceCopy {
  DeviceBuffer<uint8_t> keys;
  DeviceBuffer<uint32_t> values;
  DeviceKeys view;

  explicit DeviceCopy(const HostKeys& h) : keys(h.bytes.size()), values(h.values.size()) {
    view = {h.type, keys.data(), h.has_values() ? values.data() : nullptr, h.size()};
    if (!h.bytes.empty())
      CUDA_CHECK(cudaMemcpy(keys.data(), h.bytes.data(), h.bytes.size(), cudaMemcpyHostToDevice));
    if (h.has_values())
      CUDA_CHECK(cudaMemcpy(values.data(), h.values.data(), h.values.size() * 4, cudaMemcpyHostToDevice));
  }
  DeviceCopy(KeyType type, uint64_t n, bool with_values)
      : keys(n * uint64_t(key_bytes(type))), values(with_values ? n : 0) {
    view = {type, keys.data(), with_values ? values.data() : nullptr, n};
  }
  HostKeys to_host() const {
    HostKeys h(view.type, view.n, view.values != nullptr);
    if (!h.bytes.empty())
      CUDA_CHECK(cudaMemcpy(h.bytes.data(), view.keys, h.bytes.size(), cudaMemcpyDeviceToHost));
    if (h.has_values())
      CUDA_CHECK(cudaMemcpy(h.values.data(), view.values, h.values.size() * 4, cudaMemcpyDeviceToHost));
    return h;
  }
};

std::string name_of(Distribution d, KeyType t, uint64_t n, bool values) {
  return std::string(distribution_name(d)) + " " + std::string(key_type_name(t)) + " n=" + std::to_string(n) +
         (values ? " with values" : "");
}

TEST(InputsGpu, GenerateDeviceEqualsGenerateHost) {
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : sizes()) {
        InputSpec s;
        s.dist = d;
        s.n = n;
        s.key = t;
        s.seed = 12345;
        s.with_values = true;
        const HostKeys expected = generate_host(s);  // keys do not depend on with_values (unit test)
        for (bool values : {false, true}) {
          SCOPED_TRACE(name_of(d, t, n, values));
          s.with_values = values;
          DeviceCopy dev(t, n, values);
          generate_device(s, dev.view, nullptr);
          CUDA_CHECK(cudaDeviceSynchronize());
          EXPECT_EQ(dev.view.n, n);
          HostKeys got = dev.to_host();
          ASSERT_EQ(got.bytes, expected.bytes);
          if (values) ASSERT_EQ(got.values, expected.values);
          else ASSERT_FALSE(got.has_values());
        }
      }
}

TEST(InputsGpu, GenerateDeviceHonoursKnobs) {
  const uint64_t n = g_sanitizer_run ? 1000 : 100003;
  InputSpec s;
  s.n = n;
  s.key = KeyType::F64;
  s.p = 7;
  s.g = 3;
  s.r = 5;
  s.swap_percent = 12.5;
  s.entropy_k = 4;
  s.unique = 1000;
  for (Distribution d : kAllDistributions) {
    SCOPED_TRACE(std::string(distribution_name(d)));
    s.dist = d;
    DeviceCopy dev(s.key, n, false);
    generate_device(s, dev.view, nullptr);
    ASSERT_EQ(dev.to_host().bytes, generate_host(s).bytes);
  }
}

TEST(InputsGpu, DeviceTransformsEqualHost) {
  const uint64_t n = g_sanitizer_run ? 1000 : (uint64_t(1) << 20) + 7;
  for (KeyType t : kAllKeyTypes) {
    SCOPED_TRACE(std::string(key_type_name(t)));
    HostKeys h(t, n, false);
    const uint64_t specials[] = {0, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x7f800000u, 0xff800000u,
                                 0x7fc00000u, 1ull << 63, ~0ull, 0x7ff8000000000000ull};
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t w = i < std::size(specials) ? specials[i] : mix64(i);
      std::memcpy(&h.bytes[i * key_bytes(t)], &w, key_bytes(t));
    }
    DeviceCopy dev(h);
    HostKeys expected = h;
    keys_to_ordered_host(expected.bytes.data(), n, t);
    keys_to_ordered_device(dev.view.keys, n, t, nullptr);
    ASSERT_EQ(dev.to_host().bytes, expected.bytes);
    keys_from_ordered_device(dev.view.keys, n, t, nullptr);
    ASSERT_EQ(dev.to_host().bytes, h.bytes);
  }
}

TEST(InputsGpu, DeviceHashEqualsHostHash) {
  for (KeyType t : kAllKeyTypes)
    for (uint64_t n : sizes())
      for (bool values : {false, true}) {
        SCOPED_TRACE(name_of(Distribution::FewUnique, t, n, values));
        InputSpec s;
        s.dist = Distribution::FewUnique;  // duplicates included
        s.unique = 50;
        s.n = n;
        s.key = t;
        s.with_values = values;
        HostKeys h = generate_host(s);
        DeviceCopy dev(h);
        EXPECT_EQ(multiset_hash_device(dev.view, nullptr), multiset_hash_host(h));
      }
}

// The faults of tests/unit/test_verify.cpp, judged on the device.
TEST(InputsGpu, VerifyDeviceCatchesTheSameFaults) {
  const uint64_t n = g_sanitizer_run ? 1000 : (uint64_t(1) << 20) + 7;
  for (KeyType t : kAllKeyTypes) {
    SCOPED_TRACE(std::string(key_type_name(t)));
    InputSpec s;
    s.dist = Distribution::Sorted;
    s.n = n;
    s.key = t;
    s.with_values = true;
    const HostKeys good = generate_host(s);
    const MultisetHash h = multiset_hash_host(good);
    const size_t kb = size_t(key_bytes(t));

    std::vector<std::pair<std::string, HostKeys>> cases;
    cases.emplace_back("correct", good);
    HostKeys unsorted = good;
    std::swap_ranges(&unsorted.bytes[(n - 2) * kb], &unsorted.bytes[(n - 1) * kb], &unsorted.bytes[(n - 1) * kb]);
    std::swap(unsorted.values[n - 2], unsorted.values[n - 1]);
    cases.emplace_back("unsorted", unsorted);
    HostKeys changed_value = good;
    changed_value.values[n / 2] ^= 4;
    cases.emplace_back("changed value", changed_value);
    HostKeys duplicated = good;
    std::memcpy(&duplicated.bytes[11 * kb], &duplicated.bytes[10 * kb], kb);
    duplicated.values[11] = duplicated.values[10];
    cases.emplace_back("duplicated key", duplicated);
    HostKeys swapped = good;
    std::swap(swapped.values[1], swapped.values[n - 1]);
    cases.emplace_back("swapped values", swapped);

    for (const auto& [what, output] : cases) {
      SCOPED_TRACE(what);
      Verdict expected = verify_host(h, output);
      DeviceCopy dev(output);
      Verdict got = verify_device(h, dev.view, nullptr);
      EXPECT_EQ(got.sorted, expected.sorted);
      EXPECT_EQ(got.permutation, expected.permutation);
      EXPECT_EQ(got.first_unsorted, expected.first_unsorted);
      EXPECT_EQ(got.n, expected.n);
      EXPECT_EQ(got.summary(), expected.summary());
      EXPECT_EQ(got.ok(), what == "correct");
    }
  }
}

// At a size the CPU comparisons cannot reach: the sorted generator is sorted and the verdict says so;
// prints the generator's and the verifier's throughput (median of 5, CUDA events).
TEST(InputsGpu, LargeSortedInputVerifiesOnDevice) {
  if (g_sanitizer_run) GTEST_SKIP() << "too large for the sanitizers";
  const uint64_t n = uint64_t(1) << 27;
  for (KeyType t : {KeyType::U32, KeyType::F64}) {
    InputSpec s;
    s.dist = Distribution::Sorted;
    s.n = n;
    s.key = t;
    DeviceCopy dev(t, n, false);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<float> gen_ms, verify_ms;
    Verdict v;
    for (int rep = 0; rep < 5; ++rep) {
      float ms = 0;
      CUDA_CHECK(cudaEventRecord(start));
      generate_device(s, dev.view, nullptr);
      CUDA_CHECK(cudaEventRecord(stop));
      CUDA_CHECK(cudaEventSynchronize(stop));
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      gen_ms.push_back(ms);
      MultisetHash h = multiset_hash_device(dev.view, nullptr);
      CUDA_CHECK(cudaEventRecord(start));
      v = verify_device(h, dev.view, nullptr);  // includes the result copy and a sync
      CUDA_CHECK(cudaEventRecord(stop));
      CUDA_CHECK(cudaEventSynchronize(stop));
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      verify_ms.push_back(ms);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    EXPECT_TRUE(v.ok()) << v.summary();
    std::sort(gen_ms.begin(), gen_ms.end());
    std::sort(verify_ms.begin(), verify_ms.end());
    const double bytes = double(n) * key_bytes(t);
    std::printf("  %s sorted n=2^27: generate %.3f ms (%.1f GB/s written), verify %.3f ms (%.1f GB/s read)\n",
                std::string(key_type_name(t)).c_str(), gen_ms[2], bytes / gen_ms[2] / 1e6, verify_ms[2],
                bytes / verify_ms[2] / 1e6);
  }
}

TEST(InputsGpu, MissingBuffersAreErrors) {
  InputSpec s;
  s.n = 10;
  s.with_values = true;
  DeviceKeys none;
  EXPECT_THROW(generate_device(s, none, nullptr), std::runtime_error);
  DeviceCopy keys_only(s.key, 10, false);
  EXPECT_THROW(generate_device(s, keys_only.view, nullptr), std::runtime_error);
}

}  // namespace
}  // namespace sortscope
