import Glibc
import HavenSystem

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

    /// Sleeps until something one of `watches` watches changes, `seconds`
    /// pass, or the reader of `output` goes away, using no CPU meanwhile;
    /// says which watches saw a change. A reader gone is seen first, even
    /// while changes keep coming. Events about names nobody watches (a
    /// database's `-shm` file) wake it without ending it. A later wait
    /// reports only what changes after this one returned.
    public static func wait(for watches: [FileWatch], seconds: Double, output: Int32) -> (wake: Wake, changed: [Bool]) {
        var remaining = max(0, seconds)
        while true {
            if isClosed(output) { return (.closed, watches.map { _ in false }) }
            let changed = watches.map(\.hasChanged)
            if changed.contains(true) {
                for (watch, seen) in zip(watches, changed) where seen { watch.rearm() }
                return (.changed, changed)
            }
            if remaining <= 0 { return (.timeout, changed) }
            let descriptors = watches.map(\.descriptorForWaiting)
            // Without inotify the paths are compared once a second.
            let slice = descriptors.contains(-1) ? min(remaining, 1) : remaining
            var fds = descriptors.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                + [pollfd(fd: output, events: 0, revents: 0)]
            let started = MonotonicClock.seconds
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(slice * 1000, Double(Int32.max)).rounded(.up)))
            remaining -= MonotonicClock.seconds - started
            if ready < 0 && errno != EINTR { return (.timeout, changed) }
        }
    }

    /// True once nobody reads `output` (a pipe whose reader closed).
    static func isClosed(_ output: Int32) -> Bool {
        var fd = pollfd(fd: output, events: 0, revents: 0)
        return poll(&fd, 1, 0) > 0 && fd.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }
}
