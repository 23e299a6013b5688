/// "1 entry", "2 entries": a count with the word that fits it.
public enum Plural {
    /// `digits` is how the number is written (default plain; "1,096" where grouped).
    public static func count(_ n: Int, _ one: String, _ many: String, digits: String? = nil) -> String {
        "\(digits ?? String(n)) \(n == 1 ? one : many)"
    }
}
