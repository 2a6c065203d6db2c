// Which sort and strategy the bytes-moved model expects to be fastest for records
// (kernels/records/record_advice.h): ranked by bytes, the direct path of a sort that is not stable
// explained, the baseline never advised.
#include <gtest/gtest.h>

#include <algorithm>

#include "records/record_advice.h"
#include "registry.h"

namespace sortscope {
namespace {

TEST(RecordAdvice, RanksEveryChoiceByBytesAndExplainsTheDirectPath) {
  // Issue 32's slow case: u64 keys, 8 fields, by-record, 2^26 (0.13x CUB pairs + gather measured).
  const RecordShape shape{KeyType::U64, 8, RecordLayout::ByRecord};
  const uint64_t n = uint64_t(1) << 26;
  const RecordAdvice advice = advise_record_sort(shape, n);
  ASSERT_NE(advice.best(), nullptr);
  EXPECT_TRUE(std::is_sorted(advice.choices.begin(), advice.choices.end(),
                             [](const RecordChoiceBytes& a, const RecordChoiceBytes& b) { return a.bytes < b.bytes; }));
  for (const RecordChoiceBytes& c : advice.choices) {
    EXPECT_NE(c.algorithm, "cub-radix");  // the baseline is what the advice is measured against
    EXPECT_GT(c.bytes, 0);
  }
  // Indirect moves each 40-byte record once; direct moves it in each of 8 passes.
  EXPECT_EQ(advice.best()->options.strategy, RecordStrategy::Indirect);
  const auto direct = std::find_if(advice.choices.begin(), advice.choices.end(), [](const RecordChoiceBytes& c) {
    return c.algorithm == "sample-sort" && c.options.strategy == RecordStrategy::Direct;
  });
  ASSERT_NE(direct, advice.choices.end());
  EXPECT_GT(direct->bytes, 4 * advice.best()->bytes);
  const std::string text = describe_record_advice(advice, "sample-sort", {RecordStrategy::Direct, Rearrange::Gather},
                                                  shape, n);
  EXPECT_NE(text.find("model: fewest bytes with "), std::string::npos) << text;
  EXPECT_NE(text.find("this choice moves"), std::string::npos) << text;
  EXPECT_NE(text.find("each of its 8 digit passes"), std::string::npos) << text;
  // The best choice says so.
  const std::string best = describe_record_advice(advice, advice.best()->algorithm, advice.best()->options, shape, n);
  EXPECT_NE(best.find("(this choice)"), std::string::npos) << best;
  // The bytes of one choice are the advice's.
  EXPECT_DOUBLE_EQ(record_choice_bytes(*find_algorithm(direct->algorithm), direct->options, shape, n), direct->bytes);
}

}  // namespace
}  // namespace sortscope
