import ArgumentParser
import Foundation
import HavenPacks
import HavenRuntime

/// Shell completion that knows the home: bash, zsh and fish ask `haven
/// --complete N WORD...` for every word, and it answers as Tab at the REPL
/// does (`Completer`): commands, tracker ids, level keys, presets, pack
/// ids, options. N is the index, among the words after `haven`, of the
/// word being typed. It reads the home's files and never writes: no first
/// run, no database.
enum ShellCompletion {
    /// Prints the candidates, a line each; always exits 0, quietly.
    static func answer(_ arguments: [String]) -> Int32 {
        guard let index = Int(arguments.first ?? ""), index >= 0 else { return ExitStatus.ok.rawValue }
        let line = Array(arguments.dropFirst())
        let word = index < line.count ? line[index] : ""
        var before = Array(line.prefix(index))
        // Global options ahead of the command (`--home`, `--lang`) choose the home; the rest starts with the command.
        let start = GlobalOptions.commandIndex(before) ?? before.count
        let globals = (try? GlobalOptions.parse(Array(before[..<start])))?.values ?? Globals()
        before = Array(before[start...])
        // The home's files, without a database and without a first run: a completion never writes.
        let runtime = try? Invocation(globals).openRuntime(announceSkipped: false, firstRunDefaults: false)
        // Options are read from the commands' help, which takes a while: only when one is being typed.
        let completer = Completer(commands: Interpreter.commandNames, trackers: runtime?.trackers ?? [],
                                  options: word.hasPrefix("-") ? Completer.commandOptions(for: before) : [:],
                                  subcommands: Completer.commandSubcommands, packs: runtime?.packs.installedNames ?? [],
                                  presets: runtime?.presetReferences ?? [],
                                  practices: runtime.map(Completer.practices) ?? [:])
        let found = completer.candidates(words: before, word: word)
        if !found.isEmpty { Console.writeAll(found.joined(separator: "\n") + "\n", to: STDOUT_FILENO) }
        return ExitStatus.ok.rawValue
    }

    /// The completion script for `shell` (bash, zsh or fish), nil for another.
    static func script(_ shell: String) -> String? {
        switch shell {
        case "bash":
            return """
                # bash completion for haven: each word is completed by asking haven itself,
                # which knows your trackers, their levels, presets and packs.
                _haven() {
                    local IFS=$'\\n'
                    COMPREPLY=($("${COMP_WORDS[0]}" --complete "$((COMP_CWORD - 1))" "${COMP_WORDS[@]:1}" 2>/dev/null))
                }
                complete -o default -F _haven haven

                """
        case "zsh":
            return """
                #compdef haven
                # zsh completion for haven: each word is completed by asking haven itself.
                _haven() {
                    local -a found
                    found=("${(@f)$("${words[1]}" --complete $((CURRENT - 2)) "${(@)words[2,-1]}" 2>/dev/null)}")
                    found=(${found:#})
                    if (( ${#found} )); then compadd -Q -a found; else _files; fi
                }
                if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then _haven "$@"; else compdef _haven haven 2>/dev/null; fi

                """
        case "fish":
            return """
                # fish completion for haven: each word is completed by asking haven itself.
                function __haven_complete
                    set -l words (commandline -opc)
                    set -l current (commandline -ct)
                    set -l found ($words[1] --complete (math (count $words) - 1) $words[2..-1] $current 2>/dev/null)
                    if test (count $found) -gt 0
                        printf '%s\\n' $found
                    else
                        __fish_complete_path $current
                    end
                end
                complete -c haven -f -a '(__haven_complete)'

                """
        default:
            return nil
        }
    }
}
