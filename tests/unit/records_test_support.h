#pragma once
// Helpers shared by the records unit tests (CPU model) and GPU tests.
#include <gtest/gtest.h>

#include "algorithm.h"
#include "common/generators.h"

namespace sortscope::test {

inline HostKeys records_input_keys(Distribution d, KeyType t, uint64_t n, uint64_t seed = 5) {
  InputSpec spec;
  spec.dist = d;
  spec.key = t;
  spec.n = n;
  spec.seed = seed;
  return generate_host(spec);
}

inline ParamValues records_default_params(const Algorithm& a) {
  ParamValues p;
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return p;
}

}  // namespace sortscope::test
