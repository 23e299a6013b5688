import Glibc

/// The monotonic clock: it never jumps with the wall clock and never
/// counts back, for timers and waits.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary start.
    public static var nanoseconds: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Now, in seconds since an arbitrary start.
    public static var seconds: Double { Double(nanoseconds) / 1e9 }
}
