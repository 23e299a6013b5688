import Foundation
import Hummingbird
import Logging
import NIOCore
import PostgresNIO

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
        let client = PostgresClient(configuration: configuration.database, backgroundLogger: logger)
        let service = SyncService(client: client, limits: configuration.limits)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        Routes(service: service).register(on: router)
        let portFile = configuration.portFile
        var app = Application(
            router: router,
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
        try await app.runService()
    }
}
