import Foundation
import HavenCLI

exit(Haven.run(Array(CommandLine.arguments.dropFirst())))
