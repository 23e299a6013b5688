import Foundation
import HavenServer
import Logging
import PostgresNIO

// haven-server [--host H] [--port P] [--port-file F] [--pg-host H] [--pg-port P]
//   [--pg-user U] [--pg-database D] [--password-iterations N] [--max-body BYTES] and the limits below
// Each flag also reads HAVEN_SERVER_<NAME> (e.g. HAVEN_SERVER_PG_PORT).

let usage = """
    usage: haven-server [--host 127.0.0.1] [--port 8787] [--port-file FILE]
                        [--pg-host 127.0.0.1] [--pg-port 5432] [--pg-user haven] [--pg-password PW]
                        [--pg-database haven] [--password-iterations 600000] [--max-body 4194304]
                        [--idle-timeout 15] [--read-timeout 30] [--max-anonymous 64] [--hash-threads N]
                        [--max-hash-wait 2] [--account-attempts 10] [--address-attempts 30] [--trusted-proxy ADDRESS]
    --idle-timeout: seconds a connection may wait for a request (or its head);
    --read-timeout: seconds a request's body may take, and its answer;
    --max-anonymous: calls without a token served at once (more get 503);
    --hash-threads: threads hashing passwords (half the cores by default);
    --max-hash-wait: seconds a password may wait for one (more: 503);
    --account-attempts, --address-attempts: password attempts per 15 minutes
      for one account and from one address (0: no limit);
    --trusted-proxy: a reverse proxy whose X-Forwarded-For names the client.
    Each flag can also be set as HAVEN_SERVER_<FLAG> (HAVEN_SERVER_PG_PORT=5433).
    """

let flags = ["host", "port", "port-file", "pg-host", "pg-port", "pg-user", "pg-password", "pg-database",
             "password-iterations", "max-body", "idle-timeout", "read-timeout", "max-anonymous", "hash-threads",
             "max-hash-wait", "account-attempts", "address-attempts", "trusted-proxy"]
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
configuration.limits.idleSeconds = number("idle-timeout", configuration.limits.idleSeconds, at: 1, in: values)
configuration.limits.readSeconds = number("read-timeout", configuration.limits.readSeconds, at: 1, in: values)
configuration.limits.maxAnonymous = number("max-anonymous", configuration.limits.maxAnonymous, at: 1, in: values)
configuration.limits.hashThreads = number("hash-threads", configuration.limits.hashThreads, at: 1, in: values)
configuration.limits.maxHashWait = Double(number("max-hash-wait", Int(configuration.limits.maxHashWait), at: 0, in: values))
configuration.limits.accountAttempts = number("account-attempts", configuration.limits.accountAttempts, at: 0, in: values)
configuration.limits.addressAttempts = number("address-attempts", configuration.limits.addressAttempts, at: 0, in: values)
configuration.limits.trustedProxy = values["trusted-proxy"]

LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
let logger = Logger(label: "haven-server")
do {
    try await HavenServerApp.run(configuration, logger: logger)
} catch {
    logger.critical("stopped", metadata: ["error": "\(error)"])
    exit(70)
}
