#include "odd_even_model.h"

#include <stdexcept>
#include <utility>

#include "common/ordered_model.h"

namespace sortscope {
namespace {

template <class Word>
void apply_layer(Word* keys, uint32_t* values, uint64_t n, uint64_t padded_n, const OddEvenLayer& layer) {
  const uint64_t candidates = odd_even_candidates(padded_n);
  for (uint64_t q = 0; q < candidates; ++q) {
    const uint64_t x = odd_even_lower(q, layer.p, layer.k, n);
    if (x == ~uint64_t(0)) continue;
    if (keys[x] > keys[x + layer.k]) {
      std::swap(keys[x], keys[x + layer.k]);
      if (values) std::swap(values[x], values[x + layer.k]);
    }
  }
}

template <class Word>
void sort_words(const OddEvenPlan& plan, Word* keys, uint32_t* values, Recorder* recorder) {
  const ArrayState array{keys, values, false, nullptr};
  if (recorder) {
    recorder->set_padded_n(plan.n);
    recorder->record(odd_even_input_step(plan), array);
  }
  for (size_t l = 0; l < plan.layers.size(); ++l) {
    apply_layer(keys, values, plan.n, plan.padded_n, plan.layers[l]);
    if (recorder) recorder->record(odd_even_layer_step(plan, int(l)), array);
  }
}

}  // namespace

void odd_even_model_sort(const OddEvenPlan& plan, HostKeys& keys, Recorder* recorder) {
  sort_as_ordered_bits("odd-even", plan.n, keys, [&](auto word, auto /*values*/) {
    sort_words(plan, keys.as<decltype(word)>(), keys.has_values() ? keys.values.data() : nullptr, recorder);
  });
}

}  // namespace sortscope
