import Foundation
import HavenCore
import HavenRuntime

/// A random generator with a seed, so that a failing randomised test can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to n − 1.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

public enum Sessions {
    /// A session on `home` (trackers already written there) at local time `now` in `zone`.
    public static func open(_ home: String, now: String, zone: String = "UTC") throws -> Session {
        let tz = TimeZone(identifier: zone)!
        let environment = HavenProcess.patientHooks.merging(["HAVEN_CORE_PACK": Repository.corePack]) { $1 }
        let runtime = try Runtime(home: home, environment: environment,
                                  currentDirectory: home, executable: nil)
        return try Session(runtime: runtime, clock: Clock(now: TimeInput.parse(now, zone: tz)!, zone: tz))
    }
}
