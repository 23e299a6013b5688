import Foundation
import HavenConfig
import TestSupport
import XCTest

/// What a report template may hold (SPEC §10, #28 item 10): each kind of
/// refusal with variants, its whole message and where it points.
final class ReportTemplateRulesTests: XCTestCase {
    private func refusal(_ text: String) -> String? {
        ReportTemplateRules.problem(in: text).map { problem in
            "\(problem.offset): \(problem.message)"
        }
    }

    func testScriptAndElementsThatLoadAPageAreRefused() {
        let element = { (name: String) in
            "a report may not hold a <\(name)> element: it is HTML and pictures only, with no script and no network (SPEC §10)"
        }
        XCTAssertEqual(refusal("<p>hi</p><script>alert(1)</script>"), "9: " + element("script"))
        XCTAssertEqual(refusal("<SCRIPT src=x></SCRIPT>"), "0: " + element("script"))
        XCTAssertEqual(refusal("<svg><svg:script>x</svg:script></svg>"), "5: " + element("script"))
        XCTAssertEqual(refusal("<iframe srcdoc=\"x\"></iframe>"), "0: " + element("iframe"))
        XCTAssertEqual(refusal("<object data=\"a.swf\">"), "0: " + element("object"))
        XCTAssertEqual(refusal("<base href=\"/\">"), "0: " + element("base"))
        XCTAssertEqual(refusal("<meta http-equiv=\"refresh\" content=\"0\">"), "6: http-equiv= can make the page load "
            + "another (a refresh); a report is one self-contained page (SPEC §10)")
        XCTAssertNil(refusal("<meta charset=\"utf-8\"><!-- <script> in a comment is text -->"))
    }

    func testEventHandlersAreRefused() {
        let handler = { (name: String) in "\(name)= is an event handler, which runs script; a report has none (SPEC §10)" }
        XCTAssertEqual(refusal("<svg onload=\"alert(1)\">"), "5: " + handler("onload"))
        XCTAssertEqual(refusal("<rect class=\"a\"\n  ONCLICK = 'x'>"), "18: " + handler("onclick"))
        XCTAssertEqual(refusal("<img/onerror=alert(1)>"), "5: " + handler("onerror"))
        XCTAssertNil(refusal("<p class=\"onward\" title=\"on\">onload=1 as text</p>"))
    }

    func testRemoteAddressesAreRefusedAndANamespaceIsNotOne() {
        let remote = { (value: String) in
            "\"\(value)\" is a remote address or a script; a report is self-contained (SPEC §10): inline the picture as "
                + "data: or leave it out"
        }
        XCTAssertEqual(refusal("<img src=\"https://cdn.example/x.png\">"), "10: " + remote("https://cdn.example/x.png"))
        XCTAssertEqual(refusal("<img src=//cdn.example/x.png>"), "9: " + remote("//cdn.example/x.png"))
        XCTAssertEqual(refusal("<a href=\"javascript:alert(1)\">"), "9: " + remote("javascript:alert(1)"))
        XCTAssertEqual(refusal("<style>@import 'https://x/y.css';</style>"), "7: " + remote("@import 'https://x/y.css';"))
        XCTAssertEqual(refusal("<style>body { background: url(x.png) }</style>"), "7: " + remote("url(x.png)"))
        XCTAssertEqual(refusal("<p style=\"background:url('http://x/y')\">"), "10: " + remote("background:url('http://x/y')"))
        XCTAssertNil(refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
            + "<rect fill=\"url(#hatch)\"/><image href=\"data:image/png;base64,AA==\"/></svg>"))
        XCTAssertNil(refusal("<style>.a { fill: url(#hatch) }</style><p>see https://example.org in text</p>"))
    }

    /// An address a browser would read after decoding is an address:
    /// character references in attributes, escapes in CSS, tabs in a scheme.
    func testEncodedAddressesAreReadAsABrowserReadsThem() {
        let remote = { (value: String) in
            "\"\(value)\" is a remote address or a script; a report is self-contained (SPEC §10): inline the picture as "
                + "data: or leave it out"
        }
        XCTAssertEqual(refusal("<a href=\"javascript&#58;alert(1)\">"), "9: " + remote("javascript&#58;alert(1)"))
        XCTAssertEqual(refusal("<a href=\"java&#x09;script:alert(1)\">"), "9: " + remote("java&#x09;script:alert(1)"))
        XCTAssertEqual(refusal("<img src=\"&#x2F;&sol;cdn.example/x.png\">"), "10: " + remote("&#x2F;&sol;cdn.example/x.png"))
        XCTAssertEqual(refusal("<style>b { background: \\75 rl(x.png) }</style>"), "7: " + remote("url(x.png)"))
        XCTAssertEqual(refusal("<p style=\"background:&#117;rl(x.png)\">"), "10: " + remote("url(x.png)"))
        XCTAssertNil(refusal("<p title=\"Tom &amp; Jerry&#33;\" style=\"color: #2e9e5b\">a &lt; b</p>"))
    }

    func testValuesGoOnlyWhereEscapingKeepsThemText() {
        XCTAssertEqual(refusal("<p>{{{name}}}</p>"), "3: {{{name}}} prints a value without escaping it for HTML, so a "
            + "name could run as script; write {{name}}")
        XCTAssertEqual(refusal("<p>{{& name}}</p>"), "3: {{& name}} prints a value without escaping it for HTML, so a "
            + "name could run as script; write {{name}}")
        XCTAssertEqual(refusal("{{=<% %>=}}<%{name}%>"), "0: {{=<% %>=}} changes the tag delimiters, which the report's "
            + "checks do not follow; keep {{ }}")
        XCTAssertEqual(refusal("<rect {{attributes}}>"), "6: {{attributes}} stands where an attribute goes (or in a value "
            + "without quotes), where a value could add one; put it inside quotes, as in title=\"{{attributes}}\"")
        XCTAssertEqual(refusal("<rect title={{label}}>"), "12: {{label}} stands where an attribute goes (or in a value "
            + "without quotes), where a value could add one; put it inside quotes, as in title=\"{{label}}\"")
        XCTAssertEqual(refusal("<a href=\"{{link}}\">"), "9: {{link}} in href= could make an address from your data; a "
            + "report takes no address from a value")
        XCTAssertEqual(refusal("<style>.a { color: {{colour}} }</style>"), "19: {{colour}} in CSS could make an address "
            + "from your data; keep a report's style fixed text")
        XCTAssertEqual(refusal("{{> *which}}"), "0: {{> *which}} includes a template named by a value; name the "
            + "template, as in {{> tracker}}")
        XCTAssertNil(refusal("<rect {{#done}}class=\"done\"{{/done}} title=\"{{label}}\" x=\"{{x}}\"/>{{name}}"))
    }

    func testTheCorePacksTemplatesPass() throws {
        let folder = Repository.root + "/trackers/report"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            XCTAssertNil(refusal(try String(contentsOfFile: folder + "/" + file, encoding: .utf8)), file)
        }
    }

    /// Any text ends the scan: 5,000 random ones of the characters that
    /// matter, seeded so that a failure repeats.
    func testAnyTextEndsTheScan() {
        var generator = SeededGenerator(seed: 28)
        let alphabet = Array("<>{}\"'=/! -:#&*abcdefghijklmnorstuvwxyz\n")
        for _ in 0 ..< 5_000 {
            let length = Int.random(in: 0 ... 60, using: &generator)
            let text = String((0 ..< length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = ReportTemplateRules.problem(in: text)
            _ = ReportTemplateRules.partials(of: text)
        }
    }
}
