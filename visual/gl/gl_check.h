#pragma once
// GL error checks: every GL call the renderer makes is followed by a check that turns glGetError's
// report into a std::runtime_error naming the call and the place, one line a person can act on.
#include <glad/gl.h>

namespace sortscope::gl {

const char* gl_error_name(GLenum error);
// Drains glGetError; throws when any error was pending.
void check_gl(const char* what, const char* file, int line);

}  // namespace sortscope::gl

#define GL_CHECK(call)                                        \
  do {                                                        \
    call;                                                     \
    ::sortscope::gl::check_gl(#call, __FILE__, __LINE__);     \
  } while (0)

// After a group of calls (a draw, a state block): names the group in the message.
#define GL_CHECK_AFTER(what) ::sortscope::gl::check_gl(what, __FILE__, __LINE__)
