import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOFoundationEssentialsCompat

/// The web app's files (#35, SPEC §17), built into the server by
/// `scripts/embed-app.py`: decoded once, served from memory.
enum AppFiles {
    struct File: Sendable {
        let type: String
        let bytes: ByteBuffer
        let tag: String
    }

    static let files: [String: File] = embedded.reduce(into: [:]) { files, item in
        let bytes = Data(base64Encoded: item.value.base64) ?? Data()
        files[item.key] = File(type: item.value.type, bytes: ByteBuffer(data: bytes), tag: "\"\(version)\"")
    }
}

/// `/app`: the phone's web app. Nothing it serves runs but its own files:
/// no inline script, no other origin (a tracker's name in a board is
/// text, and a page that slipped markup in could still load nothing).
struct AppRoutes: Sendable {
    static let policy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "connect-src 'self'",
        "manifest-src 'self'", "worker-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        "object-src 'none'",
    ].joined(separator: "; ")

    func register(on router: Router<HavenContext>) {
        // `app/`, relative: the address stays right behind a proxy's prefix, and a fragment goes along.
        // (The router takes `/app` and `/app/` for one path.)
        router.get("app") { request, _ in
            guard request.uri.path.hasSuffix("/") else {
                return Response(status: .permanentRedirect, headers: [.location: "app/", .cacheControl: "no-cache"])
            }
            return serve("index.html", request)
        }
        router.get("app/:file") { request, context in serve(context.parameters.get("file") ?? "", request) }
    }

    private func serve(_ name: String, _ request: Request) -> Response {
        guard let file = AppFiles.files[name] else {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "no such file in the app: \(name.prefix(80))\n")))
        }
        var headers: HTTPFields = [
            .contentType: file.type,
            // The service worker keeps the app offline; the browser asks again each time it is online.
            .cacheControl: "no-cache",
            .eTag: file.tag,
            .contentSecurityPolicy: AppRoutes.policy,
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
        // The worker's scope takes in `/app` itself, the address of a one-tap link.
        if name == "sw.js" { headers[HTTPField.Name("Service-Worker-Allowed")!] = "../app" }
        if request.headers[.ifNoneMatch] == file.tag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.bytes))
    }
}
