#ifndef HEAP_STATS_H
#define HEAP_STATS_H
#include <stddef.h>
/// Bytes currently allocated from the C heap's arenas (glibc's mallinfo2().uordblks).
size_t heap_stats_bytes_in_use(void);
/// Bytes currently allocated from the C heap, mmapped blocks included
/// (glibc's mallinfo2().uordblks + hblkhd).
size_t heap_stats_bytes_allocated(void);
#endif
