/// Why the runtime could not answer a command.
public enum RuntimeError: Error, Equatable, Sendable {
    /// The built-in core pack was not found next to the binary or in the checkout.
    case corePackNotFound
    /// No live tracker has this id; `suggestion` is the closest one.
    case unknownTracker(String, suggestion: String?)
    /// A path named on the command line does not exist.
    case pathNotFound(String)
    /// The home could not be written (first run).
    case homeNotWritable(String, reason: String)
}
