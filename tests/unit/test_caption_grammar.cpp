// Captions read as English at lecture sizes: every algorithm's explained run at 64, 256, 1024 and
// 4096 keys (keys alone and with values), and records' runs of one or two records and one field,
// have no count of one with a plural noun ("1 blocks") and no "a" before a number read with a vowel
// ("a 8 x 1 table"); the words come from common/count_words.h.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/count_words.h"
#include "core/runner.h"
#include "lecture_inputs.h"
#include "records/record_explain.h"
#include "records_test_support.h"
#include "registry.h"

namespace sortscope {
namespace {

TEST(CountWords, PluralsAndArticles) {
  EXPECT_EQ(counted(1, "block"), "1 block");
  EXPECT_EQ(counted(3, "block"), "3 blocks");
  EXPECT_EQ(counted(0, "bucket"), "0 buckets");
  EXPECT_EQ(counted(1, "pass"), "1 pass");
  EXPECT_EQ(counted(2, "pass"), "2 passes");
  EXPECT_EQ(counted(2, "matrix", "matrices"), "2 matrices");
  EXPECT_STREQ(verb_for(1, "fills", "fill"), "fills");
  EXPECT_STREQ(verb_for(4, "fills", "fill"), "fill");
  for (uint64_t n : {8u, 11u, 18u, 80u, 84u, 800u, 8192u, 11000u, 18432u, 80000u, 8000000u})
    EXPECT_STREQ(article_for(n), "an") << n;
  for (uint64_t n : {1u, 2u, 7u, 10u, 16u, 100u, 128u, 1024u, 1800u, 4096u, 65536u})
    EXPECT_STREQ(article_for(n), "a") << n;
  EXPECT_EQ(with_article(8), "an 8");
  for (const auto& [n, want] : std::vector<std::pair<uint64_t, std::string>>{
           {0, "0th"}, {1, "1st"}, {2, "2nd"}, {3, "3rd"}, {4, "4th"}, {11, "11th"}, {12, "12th"}, {13, "13th"},
           {16, "16th"}, {21, "21st"}, {22, "22nd"}, {23, "23rd"}, {101, "101st"}, {111, "111th"}, {112, "112th"},
           {1002, "1002nd"}})
    EXPECT_EQ(ordinal(n), want);
}

// Words ending in s that are not plurals.
const std::set<std::string> kNotPlural = {"is", "was", "has", "this", "plus", "its", "thus", "as", "us", "always"};

// The grammar errors in one caption, "" when none.
std::string errors_in(const std::string& caption) {
  std::string errors;
  static const std::regex one(R"((^|[^0-9.^/x,])1 ([a-z]+))");
  for (auto it = std::sregex_iterator(caption.begin(), caption.end(), one); it != std::sregex_iterator(); ++it) {
    const std::string word = (*it)[2];
    // "64 x 1 keys", "P - 1 splitters": the count is the product or difference, not one.
    const std::string before = caption.substr(0, size_t(it->position(0)) + (*it)[1].length());
    const bool operand = before.size() >= 2 && before.back() == ' ' && std::string("x-+*").find(before[before.size() - 2]) != std::string::npos;
    // "the record at place 1 moves": a place is an index, and the word after it a verb.
    const bool index = before.size() >= 6 && before.compare(before.size() - 6, 6, "place ") == 0;
    if (!operand && !index && word.size() > 2 && word.back() == 's' && word[word.size() - 2] != 's' && !kNotPlural.count(word))
      errors += " '1 " + word + "'";
  }
  static const std::regex article(R"(\b([Aa]n?) ([0-9]+)\b)");
  for (auto it = std::sregex_iterator(caption.begin(), caption.end(), article); it != std::sregex_iterator(); ++it) {
    const std::string art = (*it)[1];
    const std::string num = (*it)[2];
    if (num.size() > 18) continue;
    std::string want = article_for(std::stoull(num));
    if (art[0] == 'A') want[0] = 'A';
    if (art != want) errors += " '" + art + " " + num + "'";
  }
  return errors;
}

TEST(CaptionGrammar, ErrorsAreFound) {
  EXPECT_NE(errors_in("1 blocks fill a 8 x 1 table"), "");
  EXPECT_NE(errors_in("splits into 1 buckets"), "");
  EXPECT_NE(errors_in("A 80-key run"), "");
  EXPECT_EQ(errors_in("1 block fills an 8 x 1 table; 21 blocks; 1 pass; 1 is left; a 16 x 4 grid"), "");
  EXPECT_EQ(errors_in("tiles of 64 x 1 keys; P - 1 splitters"), "");
  EXPECT_EQ(errors_in("the record at place 1 moves to place 0"), "");
  EXPECT_NE(errors_in("1 records of a u32 key and 1 u32 fields"), "");
}

TEST(CaptionGrammar, EveryAlgorithmAtLectureSizes) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  size_t captions = 0;
  test::for_each_lecture_input({64, 256, 1024, 4096}, 3, [&](const Algorithm& a, const Scenario& s) {
    const ExplainResult r = runner.explain(runner.prepare(s, std::nullopt, true));
    for (const Step& step : r.timeline.steps) {
      ++captions;
      EXPECT_EQ(errors_in(step.caption), "") << a.id() << " n = " << s.input.n << (s.input.with_values ? " with values" : "")
                                             << ": \"" << step.caption << "\"";
    }
  });
  EXPECT_GT(captions, 1000u);
}

// Records' steps at the counts that reach one: a single record (one cycle of one), two records in
// reverse (one cycle of two), one field; every strategy and layout.
TEST(CaptionGrammar, RecordsOfOneOrTwoRecordsAndOneField) {
  const Algorithm& a = *find_algorithm("radix-onesweep");
  const ParamValues p = test::records_default_params(a);
  size_t captions = 0;
  for (RecordSortOptions o : {RecordSortOptions{RecordStrategy::Indirect, Rearrange::Gather},
                              RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles},
                              RecordSortOptions{RecordStrategy::Indirect, Rearrange::Fused},
                              RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather}})
    for (RecordLayout l : {RecordLayout::ByField, RecordLayout::ByRecord, RecordLayout::Hybrid})
      for (uint64_t n : {1, 2})
        for (uint32_t m : {1, 2}) {
          const HostKeys keys = test::records_input_keys(Distribution::ReverseSorted, KeyType::U32, n);
          const RecordExplain r = explain_records_model(a, p, o, records_from_keys(keys, m, l, 1), 64ull << 20);
          ASSERT_TRUE(r.verdict.ok()) << r.verdict.summary();
          for (const Step& step : r.timeline.steps) {
            ++captions;
            EXPECT_EQ(errors_in(step.caption), "") << "n = " << n << ", m = " << m << ": \"" << step.caption << "\"";
          }
        }
  EXPECT_GT(captions, 100u);
}

}  // namespace
}  // namespace sortscope
