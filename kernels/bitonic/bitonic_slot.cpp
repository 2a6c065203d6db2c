#include "bitonic_slot.h"

namespace sortscope {

void bitonic_sort_through_slot(const BitonicPlan& plan, const PieceSlot<CompareExchangeLayerArgs>& slot,
                               int word_bytes, void* words, GpuStream stream, Recorder* recorder) {
  if (recorder) {
    recorder->set_padded_n(plan.padded_n);
    recorder->record(bitonic_input_step(plan), ArrayState{words, nullptr, true, stream});
  }
  for (size_t li = 0; li < plan.launches.size(); ++li) {
    const BitonicLaunch& launch = plan.launches[li];
    for (int l = launch.first_layer; l < launch.first_layer + launch.layer_count; ++l) {
      const BitonicLayer& layer = plan.layers.at(size_t(l));
      slot(CompareExchangeLayerArgs{words, word_bytes, plan.padded_n, layer.merge_size(), layer.stride()}, stream);
      if (recorder) recorder->record(bitonic_layer_step(plan, int(li), l), ArrayState{words, nullptr, true, stream});
    }
  }
}

}  // namespace sortscope
