/// What can go wrong with records and keys, each with a line for a person.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key that is not the text `haven sync key` shows.
    case badKey
    /// A record that does not open with this key, or whose identity was
    /// changed: it is kept and skipped, never fatal (SPEC §12).
    case undecryptable(id: String)
    /// A record that opens but whose payload this Haven cannot read.
    case unreadable(id: String, reason: String)

    public var description: String {
        switch self {
        case .badKey:
            return "that is not a sync key; a key is 'hk1-' and 43 letters, digits, '-' and '_', as 'haven sync key' "
                + "shows it on your first device"
        case .undecryptable(let id):
            return "record \(id) does not open with this key (made with another key, or changed on the way); it is "
                + "kept and skipped"
        case .unreadable(let id, let reason):
            return "record \(id) cannot be read by this Haven (\(reason)); it is kept and skipped"
        }
    }
}
