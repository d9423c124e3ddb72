#ifndef HEAP_STATS_H
#define HEAP_STATS_H
#include <stddef.h>
/// Bytes currently allocated from the C heap (glibc's mallinfo2().uordblks).
size_t heap_stats_bytes_in_use(void);
#endif
