#ifndef ALLOCATION_COUNT_H
#define ALLOCATION_COUNT_H

#include <stddef.h>

/// Starts counting heap allocations (malloc, calloc, realloc, posix_memalign) from zero.
void allocation_count_start(void);
/// Stops counting; returns how many there were since the start.
unsigned long long allocation_count_stop(void);

/// Allocates `bytes` and frees them: glibc then keeps blocks up to that size on its heap, as in
/// a program that has freed a large block once (see `BenchCommand.settleAllocator`).
void allocation_settle(size_t bytes);

#endif
