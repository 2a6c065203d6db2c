// The distributed sorts' phase panel (visual/views/distributed) with a host-to-host GPU run's
// phases: the copy in and the copy out are drawn as phases of their own, in their greys, before and
// after the others, and without --host-io there is no grey. The frame is written where
// SORTSCOPE_RENDER_OUT names a folder, to look at.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/runner.h"
#include "distributed/distributed_aux.h"
#include "frame_renderer.h"
#include "registry.h"
#include "render_test_util.h"

namespace sortscope::test {
namespace {

// Pixels of the whole frame within 1 of `want`.
int count_colour(const Image& img, Rgb want) {
  return pixels_near(img, Rect{0, 0, float(img.width), float(img.height)}, want, 1);
}

Image render_last_step(const std::string& algorithm, bool host_io) {
  Scenario given;
  given.algorithm = algorithm;
  given.input.n = 4096;
  given.params["ranks"] = 4;
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  ExplainResult r = runner.explain(runner.prepare(given, std::nullopt, /*for_explain=*/true));
  EXPECT_TRUE(r.verdict.ok());
  // The last step (the finish) as a GPU run would leave it: every phase measured, the copies too.
  Step& last = r.timeline.steps.back();
  for (AuxData& aux : last.aux)
    if (const DistributedSnapshot* s = aux.get<DistributedSnapshot>()) {
      DistributedSnapshot g = *s;
      g.info.simulated = false;
      g.info.host_io = host_io;
      for (uint32_t k = 0; k < g.info.ranks; ++k)
        for (int ph = 0; ph < kDistributedPhases; ++ph) {
          const DistributedPhase p = DistributedPhase(ph);
          const bool copy = p == DistributedPhase::CopyIn || p == DistributedPhase::CopyOut;
          g.info.ms(k, p) = copy ? (host_io ? 20.0 : 0.0) : (g.info.ms(k, p) > 0 ? 5.0 : 0.0);
        }
      aux = AuxData(std::move(g));
    }
  FrameStyle style;
  style.samples = 1;
  FrameRenderer frames(r.timeline, *find_algorithm(algorithm), style);
  const int step = int(r.timeline.steps.size()) - 1, W = 1600, H = 900;
  Image img{W, H, frames.render_rgba(step, W, H)};
  if (const char* dir = std::getenv("SORTSCOPE_RENDER_OUT"))
    write_png((std::filesystem::path(dir) / (algorithm + (host_io ? "-host-io.png" : ".png"))).string(), W, H, img.rgba);
  return img;
}

TEST(DistributedPhasesPanel, CopiesAreDrawnOnlyForAHostToHostRun) {
  headless_or_skip();
  // The legend's swatches carry the phases' own colours (distributed_views.cpp: copy in 0.62 grey,
  // copy out 0.78 grey); their bars are dimmed unless current.
  const Rgb copy_in = rgb_of(std::array<float, 3>{0.62f, 0.62f, 0.62f});
  const Rgb copy_out = rgb_of(std::array<float, 3>{0.78f, 0.78f, 0.78f});
  for (const char* algorithm : {"distributed-radix-onesweep", "distributed-merge"}) {
    const Image with = render_last_step(algorithm, true);
    const Image without = render_last_step(algorithm, false);
    for (const Rgb c : {copy_in, copy_out})
      EXPECT_GT(count_colour(with, c), count_colour(without, c) + 40)
          << algorithm << ": no swatch or bar of " << str(c) << " for a copy phase";
  }
}

}  // namespace
}  // namespace sortscope::test
