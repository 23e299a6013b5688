import ArgumentParser
import Foundation
import HavenSystem
import HavenImport
import HavenPacks
import HavenPresentation
import HavenInsights
import HavenQuick
import HavenReminders
import HavenRuntime
import HavenSync

/// The `haven` command: parses arguments, runs one command, and maps every
/// error to its exit code (SPEC §7). The REPL will reuse the same grammar.
public struct Haven: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "haven",
        abstract: "A config-driven habit and awareness tracker.",
        discussion: "Trackers are YAML files in your home's trackers/ folder. Without a command: the REPL on a "
            + "terminal; with piped input, one command per line. 'haven ID VALUE' logs, as 'haven log ID VALUE' does.",
        version: HavenVersion.current,
        subcommands: [
            LogCommand.self, StatusCommand.self, StreakCommand.self, StreaksCommand.self, HistoryCommand.self,
            RewardsCommand.self, CalendarCommand.self, ReportCommand.self, EntriesCommand.self, EditCommand.self, DeleteCommand.self, UndoCommand.self,
            SkipCommand.self, UnskipCommand.self, FreezesCommand.self, FreezeCommand.self, StatsCommand.self, InsightsCommand.self, TodoCommand.self,
            TodayCommand.self, DueCommand.self, PickCommand.self, BarCommand.self, RemindCommand.self, SyncCommand.self, ConflictsCommand.self, CheckinCommand.self, MeditateCommand.self, PracticeCommand.self, BreatheCommand.self, WorkoutCommand.self, ModeCommand.self, ArchiveCommand.self, UnarchiveCommand.self, BackupCommand.self, OrderCommand.self, MoveCommand.self,
            AddCommand.self, NewCommand.self, ConfigureCommand.self, RemoveCommand.self, TrackersCommand.self, ShowCommand.self,
            ValidateCommand.self, PackCommand.self, ExportCommand.self, ImportCommand.self,
        ])

    @OptionGroup var global: GlobalOptions

    public init() {}

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        defer { OneShot.finish() }
        // Shell completion: the scripts, and the answers they ask for (`ShellCompletion`).
        if arguments.first == "--complete" { return ShellCompletion.answer(Array(arguments.dropFirst())) }
        if arguments.first == "--generate-completion-script", arguments.count == 2 {
            if let script = ShellCompletion.script(arguments[1]) {
                Console.writeAll(script, to: STDOUT_FILENO)
                return ExitStatus.ok.rawValue
            }
        }
        // `haven log ID VALUE`, the commonest line, skips the parser (`LogRequest.quick`).
        if arguments.first == "log", let (request, globals) = LogRequest.quick(arguments.dropFirst()) {
            do {
                let invocation = Invocation(globals)
                try invocation.performing { try request.run(invocation) }
                return ExitStatus.ok.rawValue
            } catch {
                return report(error, prefix: "haven")
            }
        }
        // `haven water +1` is `haven log water +1`, as at the prompt; a
        // mistyped command gets the prompt's did-you-mean.
        // Global options before it (`haven --lang de water +1`) hold for the line.
        if let index = GlobalOptions.commandIndex(arguments), !Interpreter.commandNames.contains(arguments[index]),
           let base = try? GlobalOptions.parse(Array(arguments[..<index])) {
            switch Interpreter(base: base, cache: SessionCache(source: "cli")).execute(words: Array(arguments[index...])) {
            case .status(let status): return status
            case .quit: return ExitStatus.ok.rawValue
            }
        }
        do {
            var command = try Interpreter.parse(arguments)
            if let root = command as? Haven {
                return root.session()
            }
            try command.run()
            return ExitStatus.ok.rawValue
        } catch {
            return report(error, prefix: "haven")
        }
    }

    /// Without a command: the REPL on a terminal, else a script read from
    /// standard input, line by line.
    func session() -> Int32 {
        let interpreter = Interpreter(base: global)
        if isatty(STDIN_FILENO) == 1 {
            return Repl(interpreter: interpreter).run()
        }
        return Script.run(interpreter)
    }

    /// Prints an error as the one place that maps errors to exit codes does,
    /// and returns its exit status.
    static func report(_ error: any Error, prefix: String) -> Int32 {
        if let error = error as? RuntimeError { return report(Invocation.cliError(error), prefix: prefix) }
        if let error = error as? PackError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? ReminderError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? QuickError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? InsightsError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? SyncError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? ImportError {
            return report(Invocation.cliError(error, words: Words(language: "en")), prefix: prefix)
        }
        if let error = error as? CLIError {
            if !error.printed {
                Console.write("\(prefix): \(error.label ?? "error"): \(error.message)\n", color: false, to: .standardError)
            }
            return error.status.rawValue
        }
        let code = exitCode(for: error)
        var message = fullMessage(for: error)
        // One prefix for every error: ArgumentParser's "Error: " reads as Haven's own.
        if message.hasPrefix("Error: ") { message = "\(prefix): error: " + message.dropFirst("Error: ".count) }
        if !message.isEmpty {
            // Help (`--help`, `help`) is long: through the pager on a terminal.
            if code == .success, message.split(separator: "\n").count > 20 {
                Pager.start(environment: ProcessEnvironment.current)
            }
            Console.write(message + "\n", color: false, to: code == .success ? .standardOutput : .standardError)
            Pager.finish()
        }
        // ArgumentParser's usage errors already exit 64, as SPEC §7 asks.
        return code.rawValue
    }
}
