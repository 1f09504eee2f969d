#ifndef ALLOCATION_COUNT_H
#define ALLOCATION_COUNT_H

/// Starts counting heap allocations (malloc, calloc, realloc, posix_memalign) from zero.
void allocation_count_start(void);
/// Stops counting; returns how many there were since the start.
unsigned long long allocation_count_stop(void);

#endif
