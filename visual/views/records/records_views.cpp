// The records' snapshot types (kernels/records/record_aux.h) in the view registry: panel views,
// the memory map wider than the others (a row per thread needs room across).
#include "views/records/records_views.h"
#include "views/view_registry.h"

namespace sortscope {

namespace {
float memory_map_weight(const RecordMemoryMap&) { return 1.6f; }
}  // namespace

void register_records_views(ViewRegistry& registry) {
  registry.add_panel<RecordMemoryMap>(draw_aux_view, memory_map_weight);
  registry.add_panel<RecordPermutationCycles>(draw_aux_view);
  registry.add_panel<RecordBytesMoved>(draw_aux_view);
}

}  // namespace sortscope
