import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// Problems across files: references, presets, hooks paths, pack manifests, file names.
final class ReferenceDiagnosticTests: XCTestCase {
    func testDanglingLevels() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\nlevels: core/noalx\n",
        ], [
            #"""
trackers/t.yaml:3:9: error: unknown level set 'core/noalx' (did you mean 'core/noalc'?)
    levels: core/noalx
            ^~~~~~~~~~
"""#,
        ])
    }

    func testDanglingRewards() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nrewards: core/jokr\n",
        ], [
            #"""
trackers/t.yaml:2:10: error: unknown reward rule 'core/jokr' (did you mean 'core/joker'?)
    rewards: core/jokr
             ^~~~~~~~~
"""#,
        ])
    }

    func testExtendsUnknown() {
        assertDiagnostics([
            "trackers/t.yaml": "extends: core/watr\n",
        ], [
            #"""
trackers/t.yaml:1:10: error: unknown preset 'core/watr' (did you mean 'core/water'?)
    extends: core/watr
             ^~~~~~~~~
"""#,
        ])
    }

    func testExtendsCycle() {
        assertDiagnostics([
            "presets/a.yaml": "name: A\nextends: b\n",
            "presets/b.yaml": "name: B\nextends: a\n",
            "trackers/t.yaml": "extends: a\n",
        ], [
            #"""
presets/b.yaml:2:10: error: extends cycle: local/a → local/b → local/a; one of these presets must stop extending the next
    extends: a
             ^
"""#,
            #"""
trackers/t.yaml:1:10: error: preset 'local/a' could not be loaded; fix the errors in its file first
    extends: a
             ^
"""#,
        ])
    }

    func testEightLevels() {
        assertDiagnostics([
            "levels/big.yaml": "levels: [{key: l0}, {key: l1}, {key: l2}, {key: l3}, {key: l4}, {key: l5}, {key: l6}, {key: l7}]\n",
            "trackers/t.yaml": "name: X\ninput: levels\nlevels: big\n",
        ], [
            #"""
levels/big.yaml:1:9: error: a level set has 2 to 7 levels, this one has 8
    levels: [{key: l0}, {key: l1}, {key: l2}, {key: l3}, {key: l4}, {key: l5}, {key: l6}, {key: l7}]
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
"""#,
            #"""
trackers/t.yaml:3:9: error: level set 'local/big' could not be loaded; fix the errors in its file first
    levels: big
            ^~~
"""#,
        ])
    }

    func testALevelSetWithAnyProblemIsBrokenWholeAndItsTrackersSaySo() {
        // Two good levels and one unknown key: no tracker may go live with
        // the levels that survived.
        let files = [
            "levels/mine.yaml": "levels:\n  - key: a\n    colour: red\n  - key: b\n",
            "trackers/t.yaml": "name: X\ninput: levels\nlevels: mine\n",
        ]
        assertDiagnostics(files, [
            #"""
levels/mine.yaml:3:5: error: unknown key 'colour' in a level; valid keys: key, icon, label, effect, health, health_range
        colour: red
        ^~~~~~
"""#,
            #"""
trackers/t.yaml:3:9: error: level set 'local/mine' could not be loaded; fix the errors in its file first
    levels: mine
            ^~~~
"""#,
        ])
        let home = TemporaryDirectory().write(files)
        XCTAssertEqual(Load.home(home.path).trackers.map(\.id), [])
    }

    func testHooksMissing() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nhooks: hooks/t.lua\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: hooks file 'hooks/t.lua' not found; create it or fix the path
    hooks: hooks/t.lua
           ^~~~~~~~~~~
"""#,
        ])
    }

    func testHooksEscape() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nhooks: ../evil.lua\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: hooks must be a .lua file inside the pack, written relative to its root (e.g. hooks/noalc.lua)
    hooks: ../evil.lua
           ^~~~~~~~~~~
"""#,
        ])
    }

    func testBadFilename() {
        assertDiagnostics([
            "trackers/Water.yaml": "name: X\n",
        ], [
            #"""
