// Xlib and the XInput 2 extension: tablet pressure and tilt beside SDL (SPEC 7); Xutil for the
// window's WM_CLASS.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>
// XKB: what the keyboard layout puts on a key (SDL names the number row by its digits).
#include <X11/XKBlib.h>
