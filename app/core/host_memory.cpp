#include "core/host_memory.h"

#include <cstdlib>  // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace sortscope {

void keep_freed_host_memory() {
#if defined(__GLIBC__)
  // Fixing the thresholds also turns off glibc's own adjustment of them, which raises the mapping
  // threshold only after a block has been freed and still trims the heap's top.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace sortscope
