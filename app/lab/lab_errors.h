#pragma once
// What ends a lab run early, by whose doing: the student's source did not compile, or the student's
// kernel failed (a CUDA error, a launch refused, a missing done flag). Both are told in one line.
#include <stdexcept>

namespace sortscope {

struct LabCompileFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct LabKernelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace sortscope
