#ifndef HAVEN_CSYSTEMSHIM_H
#define HAVEN_CSYSTEMSHIM_H

/// Makes every thread of the process allocate from the main malloc arena.
/// A second thread's own arena grows a page at a time, each page one
/// `mprotect` that splits a memory mapping: 45 system calls in a one-shot
/// `haven log` whose store opens on its own thread (D321).
void haven_single_malloc_arena(void);

#endif
