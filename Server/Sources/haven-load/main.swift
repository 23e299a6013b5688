import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HavenCore
import HavenWire

// haven-load URL [--accounts 10] [--devices 50] [--records 1000] [--batch 100]
//
// Drives a haven-server with concurrent simulated devices: the devices are
// spread over the accounts, each pushes its records in batches, all at
// once; then every stream is pulled back and checked record by record.
// Prints one JSON object: throughput, latency percentiles, lost and
// duplicated records.

struct Options {
    var url = ""
    var accounts = 10
    var devices = 50
    var records = 1_000
    var batch = 100
    var password = "load test password"
}

func parse() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        func number() -> Int {
            guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
                FileHandle.standardError.write(Data("haven-load: \(argument) takes a positive number\n".utf8))
                exit(64)
            }
            return value
        }
        switch argument {
        case "--accounts": options.accounts = number()
        case "--devices": options.devices = number()
        case "--records": options.records = number()
        case "--batch": options.batch = number()
        default:
            guard options.url.isEmpty, argument.hasPrefix("http") else {
                FileHandle.standardError.write(Data(
                    "usage: haven-load URL [--accounts 10] [--devices 50] [--records 1000] [--batch 100]\n".utf8))
                exit(64)
            }
            options.url = argument
        }
    }
    if options.url.isEmpty { FileHandle.standardError.write(Data("haven-load: give the server's URL\n".utf8)); exit(64) }
    return options
}

struct LoadFailure: Error, CustomStringConvertible {
    let description: String
}

final class Client: Sendable {
    let base: String
    let session: URLSession

    init(base: String, connections: Int) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration)
    }

    func call<Answer: Decodable>(_ method: String, _ path: String, token: String? = nil, body: (some Encodable)?,
                                 expect: Int = 200) async throws -> Answer {
        try await call(method, path, token: token, encoded: try body.map { try JSONEncoder().encode($0) }, expect: expect)
    }

    /// A call whose body is already JSON: the timed pushes encode nothing,
    /// so that the load generator's own work stays out of the server's figure.
    func call<Answer: Decodable>(_ method: String, _ path: String, token: String? = nil, encoded body: Data?,
                                 expect: Int = 200) async throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expect else {
            throw LoadFailure(description: "\(method) \(path): HTTP \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Answer.self, from: data)
    }
}

struct Device {
    let id: String
    let account: String
    var token = ""
    var sent: [WireRecord] = []
}

func sealedBytes(_ generator: inout some RandomNumberGenerator) -> String {
    // About the size of a real sealed entry: nonce, 200 bytes of payload, tag.
    Data((0 ..< 240).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }).base64EncodedString()
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

let options = parse()
let client = Client(base: options.url, connections: options.devices)
let run = UInt64.random(in: 0 ... .max)
var generator = SystemRandomNumberGenerator()
var devices: [Device] = (0 ..< options.devices).map { index in
    Device(id: UUID7.make(milliseconds: 1_700_000_000_000 + Int64(index)),
           account: "load-\(run % 100_000)-\(index % options.accounts)")
}
for index in devices.indices {
    let base = Int64(Date().timeIntervalSince1970 * 1000)
    devices[index].sent = (1 ... options.records).map { idx in
        WireRecord(id: UUID7.make(milliseconds: base + Int64(idx)), device: devices[index].id, idx: Int64(idx),
                   version: 1, sealed: sealedBytes(&generator))
    }
}

do {
    // Accounts and tokens (not timed): the first device of each account registers it.
    for index in devices.indices {
        let credentials = Credentials(account: devices[index].account, password: options.password, device: devices[index].id)
        let first = index < options.accounts
        let answer: TokenResponse = try await client.call("POST", first ? "/v1/register" : "/v1/login",
                                                          body: credentials, expect: first ? 201 : 200)
        devices[index].token = answer.token
    }

    // Every device pushes its batches, all devices at once; the bodies are
    // encoded before the clock starts.
    let batch = options.batch
    let bodies: [(token: String, batches: [Data])] = try devices.map { device in
        (device.token, try stride(from: 0, to: device.sent.count, by: batch).map { from in
            try JSONEncoder().encode(PushRequest(records: Array(device.sent[from ..< min(from + batch, device.sent.count)])))
        })
    }
    let start = Date()
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
        for device in bodies {
            group.addTask {
                var times: [Double] = []
                for body in device.batches {
                    let began = Date()
                    let _: PushResponse = try await client.call("POST", "/v1/records", token: device.token, encoded: body)
                    times.append(Date().timeIntervalSince(began) * 1000)
                }
                return times
            }
        }
        var all: [Double] = []
        for try await times in group { all += times }
        return all.sorted()
    }
    let seconds = Date().timeIntervalSince(start)

    // Every stream back, from each account's first device: nothing lost, nothing twice.
    var lost = 0, duplicated = 0, foreign = 0
    for device in devices {
        let reader = devices.first { $0.account == device.account }!
        var received: [WireRecord] = []
        var after: Int64 = 0
        while true {
            let page: PullResponse = try await client.call(
                "GET", "/v1/records?device=\(device.id)&after=\(after)&limit=1000", token: reader.token, body: Optional<Credentials>.none)
            received += page.records
            guard page.more, let last = page.records.last?.idx else { break }
            after = last
        }
        let sent = Set(device.sent)
        let ids = received.map(\.id)
        duplicated += ids.count - Set(ids).count
        lost += sent.subtracting(received).count
        foreign += Set(received).subtracting(sent).count
    }
    let total = options.devices * options.records
    let result: [String: Any] = [
        "devices": options.devices, "accounts": options.accounts, "records": total, "batch": options.batch,
        "seconds": (seconds * 1000).rounded() / 1000, "records_per_second": Int(Double(total) / seconds),
        "batches": latencies.count, "p50_ms": (percentile(latencies, 0.5) * 10).rounded() / 10,
        "p99_ms": (percentile(latencies, 0.99) * 10).rounded() / 10,
        "lost": lost, "duplicated": duplicated, "unexpected": foreign,
    ]
    let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
    exit(lost == 0 && duplicated == 0 && foreign == 0 ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("haven-load: \(error)\n".utf8))
    exit(1)
}
