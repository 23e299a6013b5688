/// Values from 0 to 1 as a line of eighth blocks, `▁` for 0 to `█` for 1:
/// the score's recent course in one line of text.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func text(_ values: [Double]) -> String {
        String(values.map { value in
            blocks[min(7, max(0, Int((value * 8).rounded(.down))))]
        })
    }
}
