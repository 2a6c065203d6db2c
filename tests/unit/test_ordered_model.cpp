// The CPU models' frame (kernels/common/ordered_model.h): the model sees ordered bits of the key
// width with the values flag as types, the keys come back native, and a plan for another n or
// values of another length are refused with the model's name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "common/ordered_model.h"

namespace sortscope::test {
namespace {

TEST(OrderedModel, SortsOrderedBitsOfTheKeyWidthAndGivesNativeKeysBack) {
  const std::vector<float> in{2.5f, -1.0f, 0.0f, -7.25f, 3.0f};
  HostKeys keys(KeyType::F32, in.size(), true);
  std::memcpy(keys.bytes.data(), in.data(), in.size() * sizeof(float));
  int calls = 0;
  sort_as_ordered_bits("test", in.size(), keys, [&](auto word, auto values) {
    using Word = decltype(word);
    EXPECT_TRUE((std::is_same_v<Word, uint32_t>));
    EXPECT_TRUE(decltype(values)::value);
    ++calls;
    // Unsigned order of the words is the floats' order only as ordered bits.
    std::sort(keys.as<Word>(), keys.as<Word>() + keys.size());
  });
  EXPECT_EQ(calls, 1);
  std::vector<float> out(in.size());
  std::memcpy(out.data(), keys.bytes.data(), out.size() * sizeof(float));
  std::vector<float> want = in;
  std::sort(want.begin(), want.end());
  EXPECT_EQ(out, want);
}

TEST(OrderedModel, WideKeysWithoutValues) {
  HostKeys keys(KeyType::I64, 3, false);
  keys.as<int64_t>()[0] = 5, keys.as<int64_t>()[1] = -9, keys.as<int64_t>()[2] = 0;
  sort_as_ordered_bits("test", 3, keys, [&](auto word, auto values) {
    using Word = decltype(word);
    EXPECT_TRUE((std::is_same_v<Word, uint64_t>));
    EXPECT_FALSE(decltype(values)::value);
    std::sort(keys.as<Word>(), keys.as<Word>() + 3);
  });
  EXPECT_EQ(keys.as<int64_t>()[0], -9);
  EXPECT_EQ(keys.as<int64_t>()[2], 5);
}

TEST(OrderedModel, RefusesAPlanForAnotherNAndValuesOfAnotherLength) {
  HostKeys keys(KeyType::U32, 4, true);
  bool ran = false;
  auto sort = [&](auto, auto) { ran = true; };
  try {
    sort_as_ordered_bits("bitonic", 5, keys, sort);
    ADD_FAILURE() << "no error for a plan of another n";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "bitonic model: plan made for a different n");
  }
  keys.values.resize(3);
  EXPECT_THROW(sort_as_ordered_bits("bitonic", 4, keys, sort), std::invalid_argument);
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace sortscope::test
