import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle
import UnixSignals

/// haven-server's settings: where it listens, its database, its limits.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8787
    public var database: PostgresClient.Configuration
    public var limits = Limits()
    /// Where to write the port once listening (useful with port 0).
    public var portFile: String?

    public init(database: PostgresClient.Configuration) {
        self.database = database
    }
}

/// The server: migrations first, then the endpoints, until SIGTERM or SIGINT.
public enum HavenServerApp {
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        var database = configuration.database
        // A database that does not answer is said within the request's deadline, not after 10 s.
        database.options.connectTimeout = .seconds(2)
        let client = PostgresClient(configuration: database, backgroundLogger: logger)
        let limits = configuration.limits
        let service = SyncService(client: client, limits: limits)
        let router = Router(context: HavenContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: AnonymousGate(limit: limits.maxAnonymous))
        Routes(service: service, accounts: Accounts(client: client, limits: limits)).register(on: router)
        AppRoutes().register(on: router)
        let portFile = configuration.portFile
        // No client may hold a connection for long without using it (#28):
        // a head and the wait between requests end after `idleSeconds`, a
        // request's body and its answer after `readSeconds` each.
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadline(seconds: limits.readSeconds)],
            idleTimeout: .seconds(Int64(limits.idleSeconds)))
        var app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "haven-server"),
            services: [client],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)"])
                if let portFile { try? Data("\(port)\n".utf8).write(to: URL(fileURLWithPath: portFile), options: .atomic) }
            },
            logger: logger)
        app.beforeServerStarts {
            let schema = try await Schema.migrate(client, logger: logger)
            logger.info("database ready", metadata: ["schema": "\(schema)"])
        }
        // SIGTERM stops the server within 10 s, whatever the database does:
        // 5 s for requests to finish, then 3 s for what is left to be cancelled.
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(5)
        group.maximumCancellationDuration = .seconds(3)
        try await ServiceGroup(configuration: group).run()
    }
}
