#include "driver_api.h"

#include <dlfcn.h>

#include <mutex>
#include <stdexcept>

namespace sortscope {

namespace {

template <typename F>
void look_up(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  if (!f) throw std::runtime_error(std::string("the CUDA driver (libcuda.so.1) has no ") + name);
}

DriverApi load() {
  // Never closed: the driver stays loaded for the process's life, as a linked one would.
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    throw std::runtime_error(std::string("the CUDA driver (libcuda.so.1) is not installed: ") + (why ? why : "not found"));
  }
  DriverApi d;
  look_up(lib, "cuGetErrorString", d.get_error_string);
  look_up(lib, "cuFuncSetAttribute", d.func_set_attribute);
  look_up(lib, "cuLaunchKernel", d.launch_kernel);
  look_up(lib, "cuModuleLoadDataEx", d.module_load_data_ex);
  look_up(lib, "cuModuleGetFunction", d.module_get_function);
  look_up(lib, "cuModuleUnload", d.module_unload);
  look_up(lib, "cuModuleGetGlobal_v2", d.module_get_global);
  return d;
}

}  // namespace

const DriverApi& driver_api() {
  static std::once_flag once;
  static DriverApi api;
  static std::string error;
  std::call_once(once, [] {
    try {
      api = load();
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  if (!error.empty()) throw std::runtime_error(error);
  return api;
}

}  // namespace sortscope
