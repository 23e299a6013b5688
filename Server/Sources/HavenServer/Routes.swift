import Foundation
import HTTPTypes
import HavenCore
import HavenWire
import Hummingbird
import Logging
import NIOCore
import NIOFoundationEssentialsCompat

/// The endpoints of SPEC §12 under `/v1`, and `/health`.
struct Routes: Sendable {
    let service: SyncService
    let accounts: Accounts

    func register(on router: Router<HavenContext>) {
        router.get("health") { _, context in
            let (client, logger) = (service.client, context.logger)
            let found = try? await withinDeadline(2) { try await Schema.current(client, logger: logger) }
            guard let schema = found ?? nil else {
                throw ServerError(.serviceUnavailable, "the database does not answer")
            }
            return reply(.ok, Health(status: "ok", schema: schema))
        }
        router.post("v1/register") { request, context in
            let credentials = try await credentials(of: request, call: "register")
            return reply(.created, try await accounts.register(credentials, from: address(request, context),
                                                               logger: context.logger))
        }
        router.post("v1/login") { request, context in
            let credentials = try await credentials(of: request, call: "login")
            return reply(.ok, try await accounts.login(credentials, from: address(request, context), logger: context.logger))
        }
        router.get("v1/status") { request, context in
            let caller = try await authenticate(request, context)
            return reply(.ok, try await deadline { try await service.status(caller, logger: context.logger) })
        }
        router.post("v1/records") { request, context in
            let caller = try await authenticate(request, context)
            let records = try await pushRecords(of: request)
            return reply(.ok, try await deadline { try await service.push(caller, records, logger: context.logger) })
        }
        router.get("v1/records") { request, context in
            let caller = try await authenticate(request, context)
            let query = request.uri.queryParameters
            guard let device = query["device"].map(String.init), UUID7.isValid(device) else {
                throw ServerError(.badRequest, "a pull names a device: /v1/records?device=UUID&after=IDX")
            }
            let after = query["after"].map { Int64(String($0)) } ?? 0
            guard let after, (0 ... WireRecord.maxIdx).contains(after) else {
                throw ServerError(.badRequest, "after is an idx: 0 to \(WireRecord.maxIdx)")
            }
            let limit = query["limit"].map { Int(String($0)) } ?? service.limits.maxBatch
            guard let limit, (1 ... service.limits.maxBatch).contains(limit) else {
                throw ServerError(.badRequest, "limit is 1 to \(service.limits.maxBatch)")
            }
            return reply(.ok, try await deadline { try await service.pull(caller, device: device, after: after, limit: limit,
                                                     logger: context.logger) })
        }
        router.delete("v1/token") { request, context in
            let caller = try await authenticate(request, context)
            _ = try await deadline { try await service.revoke(caller, device: caller.device, logger: context.logger) }
            return Response(status: .noContent)
        }
        router.post("v1/key-check") { request, context in
            let caller = try await authenticate(request, context)
            let offered = try await body(KeyCheck.self, of: request, call: "a key check").keyCheck
            let base64URL = { (byte: UInt8) in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
                    || byte == 0x5F
            }
            guard (16...128).contains(offered.utf8.count), offered.utf8.allSatisfy(base64URL) else {
                throw ServerError(.badRequest, "a key check is base64url text of 16 to 128 characters, as haven makes it")
            }
            return reply(.ok, try await deadline { try await service.keyCheck(caller, offered: offered, logger: context.logger) })
        }
        router.post("v1/pairing") { request, context in
            let caller = try await authenticate(request, context)
            return reply(.created, try await accounts.pairingCode(caller, logger: context.logger))
        }
        router.post("v1/pairing/redeem") { request, context in
            let pairing = try await body(PairingRedeem.self, of: request, call: "redeeming a pairing code",
                                         limit: service.limits.maxCredentialsBody)
            return reply(.ok, try await accounts.redeem(pairing, from: address(request, context), logger: context.logger))
        }
        router.get("v1/devices") { request, context in
            let caller = try await authenticate(request, context)
            return reply(.ok, try await deadline { try await service.devices(caller, logger: context.logger) })
        }
        router.delete("v1/devices/:device") { request, context in
            let caller = try await authenticate(request, context)
            guard let device = context.parameters.get("device"), UUID7.isValid(device) else {
                throw ServerError(.badRequest, "a device is a lower-case UUID: DELETE /v1/devices/UUID")
            }
            let revoked = try await deadline { try await service.revoke(caller, device: device, logger: context.logger) }
            guard revoked else {
                throw ServerError(.notFound, "device \(device) holds no token of this account: `haven sync devices` lists "
                                  + "those that do")
            }
            return Response(status: .noContent)
        }
        router.delete("v1/account") { request, context in
            let caller = try await authenticate(request, context)
            let deletion = try await body(AccountDeletion.self, of: request, call: "deleting an account")
            try await accounts.delete(caller, password: deletion.password, from: address(request, context),
                                      logger: context.logger)
            return Response(status: .noContent)
        }
    }

    private func authenticate(_ request: Request, _ context: HavenContext) async throws -> Caller {
        guard let header = request.headers[.authorization] else { throw ServerError.noToken }
        // The scheme's name is case-insensitive (RFC 9110 §11.1).
        guard header.prefix(7).lowercased() == "bearer ", case let token = String(header.dropFirst(7)), !token.isEmpty else {
            throw ServerError.noToken
        }
        return try await deadline { try await service.authenticate(token, logger: context.logger) }
    }

    private func address(_ request: Request, _ context: HavenContext) -> String {
        context.client(of: request, trusting: service.limits.trustedProxy)
    }

    /// The body of a call made without a token: small, as credentials are.
    private func credentials(of request: Request, call: String) async throws -> Credentials {
        try await body(Credentials.self, of: request, call: call, limit: service.limits.maxCredentialsBody)
    }

    /// The body as `Value`, read only up to the size limit.
    private func body<Value: Decodable>(_ type: Value.Type, of request: Request, call: String,
                                        limit: Int? = nil) async throws -> Value {
        try JSON.decode(type, from: Data(buffer: try await bytes(of: request, limit: limit)), call: call)
    }

    /// A push's records, read straight from the body's bytes (`PushBody`),
    /// or by the JSON decoder when the body is not in the usual shape.
    private func pushRecords(of request: Request) async throws -> [IncomingRecord] {
        let buffer = try await bytes(of: request)
        if let records = PushBody.read(buffer) { return records }
        return try JSON.decode(PushRequest.self, from: Data(buffer: buffer), call: "a push").records.map(IncomingRecord.init)
    }

    /// The body's bytes, read only up to the size limit.
    private func bytes(of request: Request, limit: Int? = nil) async throws -> ByteBuffer {
        let limit = limit ?? service.limits.maxBody
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw ServerError.tooLarge(limit)
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServerError.tooLarge(limit)
        }
    }
}

/// The deadline of every call's database work (SPEC §12, #28): 503 after 5 s.
private func deadline<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withinDeadline(5, work)
}

func reply(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
    reply(status, data: JSON.encode(value))
}

func reply(_ status: HTTPResponse.Status, data: Data) -> Response {
    Response(status: status, headers: [.contentType: "application/json"],
             body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
}
