import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime

/// `haven meditate`: a timer in the terminal that logs the minutes sat (SPEC §11).
struct MeditateCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "meditate", abstract: "A meditation timer: a progress bar, a bell at the end, the minutes logged.",
        discussion: """
            Examples: haven meditate 10m · haven meditate (the last duration again) · \
            haven meditate 20m --bell-every 5m
            Ctrl-C stops the timer and logs nothing, unless --log-partial.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("How long: 10m, 90s, 1h, 1m30s, or minutes (default: the last one, else 10m).",
                                 valueName: "DURATION"))
    var duration: String?

    @Option(help: ArgumentHelp("The tracker that gets the minutes (default: meditation).", valueName: "ID"))
    var tracker = "meditation"

    @Option(help: ArgumentHelp("A soft bell at every such interval, e.g. 5m.", valueName: "DURATION"))
    var bellEvery: String?

    @Flag(help: "On Ctrl-C, log the minutes sat so far instead of nothing.")
    var logPartial = false

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        let words = console.words
        let session = try invocation.openSession(tracker: tracker)
        let definition = try session.runtime.tracker(tracker)
        guard definition.input != .levels else {
            throw CLIError(.dataError, words("'{}' takes levels, so it cannot take minutes; give a tracker of "
                + "minutes with --tracker, for example --tracker meditation", tracker))
        }
        let state = session.runtime.layout.timerState
        let seconds: Int
        if let duration {
            seconds = try MeditateCommand.seconds(duration, words: words)
        } else {
            seconds = (try? String(contentsOfFile: state, encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                .flatMap { (1...MeditateCommand.longest).contains($0) ? $0 : nil } ?? 600
        }
        let interval = try bellEvery.map { try MeditateCommand.seconds($0, words: words) }
        // Remembered before the timer starts: `haven meditate` alone starts the same again.
        try? FileManager.default.createDirectory(atPath: (state as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try? "\(seconds)\n".write(toFile: state, atomically: true, encoding: .utf8)

        let sat = Timer(seconds: seconds, interval: interval, console: console).run()
        guard sat >= seconds || logPartial else {
            console.err(words("Stopped after {}; nothing logged (--log-partial logs the time sat).", Timer.clock(sat)))
            throw CLIError.silent(.interrupted)
        }
        guard sat > 0 else {
            console.err(words("Stopped before a second had passed; nothing logged."))
            throw CLIError.silent(.interrupted)
        }
        // Minutes to the thousandth the database keeps; a check tracker is done.
        let value = definition.input == .check ? nil
            : definition.input == .count ? String(max(1, sat / 60)) : Value.format((Double(sat) / 60 * 1000).rounded() / 1000)
        let result = try session.log(tracker, value: value, at: nil, note: nil, trigger: nil, source: "timer")
        LogRequest.reply(result, json: global.json, console: console)
        if sat < seconds { throw CLIError.silent(.interrupted) }
    }

    /// The longest timer: a day.
    static let longest = 86_400

    /// `10m`, `90s`, `1h`, `1h30m`, `1m30s`, or a number of minutes.
    static func seconds(_ text: String, words: Words) throws -> Int {
        let refusal = CLIError(.usage, words("cannot read the duration '{}'; write it as 10m, 90s, 1h or 1m30s "
            + "(at most 24h), or as minutes", text))
        if let minutes = Int(text) {
            guard minutes > 0, minutes * 60 <= longest else { throw refusal }
            return minutes * 60
        }
        var total = 0, number = "", units = Set<Character>()
        for c in text {
            if c.isASCII && c.isNumber {
                number.append(c)
            } else if let factor = ["h": 3600, "m": 60, "s": 1][c], let n = Int(number), !units.contains(c) {
                total += n * factor
                units.insert(c)
                number = ""
            } else {
                throw refusal
            }
        }
        guard number.isEmpty, total > 0, total <= longest else { throw refusal }
        return total
    }
}

/// The timer itself, on standard error (standard output keeps the log's
/// reply, JSON included): a bar redrawn four times a second on a terminal
/// (the last line only, elsewhere), a bell at each interval and at the
/// end, and Ctrl-C to stop.
private struct Timer {
    let seconds: Int
    let interval: Int?
    let console: Console

    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    /// Runs to the end or to Ctrl-C; returns the whole seconds sat.
    func run() -> Int {
        Timer.interrupted = 0
        let previous = signal(SIGINT) { _ in Timer.interrupted = 1 }
        defer { signal(SIGINT, previous) }
        let terminal = isatty(STDERR_FILENO) == 1
        let start = DispatchTime.now().uptimeNanoseconds
        var bells = 0
        var elapsed = 0
        while Timer.interrupted == 0 {
            elapsed = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000)
            if elapsed >= seconds { break }
            if let interval, elapsed / interval > bells {
                bells = elapsed / interval
                Console.writeAll("\u{07}", to: STDERR_FILENO)
            }
            if terminal { Console.writeAll("\r" + line(elapsed) + "\u{1B}[K", to: STDERR_FILENO) }
            usleep(250_000)
        }
        let sat = min(elapsed, seconds)
        Console.writeAll((terminal ? "\r" : "") + line(sat) + (terminal ? "\u{1B}[K" : "") + "\n"
            + (sat >= seconds ? "\u{07}" : ""), to: STDERR_FILENO)
        return sat
    }

    /// `🧘 [██████░░░░░░░░░░░░░░░░░░] 03:00 / 10:00`
    func line(_ elapsed: Int) -> String {
        let width = 24
        let done = seconds == 0 ? width : width * elapsed / seconds
        let bar = String(repeating: "█", count: done) + String(repeating: "░", count: width - done)
        return (console.color ? "🧘 " : "") + "[" + bar + "] " + Timer.clock(elapsed) + " / " + Timer.clock(seconds)
    }

    /// `03:00`, `1:05:00`.
    static func clock(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds % 3600 / 60, s = seconds % 60
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))"
    }
}
