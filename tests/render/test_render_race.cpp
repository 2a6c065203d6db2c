// Race frames (visual/race_frame_renderer.h, race_layout.h): lanes stacked in the view, each with
// its label band and its own array view at its own step, the finished marker only on finished lanes,
// the lanes' pixels their own timelines' (a lane's view equals the same lane drawn alone at that step).
#include <algorithm>

#include <gtest/gtest.h>

#include "colormap.h"
#include "race_frame_renderer.h"
#include "race_layout.h"
#include "render_test_util.h"

namespace sortscope::test {
namespace {

TEST(RaceLayout, LanesSplitTheAreaTopToBottomWithoutOverlap) {
  const Rect area{10, 20, 600, 400};
  for (int lanes = 1; lanes <= 4; ++lanes) {
    const auto r = race_lane_rects(area, lanes, 30, 8);
    ASSERT_EQ(int(r.size()), lanes);
    for (int i = 0; i < lanes; ++i) {
      const RaceLaneRects& l = r[size_t(i)];
      EXPECT_EQ(l.lane.x, area.x);
      EXPECT_EQ(l.lane.w, area.w);
      EXPECT_GE(l.lane.y, area.y);
      EXPECT_LE(l.lane.bottom(), area.bottom());
      EXPECT_EQ(l.label.y, l.lane.y);
      if (l.side) {
        // Short lanes (four in 400 px): the label a column at the left, the view the lane's height.
        EXPECT_EQ(lanes, 4);
        EXPECT_EQ(l.label.x, l.lane.x);
        EXPECT_EQ(l.view.y, l.lane.y);
        EXPECT_EQ(l.view.h, l.lane.h);
        EXPECT_GT(l.view.x, l.label.right());
        EXPECT_EQ(l.view.right(), l.lane.right());
      } else {
        EXPECT_EQ(l.view.y, l.label.bottom());
      }
      EXPECT_EQ(l.view.bottom(), l.lane.bottom());
      EXPECT_FALSE(l.view.empty());
      if (i) EXPECT_GE(l.lane.y, r[size_t(i - 1)].lane.bottom() + 8);
    }
  }
  // A lane too short for its band, in an area too narrow for a label column, keeps half of its
  // height for the view.
  const auto tight = race_lane_rects({0, 0, 100, 40}, 2, 30, 0);
  EXPECT_FALSE(tight[0].side);
  EXPECT_EQ(tight[0].label.h, 10);
  EXPECT_EQ(tight[0].view.h, 10);
  EXPECT_TRUE(race_lane_rects(area, 0, 30, 8).empty());
}

TEST(RaceLayout, Ordinals) {
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(2), "2nd");
  EXPECT_EQ(ordinal(3), "3rd");
  EXPECT_EQ(ordinal(4), "4th");
  EXPECT_EQ(ordinal(11), "11th");
  EXPECT_EQ(ordinal(22), "22nd");
}

struct RaceFrames : ::testing::Test {
  void SetUp() override { headless_or_skip(); }
  FakeAlgorithm algo;
};

TEST_F(RaceFrames, EachLaneShowsItsOwnStepAndOnlyFinishedLanesAreMarked) {
  const int n = 64;
  // Lane 0: input, shuffled again, sorted (3 steps); lane 1: input, sorted (2 steps).
  Timeline a = host_timeline(n, n, {keys_of(n, false), keys_of(n, false), keys_of(n, true)}, {1, 631});
  Timeline b = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 631});
  RaceFrameRenderer race({{&a, &algo}, {&b, &algo}});
  ASSERT_EQ(race.lanes(), 2);
  const int W = 960, H = 540;
  RaceFrame f;
  f.title = "Race by step";
  f.clock = "step 1 / 2";
  f.info = "64 keys";
  f.progress = 0.5f;
  f.finishes = {1.0f, 0.5f};
  f.lanes = {{1, "1.000 ms", false, 0, ""}, {1, "0.500 ms", true, 1, "128 K keys/s"}};
  Image img{W, H, race.render_rgba(f, W, H)};
  ASSERT_EQ(img.rgba.size(), size_t(W) * H * 4);
  const RaceFrameLayout L = race.layout();
  ASSERT_EQ(L.lanes.size(), 2u);
  ASSERT_EQ(L.badges.size(), 2u);
  EXPECT_GT(L.lanes[0].view.y, L.header.bottom());
  EXPECT_LT(L.lanes[1].lane.bottom(), L.progress.y);
  // The finished lane carries the gold marker; the running one none.
  EXPECT_TRUE(L.badges[0].empty());
  ASSERT_FALSE(L.badges[1].empty());
  EXPECT_GT(pixels_near(img, L.badges[1], rgb_of(palette::kHighlight), 8), int(L.badges[1].w * L.badges[1].h) / 3);
  EXPECT_EQ(pixels_near(img, L.lanes[0].label, rgb_of(palette::kHighlight), 8), 0);
  // Both lanes draw their keys: the views are far from empty background.
  for (const auto& lane : L.lanes)
    EXPECT_LT(pixels_near(img, lane.view, rgb_of(palette::kBackground), 2), int(lane.view.w * lane.view.h) * 3 / 4);
  EXPECT_EQ(race.lane_info(0).n, uint64_t(n));

  // Lane 1 at its sorted step looks the same whichever step lane 0 shows; lane 0's view changes
  // when only its step changes.
  RaceFrame g = f;
  g.lanes[0].step = 2;
  Image img2{W, H, race.render_rgba(g, W, H)};
  EXPECT_GT(differing_pixels(img, img2, L.lanes[0].view), 100);
  EXPECT_EQ(differing_pixels(img, img2, L.lanes[1].view), 0);
  // Lane 0 sorted and lane 1 sorted draw the same picture of the same keys.
  const Rect v0 = L.lanes[0].view, v1 = L.lanes[1].view;
  int same = 0, total = 0;
  for (int y = 0; y < int(std::min(v0.h, v1.h)); ++y)
    for (int x = 0; x < int(v0.w); ++x, ++total)
      same += near(img2.at(int(v0.x) + x, int(v0.y) + y), img2.at(int(v1.x) + x, int(v1.y) + y), 0);
  EXPECT_GT(same, total * 98 / 100);
}

TEST_F(RaceFrames, RefusesPositionsOutsideTheLanes) {
  const int n = 16;
  Timeline a = host_timeline(n, n, {keys_of(n, false), keys_of(n, true)}, {1, 160});
  RaceFrameRenderer race({{&a, &algo}, {&a, &algo}});
  RaceFrame f;
  f.lanes = {{0, "", false, 0, ""}};
  EXPECT_THROW(race.render_rgba(f, 320, 180), std::out_of_range);  // one position for two lanes
  f.lanes = {{0, "", false, 0, ""}, {2, "", false, 0, ""}};
  EXPECT_THROW(race.render_rgba(f, 320, 180), std::out_of_range);  // step 2 of 2 steps
  f.lanes[1].step = 1;
  EXPECT_THROW(race.render_rgba(f, 32, 32), std::runtime_error);
  EXPECT_NO_THROW(race.render_rgba(f, 320, 180));
  EXPECT_THROW(RaceFrameRenderer({{nullptr, &algo}}), std::invalid_argument);
}

}  // namespace
}  // namespace sortscope::test
