import Foundation
/// Haven's own words in the person's language, English as the fallback.
/// The English phrase is the key; `{}` marks where a value goes.
struct Words: Sendable {
    let language: String

    /// German for the words of the daily loop.
    private static let german: [String: String] = [
        "{} today": "heute {}",
        "{} this week": "diese Woche {}",
        "{} this month": "diesen Monat {}",
        "{} in the last {} days": "{} in den letzten {} Tagen",
        "{} day": "{} Tag", "{} days": "{} Tage", "{} week": "{} Woche", "{} weeks": "{} Wochen",
        "{} month": "{} Monat", "{} months": "{} Monate",
        "logged for {}": "eingetragen für {}",
        "frozen": "eingefroren",
        "not logged yet": "noch nicht erfasst",
        "{} of at most {}": "{} von höchstens {}",
        "clear so far": "bisher frei",
        "relapse logged": "Rückfall notiert",
        "nothing noticed yet": "noch nichts bemerkt",
        "noticed {}×": "{}× bemerkt",
        "open": "offen",
        "done": "erledigt",
        "done {}×": "{}× erledigt",
        "no streak": "ohne Serie",
        "streak {}": "Serie {}",
        " (a joker kept it)": " (ein Joker hat sie gehalten)",
        "{} joker": "{} Joker",
        "{} jokers": "{} Joker",
        "{} freeze": "{} Freeze",
        "{} freezes": "{} Freezes",
        "at risk": "heute noch offen",
        "Milestone: {} days in a row.": "Meilenstein: {} Tage am Stück.",
        "Milestone: {} weeks in a row.": "Meilenstein: {} Wochen am Stück.",
        "Milestone: {} months in a row.": "Meilenstein: {} Monate am Stück.",
        "Nothing due.": "Nichts fällig.",
        "Nothing open today.": "Heute ist nichts offen.",
        "Nothing logged today.": "Heute noch nichts eingetragen.",
        "Time to check in": "Zeit für einen Check-in",
        "Nothing open today. Good night.": "Heute ist nichts mehr offen. Gute Nacht.",
        "Still open today:": "Heute noch offen:",
        "noticed": "bemerkt",
        "relapse": "Rückfall",
        "skip (freeze)": "aussetzen (Freeze)",
        "a number": "eine Zahl",
        "an amount": "eine Menge",
        "leave open": "offen lassen",
        "stop": "aufhören",
        "left open": "offen gelassen",
        "how many?": "wie viele?",
        "(nothing logged)": "(nichts eingetragen)",
        "(a relapse)": "(ein Rückfall)",
        "Type 'help' for commands, ID VALUE to log (water +1), 'quit' or Ctrl-D to leave.":
            "'help' zeigt die Befehle, ID WERT trägt ein (water +1), 'quit' oder Strg-D beendet.",
        "success": "Erfolg", "healed": "geheilt", "broken": "unterbrochen", "neutral": "neutral", "pending": "offen",
        "January": "Januar", "February": "Februar", "March": "März", "April": "April", "May": "Mai", "June": "Juni",
        "July": "Juli", "August": "August", "September": "September", "October": "Oktober", "November": "November",
        "December": "Dezember",
        " Mo Tu We Th Fr Sa Su": " Mo Di Mi Do Fr Sa So",
    ]

    /// `english` in the language, with each `{}` replaced by the next value.
    func callAsFunction(_ english: String, _ values: CustomStringConvertible...) -> String {
        var text = language == "de" ? Words.german[english] ?? english : english
        for value in values {
            guard let range = text.range(of: "{}") else { break }
            text.replaceSubrange(range, with: value.description)
        }
        return text
    }
}
