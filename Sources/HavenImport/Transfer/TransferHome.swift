import Foundation
import HavenCore

/// What an import or an export asks of a home: its trackers and history,
/// "now" and its zone, its tracker files, the hooks that read health
/// values, and the two writes an import makes. The runtime answers it
/// from a session; tests answer it from memory. Its failures pass through
/// as they are; an import's own problems become one through `failure(_:)`.
public protocol TransferHome {
    associatedtype Failure: Error

    /// Every live tracker, in file order.
    var trackers: [TrackerDefinition] { get }
    /// The person's zone, and "now" in milliseconds since 1970.
    var zone: TimeZone { get }
    var milliseconds: Int64 { get }
    /// The first line of the home's tracker file `id`: nil when there is
    /// no such file, "" when it cannot be read.
    func firstLine(ofTrackerFile id: String) -> String?
    /// The text of the home's own tracker file `id` (not a pack's), or nil.
    func trackerFileText(_ id: String) -> String?
    /// The live tracker `id`, or the home's failure for an unknown one.
    func tracker(_ id: String) throws(Failure) -> TrackerDefinition
    /// Everything not derived, in the order written.
    func contents() throws(Failure) -> StoreContents
    /// One tracker's entries.
    func entries(tracker: String) throws(Failure) -> [Entry]
    /// The level a health value reads back as (`health_range`, or the
    /// hook); nil when no level takes it.
    func level(fromHealth value: Double, of tracker: String) throws(Failure) -> String?
    /// The `health_value` hook's numbers for entries, or nil when the tracker has no such hook.
    func healthValues(_ entries: [Entry], of tracker: String) throws(Failure) -> [Double?]?
    /// Checks new tracker files as the home would load them, beside everything it has.
    func validate(_ files: [NewTracker], from app: String) throws(Failure)
    /// Writes the new tracker files, then merges `contents` in one
    /// transaction; when that fails, the files go again. Nothing with `dryRun`.
    func commit(_ files: [NewTracker], _ contents: StoreContents, dryRun: Bool) throws(Failure) -> StoreContents.Added
    /// An import's problem as a failure of this home.
    func failure(_ problem: ImportError) -> Failure
    /// The health type a practice's entries (`source: timer`) take on a
    /// tracker without a `health:` of its own, by tracker id (SPEC §14).
    var practiceHealth: [String: HealthMapping] { get }
}

extension TransferHome {
    public var practiceHealth: [String: HealthMapping] { [:] }

    /// Today's date in the person's zone.
    var today: Day {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return DayAssignment.day(instant: milliseconds, offset: zone.secondsFromGMT(for: date), boundary: .midnight)
    }
}
