// Sample sort's snapshot types (kernels/sample/sample_aux.h) in the view registry: each is a panel
// view of a plain width.
#include "views/sample/sample_views.h"
#include "views/view_registry.h"

namespace sortscope {

void register_sample_key_classes(ViewRegistry& registry);  // sample_key_classes.cpp

void register_sample_views(ViewRegistry& registry) {
  registry.add_panel<SampleSplitters>(draw_aux_view);
  registry.add_panel<SampleSearchTree>(draw_aux_view);
  registry.add_panel<SampleBucketSizes>(draw_aux_view);
  registry.add_panel<SampleRecursionTree>(draw_aux_view);
  registry.add_panel<SampleLevel2Stack>(draw_aux_view);
  register_sample_key_classes(registry);
}

}  // namespace sortscope
