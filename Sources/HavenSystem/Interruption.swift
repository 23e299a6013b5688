import Foundation

/// Ctrl-C (SIGINT) and SIGTERM during a command that must finish whole or
/// not at all (a pack install): the signal only sets a flag, and the work
/// checks it at points where it can still put everything back.
public enum Interruption {
    nonisolated(unsafe) private static var requested: sig_atomic_t = 0
    nonisolated(unsafe) private static var previous: (interrupt: sigaction, terminate: sigaction)?

    /// Catches SIGINT and SIGTERM until `release`.
    public static func catchSignals() {
        requested = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interruption.requested = 1 }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a question waiting for an answer ends as if declined.
        action.sa_flags = 0
        var interrupt = sigaction(), terminate = sigaction()
        sigaction(SIGINT, &action, &interrupt)
        sigaction(SIGTERM, &action, &terminate)
        previous = (interrupt, terminate)
    }

    /// Puts back what handled the signals before.
    public static func release() {
        guard var saved = previous else { return }
        sigaction(SIGINT, &saved.interrupt, nil)
        sigaction(SIGTERM, &saved.terminate, nil)
        previous = nil
    }

    /// True once a signal came since `catchSignals`.
    public static var wasRequested: Bool { requested != 0 }
}
