#pragma once
// Bitonic sort with its compare-exchange layer taken from a slot (common/piece_slots.h): every
// layer of the plan, the tile sort's too, runs as one launch of the slot's piece, so a piece is
// exercised at every size. CUDA builds only (plain C++ header).
#include <cstdint>

#include "bitonic_plan.h"
#include "common/piece_slots.h"
#include "common/recorder.h"

namespace sortscope {

// Sorts plan.padded_n ordered-bits words at `words` (keys only) on `stream`; with `recorder` set,
// records the input and one step per layer, as the built-in kernels' explain mode does.
void bitonic_sort_through_slot(const BitonicPlan& plan, const PieceSlot<CompareExchangeLayerArgs>& slot,
                               int word_bytes, void* words, GpuStream stream, Recorder* recorder);

// The built-in one-layer piece (bitonic_layer_piece.cu): one launch per layer, one thread per
// pair. The pipeline itself fuses layers (bitonic_gpu.cu), which no one-layer piece can; a piece in
// the slot is timed against this one through the same path.
PieceSlot<CompareExchangeLayerArgs> bitonic_builtin_layer_piece();

}  // namespace sortscope
