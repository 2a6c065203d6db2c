#pragma once
// Functions shared by host code and CUDA kernels (key transforms, generators, hashing).
#if defined(__CUDACC__)
#define SORTSCOPE_HD __host__ __device__ __forceinline__
#else
#define SORTSCOPE_HD inline
#endif
