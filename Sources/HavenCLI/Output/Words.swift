import Foundation
/// Haven's own words in the person's language, English as the fallback.
/// The English phrase is the key; `{}` marks where a value goes.
struct Words: Sendable {
    let language: String

    /// The languages Haven's own words come in.
    static let languages = ["en", "de"]

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
        "awareness": "Achtsamkeit", "avoidance": "Verzicht",
        "streak {} · longest {}": "Serie {} · längste {}",
        "jokers: {} available, {} earned, {} used": "Joker: {} verfügbar, {} verdient, {} eingesetzt",
        "freezes: {} available": "Freezes: {} verfügbar",
        "habit strength: {}%": "Gewohnheitsstärke: {} %",
        "at risk: logging today keeps the streak": "heute noch offen: ein Eintrag heute hält die Serie",
        "at risk: the week needs today to be met": "heute noch offen: die Woche braucht den heutigen Tag",
        "at risk: the month needs today to be met": "heute noch offen: der Monat braucht den heutigen Tag",
        "archived ({}, {} to {}): streak {}, longest {}": "archiviert ({}, {} bis {}): Serie {}, längste {}",
        "jokers {}": "Joker {}",
        "{} joker available": "{} Joker verfügbar", "{} jokers available": "{} Joker verfügbar",
        "{} used of {} earned": "{} von {} verdienten eingesetzt",
        "one every {}, at most {}": "einer alle {}, höchstens {}",
        "No tracker has a reward rule; add 'rewards: core/joker' to one to earn jokers.":
            "Kein Tracker hat eine Belohnungsregel; 'rewards: core/joker' in einem Tracker bringt Joker.",
        "No entries for {} today.": "Heute keine Einträge für {}.",
        "day {}": "Tag {}",
        "No entries for {} in the last {} days.": "Keine Einträge für {} in den letzten {} Tagen.",
        "Already frozen; nothing changed.": "Schon eingefroren; nichts geändert.",
        "{}..{} ({} days)": "{}..{} ({} Tage)",
        " Its period was already frozen: no freeze spent.": " Der Zeitraum war schon eingefroren: kein Freeze verbraucht.",
        "Frozen for {}: {}.": "Eingefroren für {}: {}.",
        "Unfrozen for {}: {}.": "Aufgetaut für {}: {}.",
        " {} freeze given back.": " {} Freeze zurückgegeben.", " {} freezes given back.": " {} Freezes zurückgegeben.",
        "No freeze on {} for {}; nothing changed.": "Kein Freeze am {} für {}; nichts geändert.",
        "No freeze today for {}; nothing changed.": "Heute kein Freeze für {}; nichts geändert.",
        "No freezes for {}.": "Keine Freezes für {}.", "No freezes.": "Keine Freezes.",
        "Entry {} undone: {}": "Eintrag {} rückgängig gemacht: {}",
        "Entry {} deleted: {}": "Eintrag {} gelöscht: {}",
        "Milestone: {} days in a row.": "Meilenstein: {} Tage am Stück.",
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
