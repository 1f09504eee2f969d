// libFuzzer's driver, called from a Swift main (SwiftPM names an executable's entry point
// itself, so libFuzzer's own main cannot be used). Defined by the fuzzer runtime that
// -sanitize=fuzzer links in.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
