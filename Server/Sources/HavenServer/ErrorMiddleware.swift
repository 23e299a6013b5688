import Foundation
import HTTPTypes
import HavenWire
import Hummingbird
import Logging
import PostgresNIO

/// Turns every error into `{"error": …}` with its status, and logs each call
/// as one structured line: method, path, status and milliseconds (never a
/// body, a token or a password).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = HavenContext

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        var failure: String?
        do {
            response = try await next(request, context)
        } catch let error as ServerError {
            var refusal = reply(error.status, data: error.body)
            if let seconds = error.retryAfter { refusal.headers[.retryAfter] = "\(seconds)" }
            response = refusal
        } catch let error as PSQLError where error.serverInfo == nil {
            // Not an answer of PostgreSQL's: the connection to it failed.
            failure = String(describing: error)
            response = reply(ServerError.databaseDown.status, data: ServerError.databaseDown.body)
        } catch let error as HTTPError {
            response = reply(error.status, ErrorResponse(error: error.body ?? "\(error.status.reasonPhrase.lowercased())"))
        } catch {
            failure = String(describing: error)
            response = reply(.internalServerError, ErrorResponse(error: "the server could not do this; it is logged"))
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)",
            "path": "\(request.uri.path)",
            "status": "\(response.status.code)",
            "ms": "\((milliseconds * 10).rounded() / 10)",
        ]
        if let failure {
            metadata["error"] = "\(failure)"
            context.logger.error("request failed", metadata: metadata)
        } else {
            context.logger.info("request", metadata: metadata)
        }
        return response
    }
}
