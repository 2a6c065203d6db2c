#pragma once
// Panel views of the records' snapshots (kernels/records/record_aux.h; Bandyopadhyay & Sahni
// §III-§IV, the extract's B.2 items 1-2), drawn with ImGui's draw list into a rectangle of the aux
// panel (aux_panel.h). records_views.cpp registers them (view_registry.h).
#include <array>
#include <string>

#include "records/record_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// Bytes moved: the chosen sort's share, the phase's own reads and writes, and what whole sectors
// add to its random reads (Okabe & Ito's blue, bluish green and vermillion); B.3's model outlined.
inline constexpr std::array<float, 4> kRecordSortBytes{0.34f, 0.71f, 0.91f, 1.0f};
inline constexpr std::array<float, 4> kRecordMoveBytes{0.00f, 0.62f, 0.45f, 1.0f};
inline constexpr std::array<float, 4> kRecordSectorBytes{0.84f, 0.37f, 0.00f, 1.0f};

// "ByField", "ByRecord, 1 thread/record", "Hybrid, Fig. 6 groups of 2", "Hybrid, key array alone"
// (no fields): a scheme's name.
std::string memory_scheme_name(const RecordMemoryMap::Scheme& s);
// The scheme the run moves its records with: its layout, rows by Fig. 6 groups (as the GPU does).
size_t featured_memory_scheme(const RecordMemoryMap& m);

// One warp's reads: a row per thread across the 128-byte lines they touch (each access a mark at
// its bytes, coloured by the memory instruction), for the run's layout; beside it every scheme's
// 128-byte transactions and 32-byte sectors for the same 32 records.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordMemoryMap& m);
// The permutation's cycles: the length histogram (count per power-of-two bucket), and the
// highlighted cycle as places on a ring with an arc per move, the moves done bright.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordPermutationCycles& p);
// A bar per phase: the sort's model bytes, the phase's reads and writes, and the extra that whole
// sectors cost its random reads, beside B.3's figure (outlined); phases still to come faded.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordBytesMoved& b);

}  // namespace sortscope
