import Foundation

/// A menu program (fzf, rofi, dmenu…) run as such programs expect: the
/// choices on its standard input, the chosen line read from its standard
/// output, its standard error and terminal left to it (fzf draws on
/// /dev/tty), in the foreground (`Foreground`): Ctrl-C is the menu's.
public enum MenuProcess {
    /// Runs `executable` with `arguments`, writes `lines` to it, and returns
    /// its exit status and everything it printed; nil when it cannot start.
    public static func run(_ executable: String, _ arguments: [String], lines: [String],
                           environment: [String: String]) -> (status: Int32, output: String)? {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else {
            close(input[0])
            close(input[1])
            return nil
        }
        for fd in [input[1], output[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, input[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        var bytes: [UInt8] = []
        let status = Foreground.run(executable, arguments, environment: environment, actions: &actions) {
            close(input[0])
            close(output[1])
            input[0] = -1
            output[1] = -1
            // A menu that ends before reading every line (a quick choice)
            // closes the pipe: the rest is dropped, quietly.
            let text = Array((lines.joined(separator: "\n") + "\n").utf8)
            var written = 0
            while written < text.count {
                let n = text[written...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                written += n
            }
            close(input[1])
            input[1] = -1
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(output[0], &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                bytes += chunk[..<n]
            }
        }
        // The menu's ends, and ours when it could not start.
        for fd in [input[0], input[1], output[0], output[1]] where fd >= 0 { close(fd) }
        guard let status else { return nil }
        return (status, String(decoding: bytes, as: UTF8.self))
    }
}
