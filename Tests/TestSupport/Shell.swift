import Foundation

/// Runs another program (found on PATH) to its end: xmllint, chromium, python3.
public enum Shell {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func run(_ program: String, _ arguments: [String], input: String? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 120) -> Result {
        let inherited = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        guard let executable = Spawn.find(program, path: inherited["PATH"]) else {
            return Result(status: 127, stdout: "", stderr: "could not start \(program): not found on PATH")
        }
        let run = Spawn.run(executable, arguments, environment: inherited, input: input, timeout: timeout)
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }
}

/// The pixels of an 8-bit RGB or RGBA PNG, decoded by Python's zlib (the
/// test machine has no other PNG reader to trust).
public struct PNGPixels {
    public let width: Int
    public let height: Int
    /// RGB, three bytes a pixel, row after row.
    private let rgb: [UInt8]

    public init(path: String) throws {
        let raw = path + ".rgb"
        let script = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\x89PNG\r\n\x1a\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, colour = struct.unpack('>IIBB', body[:10])
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6), (depth, colour)
        bpp = 3 if colour == 2 else 4
        stream, stride = zlib.decompress(idat), width * bpp
        out, prev = bytearray(), bytearray(stride)
        for y in range(height):
            f, row = stream[y * (stride + 1)], bytearray(stream[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = row[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                if f == 1: row[i] = (row[i] + a) & 255
                elif f == 2: row[i] = (row[i] + b) & 255
                elif f == 3: row[i] = (row[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            prev = row
            for x in range(width):
                out += row[x * bpp:x * bpp + 3]
        open(sys.argv[2], 'wb').write(out)
        print(width, height)
        """#
        let run = Shell.run("python3", ["-c", script, path, raw])
        let size = run.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard run.status == 0, size.count == 2, let bytes = FileManager.default.contents(atPath: raw) else {
            throw PNGError(detail: run.stderr)
        }
        width = size[0]
        height = size[1]
        rgb = [UInt8](bytes)
    }

    public func rgb(x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * 3
        return Array(rgb[i..<i + 3])
    }

    /// How many pixels are within `tolerance` of `colour` in each channel.
    public func count(of colour: [UInt8], tolerance: Int = 2) -> Int {
        var n = 0
        var i = 0
        while i < rgb.count {
            if abs(Int(rgb[i]) - Int(colour[0])) <= tolerance && abs(Int(rgb[i + 1]) - Int(colour[1])) <= tolerance
                && abs(Int(rgb[i + 2]) - Int(colour[2])) <= tolerance { n += 1 }
            i += 3
        }
        return n
    }
}

public struct PNGError: Error {
    public var detail: String
}
