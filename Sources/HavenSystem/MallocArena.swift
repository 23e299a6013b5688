internal import CSystemShim

/// How this process's memory allocator is set up.
public enum MallocArena {
    /// Every thread allocates from the main arena: a one-shot command opens
    /// its store on a second thread, whose own arena grew a page at a time
    /// (45 `mprotect` calls, each splitting a mapping). Call it before the
    /// second thread starts, and only where threads seldom allocate at once:
    /// parsing 1,000 files on two threads from one arena took 1.17x (D321).
    public static func shareOne() {
        haven_single_malloc_arena()
    }
}