trackers/Water.yaml: error: file name 'Water.yaml' is not a valid tracker id; rename the file (lower-case letters, digits and '-', starting with a letter) or add 'id:'
"""#,
        ])
    }

    func testYml() {
        assertDiagnostics([
            "trackers/water.yml": "name: X\n",
        ], [
            #"""
trackers/water.yml: error: Haven reads files ending in .yaml; rename this file to water.yaml
"""#,
        ])
    }

    func testBadId() {
        assertDiagnostics([
            "trackers/t.yaml": "id: Water_1\nname: X\n",
        ], [
            #"""
trackers/t.yaml:1:5: error: id 'Water_1' must be lower-case letters, digits and '-', starting with a letter
    id: Water_1
        ^~~~~~~
"""#,
        ])
    }

    func testPackRange() {
        assertDiagnostics([
            "pack.yaml": "haven: \">=2.0\"\n",
            "trackers/t.yaml": "name: X\n",
        ], [
            #"""
pack.yaml:1:8: error: this pack needs Haven >=2.0; this is Haven 0.1.0
    haven: ">=2.0"
           ^~~~~~~
"""#,
        ])
    }

    func testTheEveningCheckInNeedsATime() {
        assertDiagnostics([
            "pack.yaml": "checkin: { at: \"9pm\" }\n",
            "trackers/t.yaml": "name: X\n",
        ], [
            #"""
pack.yaml:1:16: error: at must be a time written "HH:MM" (24-hour clock, e.g. "18:00"), not '9pm'
    checkin: { at: "9pm" }
                   ^~~~~
"""#,
        ])
        assertDiagnostics([
            "pack.yaml": "checkin: { when: \"21:00\" }\n",
            "trackers/t.yaml": "name: X\n",
        ], [
            #"""
pack.yaml:1:10: error: checkin needs 'at:', the time of the evening check-in, such as { at: "21:00" }
    checkin: { when: "21:00" }
             ^~~~~~~~~~~~~~~~~
"""#,
            #"""
pack.yaml:1:12: error: unknown key 'when' in checkin; valid keys: at
    checkin: { when: "21:00" }
               ^~~~
"""#,
        ])
    }

    func testPackDefaults() {
        assertDiagnostics([
            "pack.yaml": "defaults: [watr]\n",
            "presets/water.yaml": "name: W\n",
        ], [
            #"""
pack.yaml:1:12: error: default 'watr' is not a preset of this pack (did you mean 'water'?)
    defaults: [watr]
               ^~~~
"""#,
        ])
    }

    func testBrokenLevelFile() {
        assertDiagnostics([
            "levels/x.yaml": "levels: [ {key: a}\n",
            "trackers/t.yaml": "name: X\ninput: levels\nlevels: x\n",
        ], [
            #"""
levels/x.yaml:2:1: error: did not find expected ',' or ']' (while parsing a flow sequence at line 1)
    
    ^
"""#,
            #"""
trackers/t.yaml:3:9: error: level set 'local/x' could not be loaded; fix the errors in its file first
    levels: x
            ^
"""#,
        ])
    }

    func testBrokenPreset() {
        assertDiagnostics([
            "presets/p.yaml": "name: P\ninput: countr\n",
            "trackers/t.yaml": "extends: p\n",
        ], [
            #"""
presets/p.yaml:2:8: error: unknown input 'countr' (did you mean 'count'?)
    input: countr
           ^~~~~~
"""#,
        ])
    }

    func testRewardFileTypo() {
        assertDiagnostics([
            "rewards/r.yaml": "earn_evry: 7\n",
        ], [
            #"""
rewards/r.yaml:1:1: error: rewards need 'earn_every:' (a joker is earned each time the streak reaches a multiple of it)
    earn_evry: 7
    ^
"""#,
            #"""
rewards/r.yaml:1:1: error: unknown key 'earn_evry' in rewards (did you mean 'earn_every'?)
    earn_evry: 7
    ^~~~~~~~~
"""#,
        ])
    }
}
