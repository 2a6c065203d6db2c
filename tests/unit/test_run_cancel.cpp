// Cancelling a records run (common/run_cancel.h). The app's session stops an explain run of 2^24
// records of 32 fields within a second, so every long loop of the records path looks at the flag,
// also inside one phase: the key sort of each sort records can use (its CPU model runs with no
// recorder, so no step comes between), the gathers, cycle chasing, the verification (the stable
// reference sort, the multiset of records), the input's generation and the fills of large buffers.
// Tested without timing: with the flag raised, each long piece stops with StepsCancelled before
// finishing its work; a run cancelled while it goes stops with StepsCancelled and returns nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <numeric>
#include <thread>

#include "common/run_cancel.h"
#include "core/record_scenario.h"
#include "records/record_sort.h"
#include "records_test_support.h"
#include "registry.h"

namespace sortscope::test {
namespace {

bool keys_sorted(const HostKeys& k) {
  for (uint64_t i = 1; i < k.size(); ++i)
    if (k.ordered(i) < k.ordered(i - 1)) return false;
  return true;
}

// The key sort inside the records' one "sort the pairs" phase: with the flag raised it stops
// before the keys are sorted (it used to run to its end, the app's quit waiting 17-53 s for it).
TEST(RunCancel, EveryRecordSortsKeySortStopsInsideItsPhase) {
  std::atomic<bool> cancel{true};
  const RunCancelScope scope(&cancel);
  for (const RecordSortAlgorithm& info : record_sort_algorithms()) {
    const Algorithm* a = find_algorithm(info.id);
    ASSERT_NE(a, nullptr) << info.id;
    for (KeyType t : {KeyType::U32, KeyType::U64}) {
      cancel = false;  // the input is generated with the flag down
      HostKeys keys = records_input_keys(Distribution::Uniform, t, uint64_t(1) << 16);
      keys.values.resize(keys.size());
      std::iota(keys.values.begin(), keys.values.end(), 0u);
      const ParamValues params = records_default_params(*a);
      cancel = true;
      EXPECT_THROW(a->run_model(params, keys, nullptr), StepsCancelled) << info.id << " " << key_type_name(t);
      EXPECT_FALSE(keys_sorted(keys)) << info.id << ": the sort finished although cancelled";
    }
  }
}

// Every other loop of the records path over n records, one by one.
TEST(RunCancel, EveryLongLoopOfTheRecordsPathStops) {
  std::atomic<bool> cancel{false};
  const RunCancelScope scope(&cancel);
  const uint64_t n = uint64_t(1) << 16;
  InputSpec spec;
  spec.n = n;
  const HostKeys keys = generate_host(spec);
  const HostRecords records = records_from_keys(keys, 4, RecordLayout::Hybrid, 1);
  std::vector<uint32_t> perm(n);
  std::iota(perm.begin(), perm.end(), 0u);
  std::rotate(perm.begin(), perm.begin() + 1, perm.end());  // one cycle through every record
  cancel = true;
  EXPECT_THROW((void)generate_host(spec), StepsCancelled);
  EXPECT_THROW((void)records_from_keys(keys, 4, RecordLayout::Hybrid, 1), StepsCancelled);
  EXPECT_THROW((void)HostRecords(records.shape, n), StepsCancelled);  // a zero-filled block
  EXPECT_THROW((void)keys_of_records(records, true), StepsCancelled);
  EXPECT_THROW((void)convert_layout(records, RecordLayout::ByField), StepsCancelled);
  EXPECT_THROW((void)gather_records(records, perm), StepsCancelled);
  EXPECT_THROW((void)permutation_cycles(perm), StepsCancelled);
  EXPECT_THROW((void)stable_record_order(records), StepsCancelled);
  EXPECT_THROW((void)record_multiset_hash(records), StepsCancelled);
  EXPECT_THROW((void)verify_records(records, records, true), StepsCancelled);
  EXPECT_THROW((void)verify_records(records, records, false), StepsCancelled);
  std::vector<uint8_t> big;
  EXPECT_THROW(resize_cancellable(big, size_t(1) << 20), StepsCancelled);
  EXPECT_TRUE(big.empty());
  HostRecords in_place = records;
  EXPECT_THROW(permute_records_in_place(in_place, perm), StepsCancelled);
  // The whole sort, each strategy: no phase runs to its end.
  const Algorithm* radix = find_algorithm("radix");
  ASSERT_NE(radix, nullptr);
  for (const RecordSortOptions o : {RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather},
                                    RecordSortOptions{RecordStrategy::Indirect, Rearrange::Gather},
                                    RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles}}) {
    HostRecords r = records;
    EXPECT_THROW(sort_records_model(*radix, records_default_params(*radix), o, r), StepsCancelled);
    EXPECT_EQ(r.bytes, records.bytes) << "a cancelled sort moved records";
  }
  cancel = false;
  EXPECT_NO_THROW((void)verify_records(records, records, true));
}

// The app's case: a records run under way is cancelled from another thread (the session's
// newer scenario or quit). Each sort records can use, 2^20 records of 32 fields (a full run takes
// seconds; the flag is raised 150 ms in): it ends with StepsCancelled and returns no result. The
// wait is bounded only so that a regression fails instead of hanging the suite.
TEST(RunCancel, RecordsRunUnderWayEndsWithCancellation) {
  for (const RecordSortAlgorithm& info : record_sort_algorithms()) {
    Scenario s;
    s.algorithm = std::string(info.id);
    s.input.n = uint64_t(1) << 20;
    s.records = ScenarioRecords{};
    s.records->fields = 32;
    std::atomic<bool> cancel{false};
    std::promise<void> started;
    auto run = std::async(std::launch::async, [&] {
      const RunCancelScope scope(&cancel);
      started.set_value();
      return explain_record_scenario(s, uint64_t(64) << 20);
    });
    started.get_future().wait();
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    cancel = true;
    ASSERT_EQ(run.wait_for(std::chrono::seconds(60)), std::future_status::ready) << info.id << " did not stop";
    EXPECT_THROW((void)run.get(), StepsCancelled) << info.id << " ran to its end although cancelled";
  }
}

}  // namespace
}  // namespace sortscope::test
