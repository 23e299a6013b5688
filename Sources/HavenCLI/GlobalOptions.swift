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
}
