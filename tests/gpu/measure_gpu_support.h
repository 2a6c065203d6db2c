#pragma once
// Measure mode on the GPU against the CPU model, shared by the GPU tests of the families whose
// kernels place every key and value where the model does (split radix, binary-search merge,
// network-merge): one input sorted by both without a recorder, and the results compared exactly.
#include <string>

#include <gtest/gtest.h>

#include "common/device_scratch.h"
#include "device_input.h"
#include "../unit/radix_test_support.h"

namespace sortscope::test {

// `input` sorted by `a` with parameters `p` on the GPU (measure mode) has the model's keys, bit for
// bit as ordered words, and (with values) the model's values in the same order.
inline void expect_equals_model(const Algorithm& a, const ParamValues& p, const HostKeys& input,
                                DeviceScratch& scratch, const std::string& what) {
  const HostKeys got = sort_on_gpu(a, p, input, scratch);
  HostKeys model = input;
  a.run_model(p, model, nullptr);
  ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what << " vs model";
  if (input.has_values()) ASSERT_EQ(got.values, model.values) << what << ": values differ from the model's";
}

}  // namespace sortscope::test
