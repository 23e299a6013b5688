import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// Every preset, level set and reward rule of SPEC §6, decoded from the
/// repository's trackers/ folder.
final class CorePackTests: XCTestCase {
    private static let catalog = Load.home(TemporaryDirectory().path)

    private func preset(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> TrackerDefinition {
        try XCTUnwrap(Self.catalog.presets["core/\(id)"], "no preset core/\(id)", file: file, line: line)
    }

    func testCoreLoadsWithoutDiagnostics() {
        XCTAssertEqual(Self.catalog.diagnostics.map(\.rendered), [])
        XCTAssertEqual(Self.catalog.presets.keys.sorted(), [
            "core/doomscrolling", "core/feelings", "core/gratitude", "core/journaling", "core/meditation",
            "core/mood", "core/nail-biting", "core/noalc", "core/phone-in-conversation", "core/procrastination",
            "core/reading", "core/rumination", "core/snacking", "core/stretching", "core/walking", "core/water",
            "core/workout",
        ])
        XCTAssertEqual(Self.catalog.levelSets.keys.sorted(), ["core/energy", "core/mood", "core/noalc"])
        XCTAssertEqual(Self.catalog.rewards.keys.sorted(), ["core/joker"])
    }

    func testManifestNamesTheDefaults() throws {
        let core = try XCTUnwrap(Self.catalog.packs.first { $0.location.id == "core" })
        XCTAssertEqual(core.manifest.defaults, ["noalc", "mood"])
        XCTAssertEqual(core.manifest.haven, ">=0.1")
    }

    func testNoAlc() throws {
        let noalc = try preset("noalc")
        XCTAssertEqual(noalc.name.resolve("en"), "NoAlc")
        XCTAssertEqual(noalc.name.resolve("de"), "NoAlc")
        XCTAssertEqual(noalc.icon, "🍷")
        XCTAssertEqual(noalc.type, .saboteur)
        XCTAssertEqual(noalc.mode, .awareness)
        XCTAssertEqual(noalc.input, .levels)
        XCTAssertEqual(noalc.levels?.reference, "core/noalc")
        XCTAssertEqual(noalc.levels?.levels.map(\.key), ["steady", "easy", "wild"])
        XCTAssertEqual(noalc.levels?.levels.map(\.effect), [.success, .grace, .grace])
        XCTAssertEqual(noalc.levels?.levels.map(\.health), [0, 4, 6])
        XCTAssertEqual(noalc.levels?.levels.map(\.icon), ["💧", "✨", "💥"])
        XCTAssertEqual(noalc.levels?.levels.map { $0.label.resolve("de") }, ["Kaum", "Überschaubar", "Party"])
        XCTAssertEqual(noalc.levels?.levels.map { $0.label.resolve("en") }, ["Steady", "Easy", "Wild"])
        XCTAssertEqual(noalc.levels?.levels.map(\.healthRange), [
            HealthRange(lower: 0, upper: 3), HealthRange(lower: 4, upper: 5), HealthRange(lower: 6, upper: nil),
        ])
        XCTAssertEqual(noalc.rewards, RewardRule(reference: "core/joker", earnEvery: 7, max: 3, heals: true))
        XCTAssertEqual(noalc.dayBoundary, TimeOfDay(hour: 18, minute: 0))
        XCTAssertTrue(noalc.pinned)
        XCTAssertEqual(noalc.health, HealthMapping(type: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages",
                                                   unit: "count"))
        XCTAssertEqual(noalc.reminders.first?.at, TimeOfDay(hour: 9, minute: 0))
        XCTAssertEqual(noalc.reminders.first?.enabled, false)
        XCTAssertEqual(noalc.reminders.first?.days, Weekday.allCases)
        XCTAssertEqual(noalc.reminders.first?.message?.resolve("en"), "NoAlc Check-In")
        var streak = StreakRule()
        streak.milestones = [7, 30, 100, 365]
        XCTAssertEqual(noalc.streak, streak, "every core preset celebrates 7, 30, 100 and 365")
        XCTAssertNil(noalc.freezes)
    }

    func testMood() throws {
        let mood = try preset("mood")
        XCTAssertEqual(mood.name.resolve("en"), "Mood")
        XCTAssertEqual(mood.name.resolve("de"), "Stimmung")
        XCTAssertEqual(mood.icon, "😊")
        XCTAssertEqual(mood.type, .good)
        XCTAssertNil(mood.mode)
        XCTAssertEqual(mood.input, .levels)
        XCTAssertEqual(mood.levels?.levels.map(\.key), ["awful", "bad", "okay", "good", "great"])
        XCTAssertEqual(mood.levels?.levels.map(\.icon), ["😢", "😕", "😐", "🙂", "😊"])
        XCTAssertEqual(mood.levels?.levels.map { $0.label.resolve("en") }, ["Awful", "Bad", "Okay", "Good", "Great"])
        XCTAssertEqual(mood.levels?.levels.map { $0.label.resolve("de") }, ["Mies", "Schlecht", "Okay", "Gut", "Super"])
        XCTAssertEqual(Set(mood.levels?.levels.map(\.effect) ?? []), [.success])
        XCTAssertEqual(mood.health, HealthMapping(type: "HKStateOfMind", unit: "valence"))
        XCTAssertNil(mood.rewards)
        XCTAssertFalse(mood.pinned)
    }

    func testEnergyLevelSet() throws {
        let energy = try XCTUnwrap(Self.catalog.levelSets["core/energy"])
        XCTAssertEqual(energy.levels.map(\.key), ["low", "medium", "high"])
        XCTAssertEqual(energy.levels.map(\.icon), ["🔋", "⚡", "🔥"])
        XCTAssertEqual(Set(energy.levels.map(\.effect)), [.success])
    }

    func testFeelingsAndGratitude() throws {
        let feelings = try preset("feelings")
        XCTAssertEqual([feelings.name.resolve("en"), feelings.name.resolve("de")], ["Feelings", "Gefühle"])
        XCTAssertEqual(feelings.icon, "💭")
        XCTAssertEqual(feelings.type, .good)
        XCTAssertEqual(feelings.input, .check)
        XCTAssertEqual(feelings.health, HealthMapping(type: "HKStateOfMind"))
        let gratitude = try preset("gratitude")
        XCTAssertEqual([gratitude.name.resolve("en"), gratitude.name.resolve("de")], ["Gratitude", "Dankbarkeit"])
        XCTAssertEqual(gratitude.icon, "🙏")
        XCTAssertEqual(gratitude.input, .check)
        XCTAssertNil(gratitude.health)
    }

    func testWater() throws {
        let water = try preset("water")
        XCTAssertEqual([water.name.resolve("en"), water.name.resolve("de")], ["Drink Water", "Wasser trinken"])
        XCTAssertEqual(water.icon, "💧")
        XCTAssertEqual(water.type, .good)
        XCTAssertEqual(water.input, .count)
        XCTAssertEqual([water.unit?.resolve("en"), water.unit?.resolve("de")], ["glasses", "Gläser"])
        XCTAssertEqual(water.goal, .atLeast(8))
        XCTAssertEqual(water.health, HealthMapping(type: "HKQuantityTypeIdentifierDietaryWater", unit: "mL", per: 250))
        XCTAssertNil(water.rewards)
    }

    func testMeditationAndWorkout() throws {
        let meditation = try preset("meditation")
        XCTAssertEqual(meditation.icon, "🧘")
        XCTAssertEqual(meditation.input, .amount)
        XCTAssertEqual([meditation.unit?.resolve("en"), meditation.unit?.resolve("de")], ["min", "Min."])
        XCTAssertEqual(meditation.goal, .atLeast(2))
        XCTAssertEqual(meditation.rewards, RewardRule(reference: "core/joker", earnEvery: 7, max: 3, heals: true))
        XCTAssertEqual(meditation.health, HealthMapping(type: "HKCategoryTypeIdentifierMindfulSession", unit: "min"))
        let workout = try preset("workout")
        XCTAssertEqual(workout.name.resolve("de"), "Workout")
        XCTAssertEqual(workout.icon, "💪")
        XCTAssertEqual(workout.input, .amount)
        XCTAssertEqual([workout.unit?.resolve("en"), workout.unit?.resolve("de")], ["min", "Min."])
        XCTAssertEqual(workout.goal, .atLeast(2))
        XCTAssertEqual(workout.rewards?.reference, "core/joker")
        XCTAssertNil(workout.health)
    }

    func testCheckPresets() throws {
        let expected: [(id: String, en: String, de: String, icon: String, type: TrackerType)] = [
            ("stretching", "Stretching", "Dehnen", "🤸", .good), ("reading", "Reading", "Lesen", "📖", .good),
            ("journaling", "Journaling", "Tagebuch", "📝", .good), ("walking", "Walking", "Spazieren", "🚶", .good),
            ("doomscrolling", "Doomscrolling", "Doomscrolling", "📱", .saboteur),
            ("snacking", "Snacking", "Snacking", "🍫", .saboteur),
            ("procrastination", "Procrastination", "Prokrastination", "🛋️", .saboteur),
            ("rumination", "Rumination", "Grübeln", "🌀", .saboteur),
            ("phone-in-conversation", "Phone During Conversations", "Handy im Gespräch", "📵", .saboteur),
            ("nail-biting", "Nail biting", "Nägelkauen", "💅", .saboteur),
        ]
        for row in expected {
            let tracker = try preset(row.id)
            XCTAssertEqual(tracker.name.resolve("en"), row.en, row.id)
            XCTAssertEqual(tracker.name.resolve("de"), row.de, row.id)
            XCTAssertEqual(tracker.icon, row.icon, row.id)
            XCTAssertEqual(tracker.type, row.type, row.id)
            // Saboteurs start in awareness mode: noticing comes first.
            XCTAssertEqual(tracker.mode, row.type == .saboteur ? .awareness : nil, row.id)
            XCTAssertEqual(tracker.input, .check, row.id)
            XCTAssertNil(tracker.goal, row.id)
        }
    }

    func testLanguageFallsBackToEnglish() throws {
        XCTAssertEqual(try preset("water").name.resolve("fr"), "Drink Water")
    }
}
