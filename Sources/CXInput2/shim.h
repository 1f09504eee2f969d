// Xlib and the XInput 2 extension: tablet pressure and tilt beside SDL (SPEC 7).
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
