# Every dependency is a Debian package (scripts/setup installs them). Nothing third-party is vendored.
find_package(PkgConfig REQUIRED)
find_package(fmt REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(GTest REQUIRED)
find_package(Threads REQUIRED)
find_package(glfw3 REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)   # libimgui-dev 1.86: static, glfw + opengl3 backends
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)       # libstb-dev: stb_image_write for PNG frames
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd) # libzstd-dev: trace files (.sstrace)

# The GL 4.5 core + EGL 1.5 loader is generated at build time by python3-glad, never committed.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(SORTSCOPE_GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
add_custom_command(
  OUTPUT ${SORTSCOPE_GLAD_DIR}/src/gl.c ${SORTSCOPE_GLAD_DIR}/src/egl.c
         ${SORTSCOPE_GLAD_DIR}/include/glad/gl.h ${SORTSCOPE_GLAD_DIR}/include/glad/egl.h
  COMMAND ${GLAD_EXECUTABLE} --api gl:core=4.5,egl=1.5 --reproducible --quiet
          --out-path ${SORTSCOPE_GLAD_DIR} c --loader
  COMMENT "Generating the GL 4.5 core + EGL 1.5 loader with glad"
  VERBATIM)
add_library(glad_loader STATIC ${SORTSCOPE_GLAD_DIR}/src/gl.c ${SORTSCOPE_GLAD_DIR}/src/egl.c)
target_include_directories(glad_loader SYSTEM PUBLIC ${SORTSCOPE_GLAD_DIR}/include)
target_link_libraries(glad_loader PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(glad_loader PROPERTIES POSITION_INDEPENDENT_CODE ON)
