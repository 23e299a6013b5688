import TestSupport
import XCTest

/// YAML syntax and unknown keys, each with the whole rendered diagnostic.
final class SyntaxDiagnosticTests: XCTestCase {
    func testUnknownKeySuggest() {
        assertDiagnostics([
            "trackers/t.yaml": "name: Water\ninptu: check\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: unknown key 'inptu' in a tracker (did you mean 'input'?)
    inptu: check
    ^~~~~
"""#,
        ])
    }

    func testUnknownKeyList() {
        assertDiagnostics([
            "trackers/t.yaml": "name: Water\ncolour: red\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: unknown key 'colour' in a tracker; valid keys: id, name, icon, type, mode, input, unit, goal, levels, day_boundary, streak, rewards, freezes, reminder, health, pinned, archived, extends, hooks, since
    colour: red
    ^~~~~~
"""#,
        ])
    }

    func testDupKey() {
        assertDiagnostics([
            "trackers/t.yaml": "name: Water\ninput: count\nname: Wasser\n",
        ], [
            #"""
trackers/t.yaml:3:1: error: duplicate key 'name' (first written at line 1); keep one of them
    name: Wasser
    ^~~~
"""#,
        ])
    }

    func testSyntax() {
        assertDiagnostics([
            "trackers/t.yaml": "name: [Water\ninput: count\n",
        ], [
            #"""
trackers/t.yaml:2:6: error: did not find expected ',' or ']' (while parsing a flow sequence at line 1)
    input: count
         ^
"""#,
        ])
    }

    func testMultiDoc() {
        assertDiagnostics([
            "trackers/t.yaml": "name: A\n---\nname: B\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: a Haven YAML file holds one document; move the part after '---' into a file of its own
    ---
    ^~~
"""#,
        ])
    }

    func testSeveral() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: counter\ntype: saboter\nday_boundary: \"7pm\"\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
    input: counter
           ^~~~~~~
"""#,
            #"""
trackers/t.yaml:3:7: error: unknown type 'saboter' (did you mean 'saboteur'?)
    type: saboter
          ^~~~~~~
"""#,
            #"""
trackers/t.yaml:4:15: error: day_boundary must be a time written "HH:MM" (24-hour clock, e.g. "18:00"), not '7pm'
    day_boundary: "7pm"
                  ^~~~~
"""#,
        ])
    }

    func testTabs() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ngoal:\n\tat_least: 3\n",
        ], [
            #"""
trackers/t.yaml:3:1: error: found character that cannot start any token (while scanning for the next token at line 3); YAML indents with spaces, not tabs
    	at_least: 3
    ^
"""#,
        ])
    }

    func testNotMapping() {
        assertDiagnostics([
            "trackers/t.yaml": "- a\n- b\n",
        ], [
            #"""
trackers/t.yaml:1:1: error: a tracker file must be a mapping of keys to values, not a list
    - a
    ^
"""#,
        ])
    }

    func testNestedKey() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak:\n  perod: week\n",
        ], [
            #"""
trackers/t.yaml:3:3: error: unknown key 'perod' in streak (did you mean 'period'?)
      perod: week
      ^~~~~
"""#,
        ])
    }
}
