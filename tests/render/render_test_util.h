#pragma once
// Shared pieces of the render tests: the headless context (skip with exit 77 only where no EGL
// display exists at all), hand-made timelines over host data, a minimal Algorithm, pixel access.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.h"
#include "colormap.h"
#include "common/recorder.h"
#include "gl/headless_context.h"
#include "gl/offscreen_target.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "views/array_view.h"
#include "views/rect.h"

namespace sortscope::test {

// One context for the whole test program, created on first use.
inline gl::HeadlessContext& headless_or_skip() {
  static std::unique_ptr<gl::HeadlessContext> ctx = [] {
    try {
      auto c = gl::HeadlessContext::create();
      std::printf("headless GL: %s\n", c->describe().c_str());
      return c;
    } catch (const gl::NoDisplayError& e) {
      std::printf("SKIPPED: %s\n", e.what());
      std::fflush(stdout);
      std::exit(77);
    }
  }();
  return *ctx;
}

// A timeline of u32 keys recorded from host memory: one step per entry of `steps` (each padded_n
// words), with the aux data given per step.
inline Timeline host_timeline(uint64_t n, uint64_t padded_n, const std::vector<std::vector<uint32_t>>& steps,
                              DisplayRange range, uint64_t budget_bytes = uint64_t(1) << 30,
                              const std::vector<std::vector<AuxData>>& aux = {}) {
  Timeline t = make_timeline("test", KeyType::U32, n, padded_n, false, false, range, budget_bytes);
  Recorder rec(t);
  for (size_t s = 0; s < steps.size(); ++s) {
    Step step;
    step.kind = s == 0 ? 0 : 1;
    step.caption = s == 0 ? "Input: " + std::to_string(n) + " keys" : "Step number " + std::to_string(s);
    step.pseudo_line = s == 0 ? 0 : int(1 + s % 3);
    step.launch = int(s);
    step.launch_name = "test launch " + std::to_string(s);
    if (s < aux.size()) step.aux = aux[s];
    rec.record(step, ArrayState{steps[s].data(), nullptr, false, nullptr});
  }
  return t;
}

// Just enough of an Algorithm for FrameRenderer: a title, pseudo-code and step kinds.
class FakeAlgorithm final : public Algorithm {
 public:
  FakeAlgorithm() = default;
  explicit FakeAlgorithm(std::vector<std::string> code) : code_(std::move(code)) {}
  std::string id() const override { return "test"; }
  std::string title() const override { return title_; }
  std::string title_ = "Test sort";
  std::string citation() const override { return "none"; }
  const std::vector<ParamSpec>& params() const override { return params_; }
  const std::vector<std::string>& pseudo_code() const override { return code_; }
  const std::vector<StepKind>& step_kinds() const override { return kinds_; }
  void run_model(const ParamValues&, HostKeys&, Recorder*) const override {}
  bool has_gpu() const override { return false; }
  void run_gpu(const ParamValues&, DeviceKeys&, const GpuRunContext&) const override {}

 private:
  std::vector<ParamSpec> params_;
  std::vector<std::string> code_ = {"for size = 2, 4, ..., n:", "  for stride = size/2, ..., 1:",
                                    "    compare-exchange (i, i + stride)", "    record the array", "return"};
  std::vector<StepKind> kinds_ = {{"input", "Input", 0}, {"layer", "Layer", 2}};
};

struct Rgb {
  int r = 0, g = 0, b = 0;
};

// An RGBA image, rows top-down.
struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
  Rgb at(int x, int y) const {
    const uint8_t* p = &rgba[(size_t(y) * width + x) * 4];
    return {p[0], p[1], p[2]};
  }
};

inline Rgb rgb_of(const std::array<float, 4>& c) {
  return {int(c[0] * 255 + 0.5f), int(c[1] * 255 + 0.5f), int(c[2] * 255 + 0.5f)};
}
inline Rgb rgb_of(const std::array<float, 3>& c) {
  return {int(c[0] * 255 + 0.5f), int(c[1] * 255 + 0.5f), int(c[2] * 255 + 0.5f)};
}
inline bool near(Rgb a, Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}
inline std::string str(Rgb c) {
  return "(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

// n u32 keys 1, 11, 21, ... in a scrambled order (37 is coprime to the n the tests use), or sorted.
inline std::vector<uint32_t> keys_of(int n, bool sorted) {
  std::vector<uint32_t> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[size_t(i)] = uint32_t((i * 37) % n) * 10u + 1u;
  if (sorted) std::sort(v.begin(), v.end());
  return v;
}

// The array view's step drawn into rectangle r of an offscreen w x h frame (cleared to the
// background, no multisampling: exact colours).
inline Image draw_view(ArrayView& view, const Timeline& t, int step, int w, int h, Rect r) {
  gl::OffscreenTarget target;
  target.resize(w, h, 1);
  target.bind();
  const auto& bg = palette::kBackground;
  glClearColor(bg[0], bg[1], bg[2], 1);
  glClear(GL_COLOR_BUFFER_BIT);
  view.draw(t, step, r, w, h);
  Image img{w, h, target.read_rgba()};
  gl::OffscreenTarget::bind_default();
  return img;
}

// A one-row digit histogram of the digit place [shift, shift + bits) (its counts empty): the snapshot
// that names a radix pass's digit.
inline DigitHistogram digit_place_histogram(uint32_t shift, uint32_t bits) {
  DigitHistogram h;
  h.digit_shift = shift;
  h.digit_bits = bits;
  h.rows = 1;
  h.cols = 1u << bits;
  h.counts.assign(h.cols, 0);
  h.rows_are = DigitHistogram::Rows::Blocks;
  return h;
}

// Pixels of `r` that differ between two images of the same size.
inline int differing_pixels(const Image& a, const Image& b, const Rect& r) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x) count += !near(a.at(x, y), b.at(x, y), 0);
  return count;
}

// Pixels of `r` within `tolerance` of `want`.
inline int pixels_near(const Image& img, const Rect& r, Rgb want, int tolerance) {
  int count = 0;
  for (int y = int(r.y); y < int(r.bottom()); ++y)
    for (int x = int(r.x); x < int(r.right()); ++x) count += near(img.at(x, y), want, tolerance);
  return count;
}

}  // namespace sortscope::test
