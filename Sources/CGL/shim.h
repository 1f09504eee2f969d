// OpenGL 3.3 core (and GLES 3.0, whose entry points are a subset) for the GL presenter: types,
// constants and function-pointer typedefs only. The functions are loaded at run time through
// SDL_GL_GetProcAddress, so nothing links against libGL here (SDL loads it when a context is made).
#include <GL/glcorearb.h>
