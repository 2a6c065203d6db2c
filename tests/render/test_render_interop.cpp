// GPU render tests: snapshots resident in device memory reach the array view's GL buffers through
// CUDA-GL interop (EGL device platform on NVIDIA), and the pictures equal those of the upload path
// from host memory, the keys' classes too (colour by digit, bucket or run: key_classes_device against
// key_classes_host). Also times both fills at a large n. Skips without a CUDA device (main) or
// without any EGL display; fails where the context cannot share buffers with CUDA.
#include <chrono>
#include <cstdio>
#include <random>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "color_by.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "gl/offscreen_target.h"
#include "gpu_test_env.h"
#include "render_test_util.h"
#include "sample/sample_aux.h"
#include "views/array_view.h"

namespace sortscope::test {
namespace {

// The same steps recorded twice: from host memory and from device memory.
struct Twins {
  Timeline host, device;
};

Twins twin_timelines(uint64_t n, int steps, uint64_t seed, const std::vector<std::vector<AuxData>>& aux = {}) {
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::vector<std::vector<uint32_t>> data(static_cast<size_t>(steps), std::vector<uint32_t>(n));
  for (auto& d : data)
    for (auto& k : d) k = rng();
  const DisplayRange range = display_range_host(data[0].data(), n, KeyType::U32);
  Twins t{host_timeline(n, n, data, range, uint64_t(1) << 30, aux),
          make_timeline("test", KeyType::U32, n, n, false, true, range, uint64_t(8) << 30)};
  Recorder rec(t.device);
  DeviceBuffer<uint32_t> d(n);
  for (int s = 0; s < steps; ++s) {
    CUDA_CHECK(cudaMemcpy(d.data(), data[size_t(s)].data(), n * 4, cudaMemcpyHostToDevice));
    Step step;
    step.caption = "step";
    if (size_t(s) < aux.size()) step.aux = aux[size_t(s)];
    rec.record(step, ArrayState{d.data(), nullptr, true, nullptr});
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  return t;
}

Image draw(ArrayView& view, const Timeline& t, int step, int w, int h) {
  gl::OffscreenTarget target;
  target.resize(w, h, 1);
  target.bind();
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  view.draw(t, step, {0, 0, float(w), float(h)}, w, h);
  Image img{w, h, target.read_rgba()};
  gl::OffscreenTarget::bind_default();
  return img;
}

int differing(const Image& a, const Image& b) {
  int d = 0;
  for (size_t i = 0; i < a.rgba.size(); ++i) d += a.rgba[i] != b.rgba[i];
  return d;
}

TEST(Interop, ContextIsOnTheCudaDevice) {
  gl::HeadlessContext& ctx = headless_or_skip();
  std::printf("GL renderer: %s\n", ctx.describe().c_str());
  GlFillBuffer probe(GL_R32F);
  EXPECT_EQ(probe.interop_problem(), "") << ctx.describe();
}

TEST(Interop, HeatMapFromDeviceSnapshotEqualsUploadPath) {
  headless_or_skip();
  const uint64_t n = g_sanitizer_run ? (1u << 14) : (1u << 20);
  Twins t = twin_timelines(n, 2, 11);
  ArrayView on_device, on_host;
  const int W = 800, H = 400;
  for (int s : {0, 1}) {
    Image a = draw(on_device, t.device, s, W, H);
    ASSERT_EQ(on_device.info().mode, ArrayMode::Heatmap);
    EXPECT_EQ(on_device.info().source, ArrayViewInfo::Source::DeviceSnapshot);
    EXPECT_EQ(on_device.info().fill, ArrayViewInfo::Fill::Interop) << on_device.info().interop_problem;
    Image b = draw(on_host, t.host, s, W, H);
    EXPECT_EQ(on_host.info().fill, ArrayViewInfo::Fill::Upload);
    EXPECT_EQ(on_device.info().heat_columns, on_host.info().heat_columns);
    EXPECT_EQ(differing(a, b), 0) << "step " << s;
  }
  draw(on_device, t.device, 1, W, H);
  EXPECT_EQ(on_device.info().fill, ArrayViewInfo::Fill::Cached);
}

TEST(Interop, BarsFromDeviceSnapshotEqualUploadPath) {
  headless_or_skip();
  Twins t = twin_timelines(512, 2, 5);
  ArrayView on_device, on_host;
  for (int s : {0, 1}) {
    Image a = draw(on_device, t.device, s, 1024, 300);
    ASSERT_EQ(on_device.info().mode, ArrayMode::Bars);
    EXPECT_EQ(on_device.info().fill, ArrayViewInfo::Fill::Interop) << on_device.info().interop_problem;
    Image b = draw(on_host, t.host, s, 1024, 300);
    EXPECT_EQ(differing(a, b), 0) << "step " << s;
  }
}

// Each key's class written into the mapped buffer by key_classes_device (digit bits, splitters copied
// to the device, segment starts, runs) draws the same bars as key_classes_host's upload.
TEST(Interop, ClassColoursFromDeviceSnapshotEqualUploadPath) {
  headless_or_skip();
  const uint64_t n = 512;
  const DigitHistogram h = digit_place_histogram(4, 4);
  SampleSplitters sp;
  sp.k = 8;
  sp.buckets_in_pass = 1;
  sp.bucket_size = n;
  for (uint64_t i = 1; i < 8; ++i) sp.splitters.push_back(i * (uint64_t(1) << 29) - 12345);
  SampleBucketSizes sizes;
  sizes.buckets = {{0, 100, false}, {100, 300, false}, {400, 112, true}};
  Twins t = twin_timelines(n, 2, 7, {{h, sp, SortedRuns{64}}, {sizes}});
  ArrayView on_device, on_host;
  for (ColorBy mode : {ColorBy::Digit, ColorBy::Bucket, ColorBy::Run}) {
    on_device.options().color_by = on_host.options().color_by = mode;
    for (int s : {0, 1}) {
      Image a = draw(on_device, t.device, s, 1024, 300);
      ASSERT_EQ(on_device.info().mode, ArrayMode::Bars);
      EXPECT_FALSE(on_device.info().classes.what.empty()) << color_by_name(mode) << " step " << s;
      EXPECT_EQ(on_device.info().class_fill, ArrayViewInfo::Fill::Interop) << on_device.info().interop_problem;
      Image b = draw(on_host, t.host, s, 1024, 300);
      EXPECT_EQ(on_host.info().class_fill, ArrayViewInfo::Fill::Upload);
      EXPECT_EQ(on_device.info().classes.what, on_host.info().classes.what);
      EXPECT_EQ(differing(a, b), 0) << color_by_name(mode) << " step " << s;
    }
  }
}

// Not a pass/fail bound: prints the cost of a step change (fill + draw + finish) both ways.
TEST(Interop, FillTimes) {
  headless_or_skip();
  if (g_sanitizer_run) GTEST_SKIP() << "timing only";
  for (uint64_t n : {uint64_t(1) << 20, uint64_t(1) << 24}) {
    Twins t = twin_timelines(n, 2, 3);
    ArrayView on_device, on_host;
    gl::OffscreenTarget target;
    target.resize(1600, 800, 1);
    target.bind();
    auto time_steps = [&](ArrayView& view, const Timeline& tl) {
      view.draw(tl, 0, {0, 0, 1600, 800}, 1600, 800);  // warm-up
      glFinish();
      const int reps = 10;
      const auto t0 = std::chrono::steady_clock::now();
      for (int r = 0; r < reps; ++r) view.draw(tl, (r + 1) % 2, {0, 0, 1600, 800}, 1600, 800);
      glFinish();
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / reps;
    };
    const double interop_ms = time_steps(on_device, t.device);
    EXPECT_EQ(on_device.info().fill, ArrayViewInfo::Fill::Interop);
    const double upload_ms = time_steps(on_host, t.host);
    std::printf("n = %llu, heat map %ux%u at 1600x800: step change %.2f ms through interop, %.2f ms by host "
                "summary + upload\n",
                (unsigned long long)n, on_device.info().heat_columns, on_device.info().heat_bins, interop_ms, upload_ms);
    gl::OffscreenTarget::bind_default();
  }
}

}  // namespace
}  // namespace sortscope::test
