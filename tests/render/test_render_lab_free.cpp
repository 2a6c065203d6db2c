// A free lab run's trace (docs/lab.md, "Your own sort's steps"): the steps a student's whole sort
// recorded with ss_snapshot(...) replay and draw on any machine. A hand-made lab-free timeline (the
// input, one snapshot per bitonic merge stage, the sorted keys; what `--lab free:FILE` writes on a
// GPU) goes through the trace file and back: the reader takes the lab-free catalog, the frames equal
// the live timeline's pixel for pixel, the array is drawn (the input's frame differs from the
// sorted one), a step outside the catalog is refused in one line, and `sortscope render --trace`
// draws it, alone and racing another trace, through the real binary.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/device_info.h"
#include "frame_renderer.h"
#include "render_test_util.h"
#include "run_sortscope.h"
#include "trace/lab_free_catalog.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {

constexpr uint64_t kKeys = 256;

// Bitonic merge stages of k = 2, 4, ..., n on `keys`, each stage's result a snapshot labelled k:
// what the reference solution (tests/lab/reference/free.cu) records, computed on the host.
ExplainResult free_run_by_hand() {
  std::vector<uint32_t> keys = test::keys_of(int(kKeys), false);
  ExplainResult r;
  r.scenario.algorithm = kLabFreeAlgorithm;
  r.scenario.input.n = kKeys;
  r.backend = Backend::Gpu;
  r.catalog = lab_free_catalog(kLabFreeAlgorithm);
  r.timeline = make_timeline(kLabFreeAlgorithm, KeyType::U32, kKeys, kKeys, false, true,
                             display_range_host(keys.data(), kKeys, KeyType::U32), uint64_t(1) << 24);
  Recorder rec(r.timeline);
  rec.record(make_step(LabFreeStep::Input, "input"), ArrayState{keys.data(), nullptr, false, nullptr});
  uint32_t pass = 0;
  for (uint64_t k = 2; k <= kKeys; k *= 2) {
    for (uint64_t j = k / 2; j >= 1; j /= 2, ++pass)
      for (uint64_t i = 0; i < kKeys; ++i) {
        const uint64_t partner = j == k / 2 ? (i ^ (k - 1)) : (i ^ j);
        if (partner > i && keys[partner] < keys[i]) std::swap(keys[i], keys[partner]);
      }
    rec.record(make_step(LabFreeStep::Snapshot, lab_free_snapshot_caption(pass - 1, uint32_t(k)), -1,
                         "free, pass " + std::to_string(pass - 1)),
               ArrayState{keys.data(), nullptr, false, nullptr});
  }
  rec.record(make_step(LabFreeStep::Sorted, lab_free_sorted_caption(pass + 1, 0)),
             ArrayState{keys.data(), nullptr, false, nullptr});
  r.verdict.sorted = r.verdict.permutation = std::is_sorted(keys.begin(), keys.end());
  r.verdict.n = kKeys;
  return r;
}

TEST(RenderLabFree, AFreeRunsTraceReplaysWithItsCatalogAndDraws) {
  test::headless_or_skip();
  const ExplainResult live = free_run_by_hand();
  ASSERT_TRUE(live.verdict.ok());
  TraceInfo info = make_trace_info(live, query_device(), "generated on the host (the lab's first case)", nullptr);
  info.lab_piece = "your free piece (mine.cu)";
  const std::string path = (std::filesystem::path(::testing::TempDir()) / "lab-free.sstrace").string();
  write_trace(path, info, live.timeline);
  const Trace trace = read_trace(path);
  ASSERT_NE(trace.explain->catalog, nullptr);
  EXPECT_EQ(trace.explain->catalog->id(), kLabFreeAlgorithm);
  EXPECT_EQ(trace.info.lab_piece, "your free piece (mine.cu)");
  const Timeline& tl = trace.explain->timeline;
  ASSERT_EQ(tl.steps.size(), 1 + 8 + 1u);  // the input, log2(256) stages, the sorted keys
  EXPECT_EQ(tl.steps[1].caption, "pass 0: ss_snapshot(2)");
  EXPECT_EQ(tl.steps[8].caption, "pass 35: ss_snapshot(256)");
  EXPECT_EQ(tl.steps.back().caption, "sorted after 37 passes");

  FrameRenderer a(live.timeline, *live.catalog), b(tl, *trace.explain->catalog);
  ASSERT_EQ(a.step_count(), b.step_count());
  test::Image first{960, 540, {}}, last{960, 540, {}};
  for (int k = 0; k < a.step_count(); k += 3) {
    const std::vector<uint8_t> fa = a.render_rgba(k, 960, 540), fb = b.render_rgba(k, 960, 540);
    EXPECT_TRUE(fa == fb) << "step " << k << " differs";
  }
  first.rgba = b.render_rgba(0, 960, 540);
  last.rgba = b.render_rgba(b.step_count() - 1, 960, 540);
  // The bars of the scrambled input and of the sorted keys differ over much of the frame.
  EXPECT_GT(test::differing_pixels(first, last, Rect{0, 0, 960, 540}), 960 * 540 / 50);
}

TEST(RenderLabFree, TheCliRendersAFreeRunsTrace) {
  const char* bin = std::getenv("SORTSCOPE_BIN");
  ASSERT_NE(bin, nullptr) << "SORTSCOPE_BIN is not set (ctest sets it to the sortscope binary)";
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "lab-free-cli";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const ExplainResult live = free_run_by_hand();
  write_trace((dir / "free.sstrace").string(), make_trace_info(live, query_device(), "by hand", nullptr), live.timeline);
  const test::CommandResult r = test::run_sortscope(
      bin, {"render", "--trace", (dir / "free.sstrace").string(), "--steps", "last", "--out", (dir / "last.png").string()},
      dir);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Your whole sort (lab exercise free) (replaying a trace)"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "last.png"));
  // It races another trace by step, its lane drawn with the lab-free catalog.
  ASSERT_EQ(test::run_sortscope(bin, {"trace", "--algo", "bitonic", "--n", "256", "--out", (dir / "b.sstrace").string()},
                                dir).code, 0);
  const test::CommandResult race = test::run_sortscope(
      bin, {"render", "--race", "--trace", (dir / "free.sstrace").string() + "," + (dir / "b.sstrace").string(),
            "--steps", "last", "--out", (dir / "race.png").string()},
      dir);
  EXPECT_EQ(race.code, 0) << race.err;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "race.png"));
  std::filesystem::remove_all(dir);
}

TEST(RenderLabFree, AStepOutsideTheCatalogIsRefused) {
  ExplainResult live = free_run_by_hand();
  live.timeline.steps[2].kind = 3;  // the catalog has input, snapshot and sorted
  const std::vector<uint8_t> bytes =
      encode_trace(make_trace_info(live, query_device(), "by hand", nullptr), live.timeline);
  try {
    decode_trace(bytes.data(), bytes.size());
    FAIL() << "a step of kind 3 was accepted";
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("kind 3 is not in lab-free's catalog"), std::string::npos) << e.what();
  }
}

TEST(RenderLabFree, TheSortedCaptionSaysWhatWasDropped) {
  EXPECT_EQ(lab_free_sorted_caption(1, 0), "sorted after 1 pass");
  EXPECT_EQ(lab_free_sorted_caption(900, 40), "sorted after 900 passes, 40 more snapshots dropped (at most 256 are kept)");
  EXPECT_EQ(lab_free_snapshot_caption(7, kLabFreeNoLabel), "pass 7");
  EXPECT_EQ(lab_free_catalog("radix"), nullptr);
}

}  // namespace
}  // namespace sortscope
