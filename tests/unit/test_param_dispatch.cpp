// param_dispatch.h: a value of a compiled-choice table reaches exactly its instantiation, anything
// else throws one line naming what was asked and the compiled values; the kernels' tables are the
// ones the dispatch sees.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "common/param_dispatch.h"
#include "merge/multiway_plan.h"
#include "merge/two_way_plan.h"
#include "radix/radix_plan.h"

using namespace sortscope;

namespace {

inline constexpr int kTable[] = {7, 11, 32};

// Which instantiation ran: its template argument, seen through a per-instantiation function.
template <int V>
int instantiation_id() {
  return V * 10 + 1;
}

}  // namespace

TEST(ParamDispatch, EveryTableValueReachesItsOwnInstantiation) {
  for (int v : kTable) {
    int got = 0;
    dispatch_value<kTable>(v, "test", [&](auto c) { got = instantiation_id<decltype(c)::value>(); });
    EXPECT_EQ(got, v * 10 + 1) << v;
  }
}

TEST(ParamDispatch, OtherValuesThrowNamingTheCompiledOnes) {
  for (int v : {0, 8, -7, 33, 1 << 30}) {
    bool called = false;
    try {
      dispatch_value<kTable>(v, "widget size", [&](auto) { called = true; });
      ADD_FAILURE() << "no throw for " << v;
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("widget size"), std::string::npos) << msg;
      EXPECT_NE(msg.find(std::to_string(v)), std::string::npos) << msg;
      EXPECT_NE(msg.find("7, 11, 32"), std::string::npos) << msg;
    }
    EXPECT_FALSE(called);
  }
}

TEST(ParamDispatch, ValueListMirrorsTheTable) {
  using L = ValueListOf<kTable>;
  static_assert(L::size == 3);
  static_assert(L::contains(11) && !L::contains(12));
  static_assert(std::is_same_v<L, ValueList<7, 11, 32>>);
  int calls = 0;
  dispatch_value<ValueList<5>>(5, "one", [&](auto c) { calls += decltype(c)::value; });
  EXPECT_EQ(calls, 5);
}

// The kernels dispatch on these tables (radix_sort_impl.cuh, two_way_sort_impl.cuh,
// multiway_kernels.cuh): every value the tables hold is dispatchable, and nothing else.
template <const auto& Table>
std::vector<int> dispatched_values() {
  std::vector<int> hit;
  for (int v = -1; v <= 1100; ++v) {
    try {
      dispatch_value<Table>(v, "t", [&](auto c) { hit.push_back(decltype(c)::value); });
    } catch (const std::invalid_argument&) {
    }
  }
  return hit;
}

TEST(ParamDispatch, KernelTablesDispatchExactlyTheirValues) {
  EXPECT_EQ(dispatched_values<kRadixKeysPerThread>(),
            std::vector<int>(std::begin(kRadixKeysPerThread), std::end(kRadixKeysPerThread)));
  EXPECT_EQ(dispatched_values<kTwoWayKeysChoices>(),
            std::vector<int>(std::begin(kTwoWayKeysChoices), std::end(kTwoWayKeysChoices)));
  EXPECT_EQ(dispatched_values<kTwoWayThreadChoices>(),
            std::vector<int>(std::begin(kTwoWayThreadChoices), std::end(kTwoWayThreadChoices)));
  EXPECT_EQ(dispatched_values<kTwoWayBlockSortThreadChoices>(), (std::vector<int>{64, 128, 256, 512, 1024}));
  EXPECT_EQ(dispatched_values<kMultiwayMergeThreadChoices>(), (std::vector<int>{64, 128, 256}));
}
