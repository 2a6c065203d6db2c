#pragma once
// The few CUDA driver API calls the lab needs (loading a student's module and launching it),
// looked up in the driver's libcuda.so.1 at run time instead of linked: a CUDA build then starts,
// and runs everything but a lab run, on a machine with the toolkit and no NVIDIA driver (CI, a
// laptop), where libcuda.so.1 does not exist. Types come from <cuda.h>, which needs no library.
#include <string>

#include <cuda.h>

namespace sortscope {

struct DriverApi {
  CUresult (*get_error_string)(CUresult, const char**) = nullptr;
  CUresult (*func_set_attribute)(CUfunction, CUfunction_attribute, int) = nullptr;
  CUresult (*launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                            CUstream, void**, void**) = nullptr;
  CUresult (*module_load_data_ex)(CUmodule*, const void*, unsigned, CUjit_option*, void**) = nullptr;
  CUresult (*module_get_function)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*module_unload)(CUmodule) = nullptr;
  CUresult (*module_get_global)(CUdeviceptr*, size_t*, CUmodule, const char*) = nullptr;
};

// The driver's entry points, loaded once; throws one line ("the CUDA driver (libcuda.so.1) is not
// installed: ...") where there is none.
const DriverApi& driver_api();

}  // namespace sortscope
