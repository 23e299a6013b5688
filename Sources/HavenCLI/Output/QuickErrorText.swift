import HavenPresentation
import HavenQuick

extension Invocation {
    /// Quick capture's refusals as a message and an exit status.
    static func cliError(_ error: QuickError, words: Words) -> CLIError {
        let names = MenuProgram.allCases.map(\.rawValue).joined(separator: ", ")
        switch error {
        case .noMenu(let context):
            let install = context.terminal || !(context.wayland || context.x11)
                ? words("install fzf (Debian: apt install fzf) for the terminal, or rofi or wofi for the desktop")
                : words("install rofi, wofi or fuzzel (Debian: apt install rofi), or fzf for a terminal")
            return CLIError(.unavailable, words("haven pick needs a menu program and found none of {} that works here; "
                + "{}; or list the actions with haven pick --print", names, install))
        case .unknownMenu(let name):
            return CLIError(.usage, words("Haven knows no menu program '{}'; use one of {}", TerminalText.oneLine(name), names))
        case .menuMissing(let menu):
            return CLIError(.unavailable, words("{} is not installed (Debian: apt install {}); leave out --menu to use the "
                + "first one found", menu.rawValue, menu.package))
        case .menuFailed(let menu, let status):
            return CLIError(.unavailable, status.map { words("{} ended with status {} without a choice", menu.rawValue, $0) }
                ?? words("{} could not be started", menu.rawValue))
        case .unknownChoice(let text):
            return CLIError(.usage, words("no quick action is '{}'; 'haven pick --print' lists them (or --print --json "
                + "with their ids)", TerminalText.oneLine(text)))
        }
    }
}
