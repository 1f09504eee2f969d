// Counts heap allocations for `forcecanvas bench` (section 3: allocations per stroke). The
// bench executable is the only program that links this target: its malloc, calloc, realloc
// and posix_memalign count (while counting is on) and hand over to glibc's own allocator, as
// glibc documents for replacing malloc; free hands over unchanged.
#include "allocation_count.h"

#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_int counting;
static atomic_ullong allocations;

static void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }

int posix_memalign(void **out, size_t alignment, size_t n) {
    count();
    void *p = __libc_memalign(alignment, n);
    if (!p) return 12;  // ENOMEM
    *out = p;
    return 0;
}

void allocation_count_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, 1);
}

unsigned long long allocation_count_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}

void allocation_settle(size_t bytes) {
    // Volatile, so the compiler cannot see the block is unused and drop the pair.
    void *volatile block = __libc_malloc(bytes);
    __libc_free(block);
}
