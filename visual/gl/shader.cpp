#include "gl/shader.h"

#include <stdexcept>
#include <utility>
#include <vector>

#include "gl/gl_check.h"

namespace sortscope::gl {
namespace {

// Driver logs span several lines; an error message is one.
std::string one_line(std::string log) {
  for (char& c : log)
    if (c == '\n' || c == '\r') c = ' ';
  while (!log.empty() && (log.back() == ' ' || log.back() == '\0')) log.pop_back();
  return log;
}

GLuint compile(const std::string& name, GLenum stage, const char* source) {
  GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    GLint len = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &len);
    std::string log(size_t(len > 1 ? len : 1), '\0');
    glGetShaderInfoLog(shader, len, nullptr, log.data());
    glDeleteShader(shader);
    throw std::runtime_error("GLSL compile error in " + name +
                             (stage == GL_VERTEX_SHADER ? " (vertex): " : " (fragment): ") +
                             one_line(log));
  }
  return shader;
}

}  // namespace

Program::Program(std::string name, const char* vertex_source, const char* fragment_source)
    : name_(std::move(name)) {
  GLuint vs = compile(name_, GL_VERTEX_SHADER, vertex_source);
  GLuint fs = 0;
  try {
    fs = compile(name_, GL_FRAGMENT_SHADER, fragment_source);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint len = 0;
    glGetProgramiv(id_, GL_INFO_LOG_LENGTH, &len);
    std::string log(size_t(len > 1 ? len : 1), '\0');
    glGetProgramInfoLog(id_, len, nullptr, log.data());
    glDeleteProgram(id_);
    id_ = 0;
    throw std::runtime_error("GLSL link error in " + name_ + ": " + one_line(log));
  }
  GL_CHECK_AFTER(("creating GL program " + name_).c_str());
}

Program::~Program() {
  if (id_) glDeleteProgram(id_);
}

Program::Program(Program&& o) noexcept : name_(std::move(o.name_)), id_(std::exchange(o.id_, 0)) {}

Program& Program::operator=(Program&& o) noexcept {
  if (this != &o) {
    if (id_) glDeleteProgram(id_);
    name_ = std::move(o.name_);
    id_ = std::exchange(o.id_, 0);
  }
  return *this;
}

}  // namespace sortscope::gl
