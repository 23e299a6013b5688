import Foundation
import HTTP
import HavenWire

/// A haven-server's endpoints (SPEC §12) as calls: wire types in and out,
/// every failure a `SyncError` with a line for a person.
public final class SyncServer {
    /// The server's address, without a trailing slash.
    public let url: String
    /// This device's token, sent on every call but register and login.
    public var token: String?
    private let limits: SyncLimits
    private var http: HTTPClient?

    public init(url: String, token: String? = nil, limits: SyncLimits = SyncLimits()) throws(SyncError) {
        self.url = try SyncServer.address(url)
        self.token = token
        self.limits = limits
    }

    /// `http://` or `https://`, a host, maybe a port and a path; no query.
    public static func address(_ text: String) throws(SyncError) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty,
              parts.query == nil, parts.fragment == nil, parts.user == nil
        else { throw .badURL(text) }
        return trimmed
    }

    public func register(_ credentials: Credentials) throws(SyncError) -> String {
        let answer: TokenResponse = try call("POST", "/v1/register", body: credentials, authenticated: false)
        return answer.token
    }

    public func login(_ credentials: Credentials) throws(SyncError) -> String {
        let answer: TokenResponse = try call("POST", "/v1/login", body: credentials, authenticated: false)
        return answer.token
    }

    public func status() throws(SyncError) -> StatusResponse {
        try call("GET", "/v1/status")
    }

    public func push(_ records: [WireRecord]) throws(SyncError) -> PushResponse {
        try call("POST", "/v1/records", body: PushRequest(records: records))
    }

    public func pull(device: String, after: Int64, limit: Int) throws(SyncError) -> PullResponse {
        try call("GET", "/v1/records?device=\(device)&after=\(after)&limit=\(limit)")
    }

    /// The devices of the account that hold a token.
    /// The account's key check after offering `mine` (set when it had
    /// none); nil from a server that keeps none (from before #35).
    public func keyCheck(_ mine: String) throws(SyncError) -> String? {
        do {
            let answer: KeyCheck = try call("POST", "/v1/key-check", body: KeyCheck(keyCheck: mine))
            return answer.keyCheck
        } catch .refused(let status, _) where status == 404 || status == 405 {
            // No such call (405: a proxy's answer to an unknown POST).
            return nil
        }
    }

    /// A one-time pairing code for a new device of this account (#35).
    public func pairingCode() throws(SyncError) -> PairingCode {
        try call("POST", "/v1/pairing", body: Empty())
    }

    public func devices() throws(SyncError) -> DevicesResponse {
        try call("GET", "/v1/devices")
    }

    /// Revokes `device`'s token, or this device's own (a logout) when nil.
    public func revoke(device: String?) throws(SyncError) {
        let _: Empty = try call("DELETE", device.map { "/v1/devices/" + $0 } ?? "/v1/token")
    }

    /// The body type of a call without a body, and the answer of one without an answer.
    struct Empty: Codable {}

    private func call<Answer: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Empty?.none,
                                         authenticated: Bool = true) throws(SyncError) -> Answer {
        var headers = ["Accept: application/json"]
        var data: Data?
        if let body {
            headers.append("Content-Type: application/json")
            data = try? JSONEncoder().encode(body)
        }
        if authenticated {
            guard let token else { throw .notSetUp }
            headers.append("Authorization: Bearer \(token)")
        }
        let response: HTTPClient.Response
        do {
            if http == nil { http = try HTTPClient() }
            response = try http!.send(method, url + path, headers: headers, body: data, timeout: .seconds(60),
                                      maxBytes: limits.answerBytes, stallSeconds: limits.stallSeconds)
        } catch {
            if error.tooLarge { throw .serverFault(url: url, .answerTooLarge(limit: limits.answerBytes)) }
            throw .unreachable(url: url, reason: error.reason)
        }
        let decoder = JSONDecoder()
        switch response.status {
        case 204 where Answer.self == Empty.self:
            return Empty() as! Answer
        case 200 ..< 300:
            do {
                return try decoder.decode(Answer.self, from: response.body)
            } catch {
                throw .badAnswer(url: url, status: response.status)
            }
        case 409:
            if let gap = try? decoder.decode(IdxGap.self, from: response.body) {
                throw .gap(device: gap.device, expected: gap.expected)
            }
            throw .refused(status: 409, message: message(response))
        case 401 where authenticated:
            throw .loggedOut(url: url, message: message(response))
        case 300 ..< 400:
            throw .serverFault(url: url, .redirected(status: response.status))
        case 500...:
            throw .unreachable(url: url, reason: "HTTP \(response.status): \(message(response))")
        default:
            throw .refused(status: response.status, message: message(response))
        }
    }

    private func message(_ response: HTTPClient.Response) -> String {
        if let error = try? JSONDecoder().decode(ErrorResponse.self, from: response.body) { return error.error }
        return "HTTP \(response.status)"
    }
}
