import Foundation

/// Piped input: every line is a command, run in order with no prompt. The
/// script goes on after a failing line and exits with the first failure's
/// status, so a cron job sees that something went wrong.
enum Script {
    static func run(_ interpreter: Interpreter) -> Int32 {
        var first: Int32 = 0
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            switch interpreter.execute(line, prefix: "haven: line \(number)") {
            case .quit:
                return first
            case .status(let status):
                if status != 0 && first == 0 { first = status }
            }
        }
        return first
    }
}
