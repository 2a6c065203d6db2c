// Render tests of records in explain mode (kernels/records/record_explain.h, visual/views/records/):
// every step of every strategy's timeline drawn headless by FrameRenderer with the records'
// catalog, each step's panel snapshots (memory map, cycles, bytes moved) drawn into views of their
// own, and the highlighted colours where they belong: the run's scheme in the memory map, the
// rotated moves of the cycle, the current phase of the bytes. With SORTSCOPE_TEST_PNG_DIR set,
// frames are also written there as PNGs for looking at.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "colormap.h"
#include "common/generators.h"
#include "frame_renderer.h"
#include "records/record_aux.h"
#include "records/record_explain.h"
#include "records/record_memory_map.h"
#include "records/record_steps.h"
#include "registry.h"
#include "render_test_util.h"
#include "views/records/records_views.h"
#include "views/view_registry.h"

namespace sortscope::test {
namespace {

RecordExplain explain(const char* algo, RecordSortOptions o, RecordLayout l, uint32_t m, uint64_t n) {
  InputSpec spec;
  spec.n = n;
  const HostRecords in = records_from_keys(generate_host(spec), m, l, 1);
  const Algorithm& a = *find_algorithm(algo);
  ParamValues p;
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return explain_records_model(a, p, o, in, 64ull << 20);
}

void maybe_write(const std::string& name, int w, int h, const std::vector<uint8_t>& rgba) {
  if (const char* dir = std::getenv("SORTSCOPE_TEST_PNG_DIR"))
    write_png((std::filesystem::path(dir) / (name + ".png")).string(), w, h, rgba);
}

size_t panel_views(const Step& s) {
  size_t k = 0;
  for (const AuxData& a : s.aux) k += view_registry().is_panel(a);
  return k;
}

TEST(RenderRecords, EveryStepOfEveryStrategyDrawsItsPanels) {
  headless_or_skip();
  struct Case {
    const char* name;
    RecordSortOptions options;
    RecordLayout layout;
  };
  const Case cases[] = {{"gather-byfield", {RecordStrategy::Indirect, Rearrange::Gather}, RecordLayout::ByField},
                        {"cycles-hybrid", {RecordStrategy::Indirect, Rearrange::Cycles}, RecordLayout::Hybrid},
                        {"direct-byrecord", {RecordStrategy::Direct, Rearrange::Gather}, RecordLayout::ByRecord}};
  const int W = 1280, H = 720;
  const Rgb hi = rgb_of(palette::kHighlight);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const RecordExplain r = explain("radix", c.options, c.layout, 7, 1024);
    ASSERT_TRUE(r.verdict.ok());
    const RecordStepsAlgorithm catalog(*find_algorithm("radix"), c.options, r.output.shape);
    FrameRenderer frames(r.timeline, catalog);
    for (int s = 0; s < frames.step_count(); ++s) {
      SCOPED_TRACE(s);
      Image img{W, H, frames.render_rgba(s, W, H)};
      maybe_write(std::string("records_") + c.name + "_" + std::to_string(s), W, H, img.rgba);
      const FrameLayout& L = frames.layout();
      const Step& st = r.timeline.steps[size_t(s)];
      ASSERT_TRUE(L.aux_drawn);
      ASSERT_EQ(L.aux_views.size(), panel_views(st));
      // Every view drew something in the highlight colour: the run's scheme, the cycle's moves or
      // its bucket, the current phase's outline (the input step's first phase is not yet done).
      for (size_t v = 0; v < L.aux_views.size(); ++v) {
        const bool bytes_at_input = st.aux[v].get<RecordBytesMoved>() && st.aux[v].get<RecordBytesMoved>()->done == 0;
        if (bytes_at_input) continue;
        EXPECT_GT(pixels_near(img, L.aux_views[v], hi, 12), 20) << "view " << v;
      }
    }
  }
}

// A run of one record (and of none): the views draw without indexing past what is there.
TEST(RenderRecords, TinyRunsDraw) {
  headless_or_skip();
  for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(2)})
    for (auto o : {RecordSortOptions{RecordStrategy::Indirect, Rearrange::Cycles},
                   RecordSortOptions{RecordStrategy::Direct, Rearrange::Gather}}) {
      const RecordExplain r = explain("merge", o, RecordLayout::ByField, 0, n);
      ASSERT_TRUE(r.verdict.ok());
      const RecordStepsAlgorithm catalog(*find_algorithm("merge"), o, r.output.shape);
      FrameRenderer frames(r.timeline, catalog);
      for (int s = 0; s < frames.step_count(); ++s) EXPECT_EQ(frames.render_rgba(s, 900, 500).size(), 900u * 500 * 4);
    }
}

// Records of no fields in Hybrid have no row: the memory map's Hybrid scheme is named for the key
// array it reads, is the run's own, and no scheme is a "group of 0" (`render --fields 0` once said
// "Hybrid, Fig. 6 groups of 0").
TEST(RenderRecords, NoFieldsHybridSchemeIsTheKeyArray) {
  std::vector<uint64_t> warp(32);
  for (uint64_t t = 0; t < 32; ++t) warp[t] = t;
  const RecordMemoryMap m = warp_memory_map({KeyType::U32, 0, RecordLayout::Hybrid}, 1024, warp, false);
  EXPECT_EQ(memory_scheme_name(m.schemes[featured_memory_scheme(m)]), "Hybrid, key array alone");
  for (const auto& s : m.schemes) EXPECT_EQ(memory_scheme_name(s).find("groups of 0"), std::string::npos);
  const RecordMemoryMap eight = warp_memory_map({KeyType::U32, 8, RecordLayout::Hybrid}, 1024, warp, false);
  EXPECT_EQ(memory_scheme_name(eight.schemes[featured_memory_scheme(eight)]), "Hybrid, Fig. 6 groups of 2");
}

}  // namespace
}  // namespace sortscope::test
