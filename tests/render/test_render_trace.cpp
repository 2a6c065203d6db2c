// Traces replay exactly (app/trace/trace_file.h): frames of a timeline read back from a trace file
// equal, pixel for pixel, the frames of the live run it recorded (CPU models: bitonic with its
// comparator overlays, one-sweep radix with its panel views, multiway merge with its selections),
// and the recording's label reaches the frame's info line. A record sort's trace draws with the
// catalog the reader rebuilds from its scenario, pixel for pixel as the live run.
#include <gtest/gtest.h>

#include "core/record_scenario.h"
#include "core/runner.h"
#include "frame_renderer.h"
#include "registry.h"
#include "render_test_util.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {

ExplainResult record(const std::string& algo, uint64_t n) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  Scenario s;
  s.algorithm = algo;
  s.input.n = n;
  s = runner.prepare(s, std::nullopt, true);
  return runner.explain(s);
}

TEST(RenderTrace, TraceFramesEqualTheLiveFrames) {
  test::headless_or_skip();
  for (const char* id : {"bitonic", "radix-onesweep", "multiway-merge"}) {
    SCOPED_TRACE(id);
    const ExplainResult live = record(id, 512);
    const std::vector<uint8_t> bytes =
        encode_trace(make_trace_info(live, query_device(), "generated on the CPU", nullptr), live.timeline);
    const Trace trace = decode_trace(bytes.data(), bytes.size());
    const Algorithm& algo = *find_algorithm(id);
    FrameRenderer a(live.timeline, algo), b(trace.explain->timeline, algo);
    const int steps = a.step_count();
    ASSERT_EQ(steps, b.step_count());
    for (int s : {0, steps / 3, steps / 2, steps - 1}) {
      const std::vector<uint8_t> fa = a.render_rgba(s, 960, 540), fb = b.render_rgba(s, 960, 540);
      EXPECT_TRUE(fa == fb) << "step " << s << " differs";
    }
  }
}

TEST(RenderTrace, RecordTraceFramesEqualTheLiveFrames) {
  test::headless_or_skip();
  for (const ScenarioRecords rs : {ScenarioRecords{3, RecordLayout::ByField, RecordStrategy::Indirect, Rearrange::Cycles},
                                   ScenarioRecords{8, RecordLayout::Hybrid, RecordStrategy::Direct, Rearrange::Gather}}) {
    Scenario s;
    s.algorithm = "radix";
    ASSERT_EQ(resolve_params(find_algorithm("radix")->params(), s.params, "radix"), "");
    s.input.n = 512;
    s.records = rs;
    const ExplainResult live = explain_record_scenario(s, 64ull << 20);
    const std::vector<uint8_t> bytes =
        encode_trace(make_trace_info(live, query_device(), "generated on the CPU", nullptr), live.timeline);
    const Trace trace = decode_trace(bytes.data(), bytes.size());
    ASSERT_NE(trace.explain->catalog, nullptr);
    SCOPED_TRACE(live.catalog->title());
    FrameRenderer a(live.timeline, *live.catalog), b(trace.explain->timeline, *trace.explain->catalog);
    const int steps = a.step_count();
    ASSERT_EQ(steps, b.step_count());
    for (int k : {0, steps / 2, steps - 1}) {
      const std::vector<uint8_t> fa = a.render_rgba(k, 960, 540), fb = b.render_rgba(k, 960, 540);
      EXPECT_TRUE(fa == fb) << "step " << k << " differs";
    }
  }
}

TEST(RenderTrace, TheRecordingLabelIsDrawn) {
  test::headless_or_skip();
  const ExplainResult live = record("bitonic", 256);
  const TraceInfo info = make_trace_info(live, query_device(), "generated on the CPU", nullptr);
  const Algorithm& algo = *find_algorithm("bitonic");
  FrameRenderer plain(live.timeline, algo);
  FrameStyle style;
  style.source = info.label();
  FrameRenderer labelled(live.timeline, algo, style);
  const auto fa = plain.render_rgba(3, 960, 540), fb = labelled.render_rgba(3, 960, 540);
  // Only the header's info line differs.
  const Rect h = labelled.layout().header;
  size_t differ = 0, outside = 0;
  for (int y = 0; y < 540; ++y)
    for (int x = 0; x < 960; ++x) {
      const size_t i = (size_t(y) * 960 + size_t(x)) * 4;
      if (std::memcmp(&fa[i], &fb[i], 4) == 0) continue;
      ++differ;
      if (float(x) < h.x || float(x) >= h.right() || float(y) < h.y || float(y) >= h.bottom()) ++outside;
    }
  EXPECT_GT(differ, 0u);
  EXPECT_EQ(outside, 0u);
}

}  // namespace
}  // namespace sortscope
