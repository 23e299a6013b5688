import Glibc

extension FileWatch {
    /// What ended a wait.
    public enum Wake: Sendable, Equatable {
        /// Something watched changed.
        case changed
        /// The time ran out.
        case timeout
        /// Nobody reads `output` any more (a status bar went away).
        case closed
    }

    /// Sleeps until something watched changes, `seconds` pass, or the
    /// reader of `output` goes away, whichever comes first, using no CPU
    /// meanwhile. Events about names nobody watches (a database's `-shm`
    /// file) wake it without ending it. A later wait reports only what
    /// changes after this one returned `.changed`.
    public func wait(seconds: Double, output: Int32) -> Wake {
        var remaining = max(0, seconds)
        while true {
            if hasChanged {
                rearm()
                return .changed
            }
            // Without inotify the paths are compared once a second.
            let slice = descriptorForWaiting < 0 ? min(remaining, 1) : remaining
            var fds = [pollfd(fd: descriptorForWaiting, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: output, events: 0, revents: 0)]
            let started = Self.monotonic()
            let ready = poll(&fds, 2, Int32(min(slice * 1000, Double(Int32.max)).rounded(.up)))
            remaining -= Self.monotonic() - started
            if ready < 0 && errno != EINTR { return .timeout }
            if fds[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .closed }
            if remaining <= 0 && !hasChanged { return .timeout }
        }
    }

    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
