#include "HeapStats.h"
#include <malloc.h>

size_t heap_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks;
}

size_t heap_stats_bytes_allocated(void) {
    struct mallinfo2 info = mallinfo2();
    // Blocks above the mmap threshold (a large observer buffer) are counted too.
    return info.uordblks + info.hblkhd;
}
