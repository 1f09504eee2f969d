// glibc's gettext (libintl is part of glibc: nothing to link) and the locale functions.
#include <libintl.h>
#include <locale.h>
