#include "gl/gl_check.h"

#include <stdexcept>
#include <string>

namespace sortscope::gl {

const char* gl_error_name(GLenum error) {
  switch (error) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    default: return "unknown GL error";
  }
}

void check_gl(const char* what, const char* file, int line) {
  GLenum first = glGetError();
  if (first == GL_NO_ERROR) return;
  // Drain the queue so that one failure is reported once, not again at the next check.
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
  throw std::runtime_error(std::string("OpenGL error ") + gl_error_name(first) + " after " + what +
                           " (" + file + ":" + std::to_string(line) + ")");
}

}  // namespace sortscope::gl
