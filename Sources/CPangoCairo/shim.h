#include <pango/pangocairo.h>
// The renderer's own fontconfig configuration (PinnedFonts): only the font files it names.
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
