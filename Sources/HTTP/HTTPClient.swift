internal import CCurlLoader
import Foundation

/// HTTP and HTTPS requests through the system's libcurl, loaded on first
/// use. One client holds one connection cache: requests in a row reuse the
/// connection. Not for use from two threads at once.
public final class HTTPClient {
    /// An answer from the server, whatever its status.
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
    }

    /// The request did not reach the server, no answer came back, or the
    /// answer was larger than the caller reads.
    public struct Failure: Error, Sendable, Equatable {
        /// libcurl's reason, e.g. "Failed to connect to 127.0.0.1 port 9: Connection refused".
        public var reason: String
        /// The answer grew past `maxBytes`: it was not read to its end.
        public var tooLarge = false
    }

    private let handle: UnsafeMutableRawPointer

    /// Fails when libcurl cannot be loaded, with what to install.
    public init() throws(Failure) {
        var error: UnsafePointer<CChar>?
        guard let handle = haven_http_open(&error) else {
            throw Failure(reason: error.map { String(cString: $0) } ?? "libcurl could not be loaded")
        }
        self.handle = handle
    }

    deinit {
        haven_http_close(handle)
    }

    /// One request. An answer larger than `maxBytes` is refused as it
    /// arrives; a transfer that moves no byte for `stallSeconds` ends.
    public func send(_ method: String, _ url: String, headers: [String] = [], body: Data? = nil,
                     timeout: Duration = .seconds(30), maxBytes: Int = 64 << 20,
                     stallSeconds: Int = 20) throws(Failure) -> Response {
        let milliseconds = Int(timeout.components.seconds) * 1_000 + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
        var status = 0
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let lines = headers.map { strdup($0) }
        defer { lines.forEach { free($0) } }
        let pointers = lines.map { UnsafePointer($0) }
        let code = pointers.withUnsafeBufferPointer { list in
            (body ?? Data()).withUnsafeBytes { raw in
                haven_http_perform(handle, method, url, list.baseAddress, list.count,
                                   raw.baseAddress, raw.count, milliseconds, maxBytes, stallSeconds,
                                   &status, &bytes, &length, &message)
            }
        }
        guard code == 0 else {
            throw Failure(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                          tooLarge: code == HAVEN_HTTP_TOO_LARGE)
        }
        defer { haven_http_free(bytes) }
        let data = bytes.map { Data(bytes: $0, count: length) } ?? Data()
        return Response(status: status, body: data)
    }
}
