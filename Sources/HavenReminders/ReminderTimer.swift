import Foundation
import HavenSystem

/// The systemd user timer that runs `haven remind` (SPEC §11): two unit
/// files in `$XDG_CONFIG_HOME/systemd/user`, enabled with `systemctl --user`.
public struct ReminderTimer: Sendable {
    public static let service = "haven-remind.service"
    public static let timer = "haven-remind.timer"
    /// The variables Haven reads that a timer's run must see as this shell does.
    static let carried = ["HAVEN_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "LANG", "LC_ALL", "TZ"]

    /// Where the unit files go.
    public let folder: String
    /// How often it runs, in minutes: a divisor of an hour, or whole hours dividing a day.
    public let minutes: Int
    private let environment: [String: String]

    public init(minutes: Int, environment: [String: String]) {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        folder = config + "/systemd/user"
        self.minutes = minutes
        self.environment = environment
    }

    /// The intervals a calendar timer can keep exactly.
    public static func isValid(minutes: Int) -> Bool {
        minutes > 0 && (minutes < 60 ? 60 % minutes == 0 : minutes % 60 == 0 && 24 % (minutes / 60) == 0 && minutes <= 1440)
    }

    /// `OnCalendar=`: every `minutes` from the top of the hour, or every so
    /// many hours from midnight.
    var calendar: String {
        if minutes < 60 { return minutes == 1 ? "*:*" : "*:0/\(minutes)" }
        return minutes == 1440 ? "*-*-* 00:00" : "0/\(minutes / 60):00"
    }

    /// The service: one `haven remind` with this shell's Haven variables
    /// and `arguments` (the global options given, such as `--home`).
    public func serviceText(executable: String, arguments: [String]) -> String {
        var lines = [
            "# Written by 'haven remind install'; 'haven remind uninstall' removes it.",
            "[Unit]",
            "Description=Haven: desktop notifications for the reminders due now",
            "Documentation=man:haven(1)",
            "",
            "[Service]",
            "Type=oneshot",
        ]
        for name in ReminderTimer.carried {
            if let value = environment[name], !value.isEmpty { lines.append("Environment=" + quoted("\(name)=\(value)")) }
        }
        lines.append("ExecStart=" + ([executable, "remind"] + arguments).map(quoted).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    public var timerText: String {
        let every = minutes < 60 ? "\(minutes) minutes" : "\(minutes / 60) hours"
        return """
            # Written by 'haven remind install'; 'haven remind uninstall' removes it.
            [Unit]
            Description=Haven: run 'haven remind' every \(every)

            [Timer]
            OnCalendar=\(calendar)
            Persistent=true
            AccuracySec=30s

            [Install]
            WantedBy=timers.target

            """
    }

    /// A word of a unit file, quoted when it needs to be: systemd splits on
    /// spaces, unquotes "…" with C escapes, and expands `%` and `$`.
    func quoted(_ word: String) -> String {
        var escaped = word.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        let plain = !escaped.isEmpty && escaped.allSatisfy { !$0.isWhitespace && !"\"'\\;".contains($0) }
        if plain { return escaped }
        escaped = escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped + "\""
    }

    /// Writes both files whole (each replaced at once), then asks systemd
    /// to load and start the timer. When systemd cannot, the files stay and
    /// the error says so.
    public func install(executable: String, arguments: [String]) throws(ReminderError) {
        let words = [executable] + arguments + ReminderTimer.carried.compactMap { environment[$0] }
        if let odd = words.first(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) {
            throw .unitCannotCarry(odd)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(serviceText(executable: executable, arguments: arguments).utf8)
                .write(to: URL(fileURLWithPath: folder + "/" + ReminderTimer.service), options: .atomic)
            try Data(timerText.utf8).write(to: URL(fileURLWithPath: folder + "/" + ReminderTimer.timer), options: .atomic)
        } catch {
            throw .cannotWrite(path: folder, reason: (error as NSError).localizedDescription)
        }
        try systemctl(["daemon-reload"], ["enable", "--now", ReminderTimer.timer], filesWritten: true)
    }

    /// Stops and disables the timer and removes both files; false when
    /// there was nothing to remove.
    public func uninstall() throws(ReminderError) -> Bool {
        let paths = [ReminderTimer.timer, ReminderTimer.service].map { folder + "/" + $0 }
        guard paths.contains(where: FileManager.default.fileExists) else { return false }
        // Stopping fails when systemd never loaded it; the files go regardless.
        _ = try? systemctl(["disable", "--now", ReminderTimer.timer], filesWritten: false)
        for path in paths where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
            }
        }
        _ = try? systemctl(["daemon-reload"], filesWritten: false)
        return true
    }

    /// Runs `systemctl --user` with each list of arguments in turn.
    private func systemctl(_ steps: [String]..., filesWritten: Bool) throws(ReminderError) {
        guard let systemctl = ChildProcess.find("systemctl", environment: environment) else {
            throw .noSystemctl(filesWritten: filesWritten)
        }
        for arguments in steps {
            guard let run = ChildProcess(systemctl, ["--user"] + arguments, environment: environment,
                                         reading: true, errors: true) else {
                throw .systemctlNotStarted(filesWritten: filesWritten)
            }
            let (status, output) = run.run(within: 30)
            guard status == 0 else {
                throw .systemctlFailed(arguments: arguments.joined(separator: " "),
                                       said: output.split(separator: "\n").first.map(String.init), filesWritten: filesWritten)
            }
        }
    }
}
