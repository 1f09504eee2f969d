// The module is a declaration only; SwiftPM wants a source file in every C target.
#include "CLibFuzzer.h"
