import Foundation
import Hummingbird
import NIOCore

/// A request's context: Hummingbird's, and the address it came from, the
/// key of the password attempt limits.
struct HavenContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address (`unix` for a socket with no address).
    let peer: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unix"
    }

    /// Whom attempts are counted against: the peer, or, behind the proxy
    /// named with `--trusted-proxy`, the last address the proxy added to
    /// X-Forwarded-For. An IPv6 address counts by its /64, which is what
    /// one household or one server gets.
    func client(of request: Request, trusting proxy: String?) -> String {
        var address = peer
        if let proxy, peer == proxy, let forwarded = request.headers[.init("X-Forwarded-For")!],
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            address = last
        }
        return Self.key(address)
    }

    static func key(_ address: String) -> String {
        guard address.contains(":"), let parsed = try? SocketAddress(ipAddress: address, port: 0),
              case .v6(let v6) = parsed else { return address }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0.prefix(8)) }
        return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":") + "::/64"
    }
}
