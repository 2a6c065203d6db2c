// Scenario files (kernels/common/scenario.h): a scenario round-trips through JSON, and a field of
// the wrong kind, a fraction or negative number for a count, or a value that does not fit is
// refused with one line naming it, never converted.
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/scenario.h"
#include "registry.h"

namespace sortscope {
namespace {

using ::testing::HasSubstr;

std::string error_of(const nlohmann::json& j) {
  try {
    scenario_from_json(j, algorithm_params);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << j.dump() << " was accepted";
  return "";
}

TEST(ScenarioJson, RoundTrips) {
  Scenario s;
  s.algorithm = "radix-onesweep";
  s.input.n = 18446744073709551615ull;  // read as given; the memory check refuses it later
  s.input.seed = 18446744073709551615ull;
  s.input.swap_percent = 2.5;
  s.input.p = 7;
  Scenario t = scenario_from_json(scenario_to_json(s, algorithm_params), algorithm_params);
  EXPECT_EQ(t.algorithm, s.algorithm);
  EXPECT_EQ(t.input.n, s.input.n);
  EXPECT_EQ(t.input.seed, s.input.seed);
  EXPECT_EQ(t.input.swap_percent, 2.5);
  EXPECT_EQ(t.input.p, 7);
}

TEST(ScenarioJson, BadNumbersAreRefusedNotConverted) {
  auto with_input = [](const char* key, nlohmann::json v) {
    return nlohmann::json{{"algorithm", "bitonic"}, {"input", {{key, v}}}};
  };
  EXPECT_THAT(error_of(with_input("n", 1.5)), HasSubstr("input.n must be a whole number"));
  EXPECT_THAT(error_of(with_input("n", 1e30)), HasSubstr("input.n"));
  EXPECT_THAT(error_of(with_input("n", -1)), HasSubstr("input.n"));
  EXPECT_THAT(error_of(with_input("n", "1M")), HasSubstr("input.n"));
  EXPECT_THAT(error_of(with_input("seed", -1)), HasSubstr("input.seed"));
  EXPECT_THAT(error_of(with_input("p", 2147483648ll)), HasSubstr("input.p must be a whole number that fits 32 bits"));
  EXPECT_THAT(error_of(with_input("p", 2.5)), HasSubstr("input.p"));
  EXPECT_THAT(error_of(with_input("swap_percent", "x")), HasSubstr("input.swap_percent must be a number"));
  EXPECT_THAT(error_of(with_input("values", 1)), HasSubstr("input.values must be true or false"));
  EXPECT_THAT(error_of(with_input("unique", -3)), HasSubstr("input.unique"));
  EXPECT_THAT(error_of(nlohmann::json{{"algorithm", 3}}), HasSubstr("algorithm must be a name"));
  EXPECT_THAT(error_of(nlohmann::json{{"input", 3}}), HasSubstr("input must be a JSON object"));
  EXPECT_THAT(error_of(nlohmann::json::array()), HasSubstr("not a JSON object"));
}

// Records (Scenario::records): round trip, absent for a key sort, each member checked.
TEST(ScenarioJson, RecordsRoundTripAndBadOnesAreRefused) {
  Scenario s;
  s.algorithm = "radix";
  EXPECT_FALSE(scenario_to_json(s, algorithm_params).contains("records"));
  EXPECT_FALSE(scenario_from_json(scenario_to_json(s, algorithm_params), algorithm_params).records);
  s.records = ScenarioRecords{7, RecordLayout::ByRecord, RecordStrategy::Indirect, Rearrange::Cycles};
  const Scenario t = scenario_from_json(scenario_to_json(s, algorithm_params), algorithm_params);
  ASSERT_TRUE(t.records);
  EXPECT_EQ(t.records->fields, 7u);
  EXPECT_EQ(t.records->layout, RecordLayout::ByRecord);
  EXPECT_EQ(t.records->strategy, RecordStrategy::Indirect);
  EXPECT_EQ(t.records->rearrange, Rearrange::Cycles);
  auto with = [](nlohmann::json r) { return nlohmann::json{{"algorithm", "radix"}, {"records", r}}; };
  EXPECT_THAT(error_of(with(3)), HasSubstr("records must be a JSON object"));
  EXPECT_THAT(error_of(with({{"fields", 33}})), HasSubstr("records.fields"));
  EXPECT_THAT(error_of(with({{"fields", 1.5}})), HasSubstr("records.fields"));
  EXPECT_THAT(error_of(with({{"layout", "rows"}})), HasSubstr("records.layout 'rows'"));
  EXPECT_THAT(error_of(with({{"strategy", 2}})), HasSubstr("records.strategy must be a name"));
  EXPECT_THAT(error_of(with({{"rearrange", "shuffle"}})), HasSubstr("records.rearrange"));
  EXPECT_THAT(error_of(with({{"colour", "red"}})), HasSubstr("records.colour is unknown"));
}

}  // namespace
}  // namespace sortscope
