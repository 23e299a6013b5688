import Foundation
import HTTPTypes
import HavenWire

/// Every answer that is not a success: a status and a body of JSON, usually
/// `{"error": "…"}` with one line for a person, saying what to do instead.
struct ServerError: Error {
    var status: HTTPResponse.Status
    var body: Data
    /// Seconds to wait before trying again (the Retry-After header).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.body = JSON.encode(ErrorResponse(error: message))
    }

    init(_ status: HTTPResponse.Status, body: some Encodable) {
        self.status = status
        self.body = JSON.encode(body)
    }

    static let noToken = ServerError(.unauthorized,
        "this call needs a device token (Authorization: Bearer …): log in with `haven sync login URL`")
    static let unknownToken = ServerError(.unauthorized,
        "the device token is not known here (the account was deleted, the server wiped, or the device logged in again): log in with `haven sync login URL`")
    static let wrongPassword = ServerError(.unauthorized, "the account or the password is wrong")
    static let unknownPairingCode = ServerError(.unauthorized,
        "this pairing code is unknown, used or expired: run `haven sync pair` on a device of the account again")

    static func databaseTimeout(_ seconds: Int) -> ServerError {
        ServerError(.serviceUnavailable, "the database did not answer within \(seconds) s: try again later")
    }

    static let databaseDown = ServerError(.serviceUnavailable, "the database does not answer: try again later")

    static func expiredToken(_ days: Int) -> ServerError {
        ServerError(.unauthorized, "the device token was not used for \(days) days and has ended: log in again with "
                    + "`haven sync login URL`")
    }

    /// Too many calls at once, or a password hash would wait too long.
    static func busy(retryAfter seconds: Int) -> ServerError {
        var error = ServerError(.serviceUnavailable, "the server is busy: try again in \(seconds) s")
        error.retryAfter = seconds
        return error
    }

    /// Too many password attempts for the account or from the address;
    /// worded alike for an account that exists and one that does not.
    static func tooManyAttempts(retryAfter seconds: Int) -> ServerError {
        var error = ServerError(.tooManyRequests, "too many password attempts: try again in \(seconds) s")
        error.retryAfter = seconds
        return error
    }

    static func tooLarge(_ limit: Int) -> ServerError {
        ServerError(.contentTooLarge, "the body is larger than \(limit) bytes: send fewer records in one batch")
    }
}

/// One JSON encoder and decoder for the server's bodies.
enum JSON {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The wire types always encode.
        return (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be encoded"}"#.utf8)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, call: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw ServerError(.badRequest, "the body of \(call) is not what it takes: \(describe(error))")
        } catch {
            throw ServerError(.badRequest, "the body of \(call) is not JSON")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "a value is not valid\(path(context))"
        case .keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "a value has the wrong type\(path(context))"
        @unknown default:
            return "it cannot be read"
        }
    }
}
