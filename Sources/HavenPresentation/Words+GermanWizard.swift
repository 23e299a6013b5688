extension Words {
    /// German for the questions of `haven new`.
    static let germanWizard: [String: String] = [
        "Type": "Typ", "Id": "Id", "Name": "Name", "Icon": "Symbol", "Mode": "Modus", "Input": "Eingabe",
        "day": "Tag",
        "a tracker needs a name": "ein Tracker braucht einen Namen",
        "one emoji or up to 8 characters": "ein Emoji oder bis zu 8 Zeichen",
        "Levels ({}, or keys like calm,slip)": "Stufen ({} oder Schlüssel wie calm,slip)",
        "no level set '{}'": "keine Stufenliste '{}'",
        "2 to 7 different keys, separated by commas, like calm,slip,wild":
            "2 bis 7 verschiedene Schlüssel, durch Kommas getrennt, wie calm,slip,wild",
        "Unit (glasses, min, km; empty for none)": "Einheit (Gläser, min, km; leer für keine)",
        "Goal (at least 8, at most 2; empty for none)": "Ziel (at least 8, at most 2; leer für keins)",
        "write 'at least N' or 'at most N'": "schreibe 'at least N' oder 'at most N'",
        "Streak period (day, week, month, none)": "Zeitraum der Serie (day, week, month, none)",
        "day, week, month or none": "day, week, month oder none",
        "Successful days per {}": "Erfolgreiche Tage pro {}",
        "a number from 1 to {}": "eine Zahl von 1 bis {}",
        "A joker every N successful periods (empty for none)": "Ein Joker alle N erfolgreichen Zeiträume (leer für keinen)",
        "a number of at least 1": "eine Zahl ab 1",
        "Start from one of these ({}), or press Enter for your own":
            "Beginne mit einem davon ({}) oder drücke Enter für einen eigenen",
        "a number from 1 to {}, or Enter for your own": "eine Zahl von 1 bis {} oder Enter für einen eigenen",
        "Reminder time (HH:MM, like 20:00; empty for none)": "Erinnerung um (HH:MM, etwa 20:00; leer für keine)",
        "a time written HH:MM, like 20:00, or empty for none": "eine Uhrzeit als HH:MM, etwa 20:00, oder leer für keine",
        "use lower-case letters, digits and '-', starting with a letter":
            "nutze Kleinbuchstaben, Ziffern und '-', mit einem Buchstaben am Anfang",
        "'{}' is taken; choose another": "'{}' ist vergeben; wähle eine andere",
        "'new' stopped before '{}' was answered": "'new' endete, bevor '{}' beantwortet war",
        "one of {}": "eine von {}",
        "the answers do not make a valid tracker:": "die Antworten ergeben keinen gültigen Tracker:",
        "Created {}; log it with: haven log {}": "{} angelegt; erfasse ihn mit: haven log {}",
    ]
}
