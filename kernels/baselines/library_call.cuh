#pragma once
// What every library baseline's .cu does around its library call: CUB's two-phase temporary-storage
// protocol (a size query with a null pointer, then the call), the storage carved with the run's
// other buffers from its scratch (scratch_layout.h) so that measured repetitions never allocate and
// the memory check knows the size beforehand. CUDA only.
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/ordered_word.h"

namespace sortscope {

// The library's temporary storage as one more buffer of a run's layout, sized by the library's own
// query (call(nullptr, bytes): no pointer is touched while temp is null). At least one byte, so the
// buffer has an address even where the library needs none.
template <class Call>
ScratchBuffer<unsigned char> add_temp_storage(ScratchLayout& layout, Call&& call) {
  size_t temp_bytes = 0;
  CUDA_CHECK(call(nullptr, temp_bytes));
  return layout.add<unsigned char>("library_temp_storage", temp_bytes ? temp_bytes : 1);
}

}  // namespace sortscope
