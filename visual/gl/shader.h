#pragma once
// A linked GL program from GLSL 3.30 core sources. Compile and link failures throw with the
// program's name and the driver's log folded into one line.
#include <string>

#include <glad/gl.h>

namespace sortscope::gl {

class Program {
 public:
  Program() = default;
  // Needs a current GL 3.3+ context. `name` appears in error messages ("array bars").
  Program(std::string name, const char* vertex_source, const char* fragment_source);
  ~Program();
  Program(Program&& o) noexcept;
  Program& operator=(Program&& o) noexcept;
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  GLuint id() const { return id_; }
  void use() const { glUseProgram(id_); }
  // Location of a uniform; -1 when the driver optimised it away (setting it is then a no-op).
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  std::string name_;
  GLuint id_ = 0;
};

}  // namespace sortscope::gl
