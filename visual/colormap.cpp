#include "colormap.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>
#include <cmath>

namespace sortscope {
namespace {

struct Linear {
  double r, g, b;
};

// OKLab -> linear sRGB (Ottosson 2020, "A perceptual color space for image processing").
Linear oklab_to_linear_srgb(double L, double a, double b) {
  double l_ = L + 0.3963377774 * a + 0.2158037573 * b;
  double m_ = L - 0.1055613458 * a - 0.0638541728 * b;
  double s_ = L - 0.0894841775 * a - 1.2914855480 * b;
  double l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_;
  return {+4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
          -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
          -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s};
}

double srgb_encode(double x) {
  x = std::clamp(x, 0.0, 1.0);
  return x <= 0.0031308 ? 12.92 * x : 1.055 * std::pow(x, 1.0 / 2.4) - 0.055;
}

bool in_gamut(const Linear& c) {
  const double eps = 1e-6;
  return c.r >= -eps && c.r <= 1 + eps && c.g >= -eps && c.g <= 1 + eps && c.b >= -eps && c.b <= 1 + eps;
}

Rgb8 ramp(double t) {
  const double pi = 3.14159265358979323846;
  const double L = 0.30 + 0.64 * t;               // lightness: monotone, the order carrier
  const double hue = (295.0 - 195.0 * t) * pi / 180.0;
  double chroma = 0.13 + 0.05 * t * t;            // wanted; clipped to the gamut below
  auto at = [&](double c) { return oklab_to_linear_srgb(L, c * std::cos(hue), c * std::sin(hue)); };
  if (!in_gamut(at(chroma))) {
    double lo = 0, hi = chroma;
    for (int i = 0; i < 40; ++i) {
      double mid = 0.5 * (lo + hi);
      (in_gamut(at(mid)) ? lo : hi) = mid;
    }
    chroma = lo;
  }
  Linear c = at(chroma);
  auto q = [](double x) { return uint8_t(std::lround(srgb_encode(x) * 255.0)); };
  return {q(c.r), q(c.g), q(c.b)};
}

}  // namespace

const ColormapTable& builtin_colormap_table() {
  static const ColormapTable table = [] {
    ColormapTable t{};
    for (int i = 0; i < kColormapEntries; ++i) t[size_t(i)] = ramp(double(i) / (kColormapEntries - 1));
    return t;
  }();
  return table;
}

namespace {
// The active table is swapped by pointer, and every table ever made active is kept, so a reader on
// another thread (a frame exporter) never sees a table freed or half written. A session sets a
// handful at most (768 bytes each).
std::atomic<const ColormapTable*> g_active{nullptr};
std::atomic<uint64_t> g_generation{0};
std::mutex g_kept_mutex;
std::vector<std::unique_ptr<ColormapTable>> g_kept;
}  // namespace

const ColormapTable& colormap_table() {
  const ColormapTable* t = g_active.load(std::memory_order_acquire);
  return t ? *t : builtin_colormap_table();
}

void set_colormap_table(const ColormapTable& table) {
  std::lock_guard<std::mutex> lock(g_kept_mutex);
  g_kept.push_back(std::make_unique<ColormapTable>(table));
  g_active.store(g_kept.back().get(), std::memory_order_release);
  g_generation.fetch_add(1, std::memory_order_acq_rel);
}

void reset_colormap_table() {
  g_active.store(nullptr, std::memory_order_release);
  g_generation.fetch_add(1, std::memory_order_acq_rel);
}

uint64_t colormap_generation() { return g_generation.load(std::memory_order_acquire); }

std::array<float, 3> colormap(float t) {
  const auto& table = colormap_table();
  float x = std::clamp(t, 0.0f, 1.0f) * float(kColormapEntries - 1);
  int i = std::min(int(x), kColormapEntries - 2);
  float f = x - float(i);
  const Rgb8 a = table[size_t(i)], b = table[size_t(i + 1)];
  auto mix = [f](uint8_t p, uint8_t q) { return (float(p) * (1 - f) + float(q) * f) / 255.0f; };
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

Rgb8 colormap_rgb8(float t) {
  auto c = colormap(t);
  return {uint8_t(std::lround(c[0] * 255)), uint8_t(std::lround(c[1] * 255)), uint8_t(std::lround(c[2] * 255))};
}

}  // namespace sortscope
