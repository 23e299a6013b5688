import Foundation

extension String {
    /// The word as a POSIX shell reads it back: as it is when it holds
    /// nothing the shell treats specially, else in single quotes.
    var shellWord: String {
        let plain = !isEmpty && allSatisfy { $0.isLetter || $0.isNumber || "/._-+=:,@%^~".contains($0) }
            && !hasPrefix("~")
        return plain ? self : "'" + replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
