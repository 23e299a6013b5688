import Foundation
import HavenServer
import Logging
import PostgresNIO

// haven-server [--host H] [--port P] [--port-file F] [--pg-host H] [--pg-port P]
//   [--pg-user U] [--pg-database D] [--pg-socket DIR] [--password-iterations N] [--max-body BYTES]
// Each flag also reads HAVEN_SERVER_<NAME> (e.g. HAVEN_SERVER_PG_PORT).

let usage = """
    usage: haven-server [--host 127.0.0.1] [--port 8787] [--port-file FILE]
                        [--pg-host 127.0.0.1] [--pg-port 5432] [--pg-user haven] [--pg-password PW]
                        [--pg-database haven] [--password-iterations 600000] [--max-body 4194304]
    Each flag can also be set as HAVEN_SERVER_<FLAG> (HAVEN_SERVER_PG_PORT=5433).
    """

let flags = ["host", "port", "port-file", "pg-host", "pg-port", "pg-user", "pg-password", "pg-database",
             "password-iterations", "max-body"]
var values: [String: String] = [:]
for flag in flags {
    let name = "HAVEN_SERVER_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    if let value = ProcessInfo.processInfo.environment[name] { values[flag] = value }
}
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--help" || argument == "-h" { print(usage); exit(0) }
    guard argument.hasPrefix("--"), flags.contains(String(argument.dropFirst(2))), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("haven-server: unknown or incomplete option \(argument)\n\(usage)\n".utf8))
        exit(64)
    }
    values[String(argument.dropFirst(2))] = value
}

func number(_ flag: String, _ fallback: Int, at least: Int, in values: [String: String]) -> Int {
    guard let text = values[flag] else { return fallback }
    guard let value = Int(text), value >= least else {
        FileHandle.standardError.write(Data("haven-server: --\(flag) takes a number of at least \(least), not \(text)\n".utf8))
        exit(64)
    }
    return value
}

var database = PostgresClient.Configuration(
    host: values["pg-host"] ?? "127.0.0.1", port: number("pg-port", 5432, at: 1, in: values),
    username: values["pg-user"] ?? "haven", password: values["pg-password"],
    database: values["pg-database"] ?? "haven", tls: .disable)
database.options.maximumConnections = 16
var configuration = ServerConfiguration(database: database)
configuration.host = values["host"] ?? "127.0.0.1"
configuration.port = number("port", 8787, at: 0, in: values)
configuration.portFile = values["port-file"]
configuration.limits.passwordIterations = number("password-iterations", configuration.limits.passwordIterations, at: 1_000, in: values)
configuration.limits.maxBody = number("max-body", configuration.limits.maxBody, at: 1_024, in: values)

LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
let logger = Logger(label: "haven-server")
do {
    try await HavenServerApp.run(configuration, logger: logger)
} catch {
    logger.critical("stopped", metadata: ["error": "\(error)"])
    exit(70)
}
