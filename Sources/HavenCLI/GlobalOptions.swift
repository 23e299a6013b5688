import ArgumentParser

/// The options every command takes (SPEC §7).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Use DIR as the Haven home (also HAVEN_HOME).", valueName: "DIR"))
    var home: String?

    @Option(name: .long, help: ArgumentHelp("Pretend it is TIME (ISO 8601; also HAVEN_NOW).", valueName: "TIME"))
    var now: String?

    @Option(name: .long, help: ArgumentHelp("Language of names and labels: en, de (default: LANG).",
                                            valueName: "LANG"))
    var lang: String?

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (also NO_COLOR).")
    var noColor = false

    /// The options above that take a value.
    static let valued: Set<String> = ["--home", "--now", "--lang"]

    /// Where the command word is in `words`: the first word that is neither
    /// one of the options above nor an option's value.
    static func commandIndex(_ words: [String]) -> Int? {
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word.hasPrefix("-") else { return index }
            index += valued.contains(word) ? 2 : 1
        }
        return nil
    }
}
