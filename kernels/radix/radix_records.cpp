// radix_records.h: which plans run the records' fused sort.
#include "radix_records.h"

namespace sortscope {

bool radix_fuses_records(const RadixPlan& plan) {
  return plan.variant == RadixVariant::Onesweep && !plan.single_block && plan.with_values;
}

}  // namespace sortscope
