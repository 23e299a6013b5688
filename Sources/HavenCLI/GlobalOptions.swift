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

    /// The values given, as a plain value the commands run with.
    var values: Globals {
        Globals(home: home, now: now, lang: lang, json: json, noColor: noColor)
    }

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

/// The global options' values, apart from the parser: what an invocation
/// runs with. The log fast path fills one without ArgumentParser.
struct Globals: Equatable {
    var home: String?
    var now: String?
    var lang: String?
    var json = false
    var noColor = false
}
