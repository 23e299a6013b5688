import Glibc
import HavenPresentation

extension LogRequest {
    /// The words after `log`, read without ArgumentParser when they hold
    /// only what a person types every day: an id, values, and `--at`,
    /// `--note`, `--trigger`, `--health` and the global options, each with a
    /// value that is not option-like, each at most once. Anything else
    /// (help, `--opt=value`, an unknown or repeated option, a missing value
    /// or id) returns nil and goes to the full parser, which words the error;
    /// so both paths accept the same lines and run the same code.
    /// ArgumentParser's cold parse cost a third of a one-shot `log` (Swift's
    /// protocol-conformance lookups on first use of its types).
    static func quick<Words: Collection<String>>(_ words: Words) -> (LogRequest, Globals)? {
        // Tests run every log line both ways and compare (`HAVEN_TEST_FULL_PARSER=1`: the parser's way).
        if getenv("HAVEN_TEST_FULL_PARSER") != nil { return nil }
        var globals = Globals()
        var request = LogRequest(id: "")
        var id: String?
        var seen = Set<String>()
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            guard word.hasPrefix("-") else {
                if id == nil { id = word } else { request.values.append(word) }
                continue
            }
            guard seen.insert(word).inserted else { return nil }
            switch word {
            case "--json":
                globals.json = true
                continue
            case "--no-color":
                globals.noColor = true
                continue
            default:
                break
            }
            guard let value = iterator.next(), !value.hasPrefix("-") else { return nil }
            switch word {
            case "--home": globals.home = value
            case "--now": globals.now = value
            case "--lang": globals.lang = value
            case "--at": request.at = value
            case "--day": request.day = value
            case "--note": request.note = value
            case "--trigger": request.trigger = value
            case "--health":
                guard let number = Double(value) else { return nil }
                request.health = number
            default: return nil
            }
        }
        guard let id else { return nil }
        request.id = id
        request.json = globals.json
        return (request, globals)
    }
}
