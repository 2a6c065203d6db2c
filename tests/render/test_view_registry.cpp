// The view registry (visual/views/view_registry.h): every snapshot type an algorithm records has a
// view, a family's types are panels and the shared ones overlays of the array view, a type
// registered twice is refused, and a type nobody registered is not drawn.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "common/generators.h"
#include "common/recorder.h"
#include "radix/radix_aux.h"
#include "registry.h"
#include "views/aux_panel.h"
#include "views/view_registry.h"

namespace sortscope::test {
namespace {

// What a family forgets to register: recorded, drawn by nobody.
struct UnregisteredSnapshot {
  int value = 0;
};

void draw_nothing(const AuxDrawContext&, const Rect&, const UnregisteredSnapshot&) {}

TEST(ViewRegistry, EverySnapshotTypeAnAlgorithmRecordsHasAView) {
  for (const Algorithm* a : all_algorithms())
    for (uint64_t n : {300u, 5000u})
      for (bool values : {false, true}) {
        if (!a->check_input(KeyType::U32, values).empty()) continue;
        SCOPED_TRACE(a->id() + " n=" + std::to_string(n) + (values ? " +values" : ""));
        InputSpec spec;
        spec.n = n;
        spec.with_values = values;
        HostKeys keys = generate_host(spec);
        ParamValues params;
        ASSERT_EQ(resolve_params(a->params(), params, a->id()), "");
        Timeline t = make_timeline(a->id(), KeyType::U32, n, n, values, false, DisplayRange{0, 1}, uint64_t(1) << 30);
        Recorder rec(t);
        a->run_model(params, keys, &rec);
        ASSERT_FALSE(t.steps.empty());
        for (const Step& s : t.steps)
          for (const AuxData& aux : s.aux)
            EXPECT_NE(view_registry().find(aux), nullptr) << "no view registered for " << aux.type().name()
                                                         << " (step: " << s.caption << ")";
      }
}

TEST(ViewRegistry, SharedTypesAreArrayOverlaysFamilyTypesArePanels) {
  EXPECT_FALSE(view_registry().is_panel(ComparatorStage{4, 2, false}));
  EXPECT_FALSE(view_registry().is_panel(BlockOwnership{16}));
  ASSERT_NE(view_registry().find(BlockOwnership{16}), nullptr);
  EXPECT_EQ(view_registry().find(BlockOwnership{16})->place, ViewPlace::ArrayOverlay);
  DigitHistogram h;
  EXPECT_TRUE(view_registry().is_panel(h));
  EXPECT_FLOAT_EQ(view_registry().find(h)->weight(h), 1.3f);  // counts only
  h.scanned = {0};
  EXPECT_FLOAT_EQ(view_registry().find(h)->weight(h), 2.0f);  // counts and offsets side by side
}

TEST(ViewRegistry, RefusesATypeRegisteredTwice) {
  ViewRegistry r;
  r.add_panel<UnregisteredSnapshot>(draw_nothing);
  EXPECT_TRUE(r.is_panel(UnregisteredSnapshot{}));
  EXPECT_FLOAT_EQ(r.find(UnregisteredSnapshot{})->weight(UnregisteredSnapshot{}), 1.0f);
  EXPECT_THROW(r.add_panel<UnregisteredSnapshot>(draw_nothing), std::logic_error);
  EXPECT_THROW(r.add_array_overlay<UnregisteredSnapshot>(), std::logic_error);
}

TEST(ViewRegistry, UnregisteredTypeIsNotDrawn) {
  Step s;
  s.aux = {UnregisteredSnapshot{7}, BlockOwnership{4}};
  EXPECT_EQ(view_registry().find(s.aux[0]), nullptr);
  EXPECT_FALSE(has_aux_panel(s));
  // Snapshots are found by type and shared, not copied, between copies of a step.
  const Step copy = s;
  ASSERT_NE(find_aux<UnregisteredSnapshot>(copy.aux), nullptr);
  EXPECT_EQ(find_aux<UnregisteredSnapshot>(copy.aux), find_aux<UnregisteredSnapshot>(s.aux));
  EXPECT_EQ(find_aux<UnregisteredSnapshot>(copy.aux)->value, 7);
  EXPECT_EQ(find_aux<ComparatorStage>(copy.aux), nullptr);
}

}  // namespace
}  // namespace sortscope::test
