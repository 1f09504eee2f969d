#include <SDL.h>
#include <SDL_syswm.h>
