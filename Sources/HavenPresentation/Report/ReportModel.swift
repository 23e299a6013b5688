import HavenCore

/// Everything `haven report` shows, computed: every coordinate, colour
/// class and label is decided here, so the templates only place values and
/// the geometry is tested without a browser. Text is the person's own
/// (names, units) or Haven's words; the template engine escapes all of it.
public struct ReportModel: Sendable {
    public var title: String
    public var language: String
    public var range: String
    public var generated: String
    public var overview: Overview
    public var trackers: [TrackerReport]
    /// The outcome colours, for the legend.
    public var legend: [LegendItem]
    /// The templates' own words, in the report's language.
    public var text: Texts

    public struct Texts: Sendable, Equatable {
        public var legend: String
        public var table: String
        public var month: String
        public var score: String
        public var days30: String
        public var days365: String
        /// The outcomes' names, in the order of the heat maps' tables.
        public var outcomes: [String]
    }

    public struct LegendItem: Sendable, Equatable {
        public var outcome: String
        public var label: String
    }

    /// One square of a heat map.
    public struct Cell: Sendable, Equatable {
        public var x: Int
        public var y: Int
        /// `o-success`, `o-healed`, `o-frozen`, `o-broken`, `o-neutral`,
        /// `o-pending` or `o-none`, and `q1`…`q4` for a count or amount.
        public var classes: String
        /// The tooltip: the day, its outcome and what was logged.
        public var title: String
    }

    /// A label placed on a chart.
    public struct Label: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var text: String
    }

    /// All trackers, one row each, over the last weeks of the range.
    public struct Overview: Sendable {
        /// A square's side.
        public var cell: Int
        public var width: Int
        public var height: Int
        public var label: String
        public var rows: [Row]
        public var days: [Label]

        public struct Row: Sendable {
            public var name: String
            public var y: Int
            public var cells: [Cell]
        }
    }

    public struct TrackerReport: Sendable {
        public var anchor: String
        public var name: String
        public var icon: String
        public var summary: String
        public var heatMaps: [HeatMap]
        public var score: ScoreLine
        public var streaks: StreakBars
        public var weekdays: Bars
        public var totals: Bars
        /// "When and why": nil for a tracker with nothing logged in the range.
        public var when: WhenAndWhy?
    }

    /// The weekday × hour grid, what stands out, the top triggers and the days between relapses.
    public struct WhenAndWhy: Sendable {
        public var title: String
        public var width: Int
        public var height: Int
        /// A square's side.
        public var cell: Int
        public var label: String
        /// `w0` (nothing) to `w4` (the busiest quarter).
        public var cells: [Cell]
        public var hours: [Label]
        public var weekdays: [Label]
        /// The sentences under the grid.
        public var sentences: [String]
        public var triggersTitle: String
        /// "boredom: 20 (before: 1)".
        public var triggers: [String]
        /// The plain-table fallback: a weekday per row, 4-hour blocks as columns.
        public var header: [String]
        public var tableRows: [TableRow]
    }

    /// 53 weeks × 7 days, Monday on top.
    public struct HeatMap: Sendable {
        /// A square's side.
        public var cell: Int
        public var width: Int
        public var height: Int
        public var label: String
        public var cells: [Cell]
        public var months: [Label]
        public var weekdays: [Label]
        /// The plain-table fallback: one row per month.
        public var table: [MonthRow]

        public struct MonthRow: Sendable, Equatable {
            public var month: String
            public var counts: [Int]
        }
    }

    public struct ScoreLine: Sendable {
        public var width: Int
        public var height: Int
        public var label: String
        /// SVG polyline points, "x,y x,y …".
        public var points: String
        public var grid: [Label]
        public var now: String
        public var change30: String
        public var change365: String
        public var tableRows: [TableRow]
    }

    public struct TableRow: Sendable, Equatable {
        public var cells: [String]
    }

    public struct StreakBars: Sendable {
        public var title: String
        public var width: Int
        public var height: Int
        public var label: String
        public var bars: [Bar]
        public var isEmpty: Bool { bars.isEmpty }
    }

    /// Bars of a chart: vertical (weekdays, totals) or horizontal (streaks).
    public struct Bar: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var label: String
        public var title: String
        /// Where the label goes.
        public var labelX: Int
        public var labelY: Int
        /// The bar's value written above it ("" where bars are too narrow for it).
        public var value: String = ""
        public var valueX: Int = 0
        public var valueY: Int = 0
    }

    public struct Bars: Sendable {
        public var title: String
        public var width: Int
        public var height: Int
        public var label: String
        public var bars: [Bar]
        /// The goal as a line across the chart, when there is one.
        public var goal: GoalLine?
        public var tableRows: [TableRow]
        public var header: [String]
        /// The vertical scale: its top value and 0, at the left.
        public var scale: [Label] = []
        /// The baseline's left and right end.
        public var axisX1 = 0
        public var axisX2 = 0
        public var axisY = 0
    }

    public struct GoalLine: Sendable, Equatable {
        public var y: Int
        public var x2: Int
        public var label: String
    }
}
