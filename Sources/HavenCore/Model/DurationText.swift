/// Lengths as people write them: `30s`, `10m`, `1h`, `1h30m`, `1m30s`,
/// `2.5m`; each unit once, largest first.
public enum DurationText {
    public static func milliseconds(_ text: String) -> Int? {
        let units: [(Character, Double)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        var rest = Substring(text)
        var total = 0.0
        var next = 0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, number.count < 10, let value = Double(number), let unit = rest.dropFirst(number.count).first,
                  let index = units.firstIndex(where: { $0.0 == unit }), index >= next else { return nil }
            total += value * units[index].1
            next = index + 1
            rest = rest.dropFirst(number.count + 1)
        }
        guard next > 0, total.isFinite, total < Double(Int32.max) else { return nil }
        return Int(total.rounded())
    }
}
