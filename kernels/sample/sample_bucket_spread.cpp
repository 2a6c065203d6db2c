#include "sample_bucket_spread.h"

#include <algorithm>
#include <cmath>

namespace sortscope {

double digamma(double x) {
  // ψ(x) = ψ(x + 1) - 1/x up to x >= 10, then the asymptotic series
  // ψ(x) ~ ln x - 1/(2x) - 1/(12x^2) + 1/(120x^4) - 1/(252x^6).
  double shift = 0;
  while (x < 10) {
    shift -= 1 / x;
    x += 1;
  }
  const double r = 1 / (x * x);
  return shift + std::log(x) - 0.5 / x - r * (1.0 / 12 - r * (1.0 / 120 - r / 252));
}

double trigamma(double x) {
  // ψ'(x) = ψ'(x + 1) + 1/x^2 up to x >= 10, then ψ'(x) ~ 1/x + 1/(2x^2) + 1/(6x^3) - 1/(30x^5) + 1/(42x^7).
  double shift = 0;
  while (x < 10) {
    shift += 1 / (x * x);
    x += 1;
  }
  const double r = 1 / (x * x);
  return shift + 1 / x + r / 2 + (r / x) * (1.0 / 6 - r * (1.0 / 30 - r / 42));
}

double sample_share_above(double mean_size, uint32_t passes, uint32_t oversampling, double above) {
  if (mean_size <= 0) return 0;
  if (passes == 0) return mean_size > above ? 1 : 0;
  // log of one size-biased factor Gamma(a + 1, 1/a): mean ψ(a + 1) - ln a, variance ψ'(a + 1).
  const double a = std::max<uint32_t>(1, oversampling);
  const double mu = passes * (digamma(a + 1) - std::log(a));
  const double sigma = std::sqrt(passes * trigamma(a + 1));
  const double z = (std::log(above / mean_size) - mu) / sigma;
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

}  // namespace sortscope
