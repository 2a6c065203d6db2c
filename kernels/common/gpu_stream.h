#pragma once
// The CUDA stream type without including CUDA headers, so plain C++ code can pass streams along.
struct CUstream_st;
namespace sortscope {
using GpuStream = CUstream_st*;  // same type as cudaStream_t; nullptr is the legacy default stream
}
