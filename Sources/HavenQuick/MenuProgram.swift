import Foundation
import HavenSystem

/// The menu programs `haven pick` shows its lines in (SPEC §15): fzf in a
/// terminal; rofi, wofi, fuzzel or dmenu on a desktop. Each is run with
/// the arguments that make it a plain single-choice menu with a prompt.
public enum MenuProgram: String, Sendable, CaseIterable {
    case fzf, rofi, wofi, fuzzel, dmenu

    /// Where a menu is asked for: a terminal, and which desktop sessions are there.
    public struct Context: Sendable, Equatable {
        public var terminal: Bool
        public var wayland: Bool
        public var x11: Bool

        public init(terminal: Bool, wayland: Bool, x11: Bool) {
            self.terminal = terminal
            self.wayland = wayland
            self.x11 = x11
        }

        /// A terminal when standard input or output is one (started from a
        /// shell, not a hotkey); the desktop from `WAYLAND_DISPLAY` and `DISPLAY`.
        public static func current(environment: [String: String]) -> Context {
            Context(terminal: isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1,
                    wayland: environment["WAYLAND_DISPLAY"]?.isEmpty == false,
                    x11: environment["DISPLAY"]?.isEmpty == false)
        }
    }

    /// The Debian package that brings it.
    public var package: String { rawValue == "fuzzel" ? "fuzzel" : rawValue == "dmenu" ? "suckless-tools" : rawValue }

    /// Whether it can show a menu here: fzf needs a terminal, wofi and
    /// fuzzel a Wayland session, dmenu an X11 one, rofi either.
    public func fits(_ context: Context) -> Bool {
        switch self {
        case .fzf: context.terminal
        case .rofi: context.wayland || context.x11
        case .wofi, .fuzzel: context.wayland
        case .dmenu: context.x11
        }
    }

    /// The menu `name` names, or else the first installed one that fits
    /// the context, in this order: fzf, rofi, wofi, fuzzel, dmenu.
    public static func find(named name: String?, context: Context,
                            environment: [String: String]) throws(QuickError) -> (menu: MenuProgram, path: String) {
        if let name {
            guard let menu = MenuProgram(rawValue: name) else { throw .unknownMenu(name) }
            guard let path = ChildProcess.find(menu.rawValue, environment: environment) else { throw .menuMissing(menu) }
            return (menu, path)
        }
        for menu in allCases where menu.fits(context) {
            if let path = ChildProcess.find(menu.rawValue, environment: environment) { return (menu, path) }
        }
        throw .noMenu(context)
    }

    /// The arguments for a single choice under `prompt`; `freeText` lets
    /// the person type a line that is not offered (a new trigger).
    public func arguments(prompt: String, freeText: Bool) -> [String] {
        switch self {
        case .fzf:
            ["--prompt=" + prompt + " › ", "--no-sort", "--no-multi", "--layout=reverse", "--height=50%"]
                + (freeText ? ["--print-query"] : [])
        case .rofi: ["-dmenu", "-i", "-p", prompt] + (freeText ? [] : ["-no-custom"])
        case .wofi: ["--dmenu", "--insensitive", "--prompt", prompt]
        case .fuzzel: ["--dmenu", "--prompt", prompt + " › "]
        case .dmenu: ["-i", "-l", "20", "-p", prompt]
        }
    }

    /// Shows `lines` and returns the line chosen (or typed, with
    /// `freeText`), or nil when the menu was left without a choice (Esc).
    public func ask(_ path: String, prompt: String, lines: [String], freeText: Bool,
                    environment: [String: String]) throws(QuickError) -> String? {
        guard let (status, output) = MenuProcess.run(path, arguments(prompt: prompt, freeText: freeText), lines: lines,
                                                     environment: environment) else {
            throw .menuFailed(self, status: nil)
        }
        let printed = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if self == .fzf && freeText {
            // --print-query: the query first, then the line chosen. With
            // nothing matching, Enter ends with status 1 and the query alone.
            switch status {
            case 0: return (printed.count > 1 && !printed[1].isEmpty ? printed[1] : printed.first).flatMap(Self.line)
            case 1: return printed.first.flatMap(Self.line)
            default: return nil
            }
        }
        // Every menu ends with a status other than 0 when left (1 for most, 130 for fzf).
        guard status == 0 else { return nil }
        return printed.first.flatMap(Self.line)
    }

    private static func line(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
