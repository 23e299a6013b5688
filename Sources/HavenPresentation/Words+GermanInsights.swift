extension Words {
    /// German for insights (#34): `haven insights`, with `--with`, and the report's "When and why".
    static let germanInsights: [String: String] = [
        "{} moment": "{} Moment", "{} moments": "{} Momente",
        "total {}{} in {} entry": "insgesamt {}{} in {} Eintrag",
        "total {}{} in {} entries": "insgesamt {}{} in {} Einträgen",
        "{}, {} to {} ({}): {}": "{}, {} bis {} ({}): {}",
        "Days with an entry: {}": "Tage mit Eintrag: {}",
        "{}: up to ¼, ½, ¾ and all of the busiest {} ({})": "{}: bis ¼, ½, ¾ und ganz so viel wie {} mit den meisten ({})",
        "hour": "die Stunde", "4 hours": "die 4 Stunden",
        "{} {}–{} h ({})": "{} {}–{} Uhr ({})",
        "Mondays": "montags", "Tuesdays": "dienstags", "Wednesdays": "mittwochs", "Thursdays": "donnerstags",
        "Fridays": "freitags", "Saturdays": "samstags", "Sundays": "sonntags",
        "Most often on {}.": "Am häufigsten {}.",
        "No hour stands out yet: none holds more than one entry.":
            "Noch sticht keine Stunde heraus: keine hat mehr als einen Eintrag.",
        "Nothing noticed in these {}.": "In diesem Zeitraum ({}) nichts bemerkt.",
        "Noticed at a median of {}; nothing in the {} before to compare.":
            "Im Median um {1} bemerkt; im Zeitraum davor ({2}) nichts zum Vergleichen.",
        "Noticed at a median of {}, {} in the {} before: {}.": "Im Median um {1} bemerkt, im Zeitraum davor ({3}) um {2}: {4}.",
        "earlier in the day: catching it sooner": "früher am Tag: du bemerkst es eher",
        "later in the day": "später am Tag",
        "about the same time of day": "etwa zur selben Tageszeit",
        "No relapse logged in these {}.": "In diesem Zeitraum ({}) kein Rückfall notiert.",
        "Relapses: {} on {} day.": "Rückfälle: {} an {} Tag.",
        "Relapses: {} on {} days; days between them: median {}, longest {}.":
            "Rückfälle: {} an {} Tagen; Tage dazwischen: Median {}, längstens {}.",
        "Most on {} ({} of {}), and between {} and {} h ({} of {}).":
            "Die meisten {} ({} von {}) und zwischen {} und {} Uhr ({} von {}).",
        "When and why": "Wann und warum",
        "the hours of the day are in haven insights {} (a weekday × hour grid); stats --by takes week, month or weekday":
            "die Stunden des Tages zeigt haven insights {} (ein Raster aus Wochentag × Stunde); stats --by nimmt week, month oder weekday",
        "{}, {} to {}: moments by weekday and hour": "{}, {} bis {}: Momente nach Wochentag und Stunde",
        "Triggers, against the {} before": "Auslöser, verglichen mit dem Zeitraum davor ({})",
        "{}: {} ({} before)": "{}: {} (davor {})",
        "triggers": "Auslöser", "note words": "Notizwörter", "now": "jetzt", "before": "davor",

        "on the {} other days": "an den {} anderen Tagen",
        "on the {} day {}": "an {} Tag {}",
        "on the {} days {}": "an den {} Tagen {}",
        "with {} {}": "mit {} {}",
        "without {}": "ohne {}",
        "with {} at {} or more": "mit {} ≥ {}",
        "with {} at {} or less": "mit {} ≤ {}",
        "without a relapse of {}": "ohne Rückfall bei {}",
        "with a relapse of {}": "mit Rückfall bei {}",
        "with {} noticed": "mit {} bemerkt",
        "with {} done": "mit {} erledigt",
        "with {} logged": "mit {} eingetragen",
        "after a day {}": "nach einem Tag {}",
        "{} days after a day {}": "{} Tage nach einem Tag {}",
        "{}, {} came to {} a day on average": "{1}: {2} im Schnitt {3} am Tag",
        "{}, {} a day": "{}: {} am Tag",
        "{}, {} {} on {} ({})": "{1}: {2} an {4} davon {3} ({5})",
        "{}, on {} ({})": "{}: an {} davon ({})",
        "was {}": "{}",
        " or ": " oder ",
        "had a relapse": "mit Rückfall",
        "was noticed": "bemerkt",
        "was done": "erledigt",

        "--lag takes a number of days from 0 to {}, not '{}'; for example: haven insights {} --with {} --lag 1":
            "--lag nimmt eine Zahl von Tagen von 0 bis {}, nicht '{}'; zum Beispiel: haven insights {} --with {} --lag 1",
        "--lag goes with --with; for example: haven insights {} --with OTHER --lag {}":
            "--lag gehört zu --with; zum Beispiel: haven insights {} --with ANDERER --lag {}",
        "--levels goes with --with; for example: haven insights mood --with water --levels good,great":
            "--levels gehört zu --with; zum Beispiel: haven insights mood --with water --levels good,great",
        "--with needs another tracker than {}; for example: haven insights {} --with water":
            "--with braucht einen anderen Tracker als {}; zum Beispiel: haven insights {} --with water",
        "--levels is for a levels tracker, and {} has none; leave it out":
            "--levels ist für einen Tracker mit Stufen, und {} hat keine; lass es weg",
        "{} has no level '{}'; its levels are {}": "{} hat keine Stufe '{}'; seine Stufen sind {}",
        "{} and {} share {} closed days here, too few to say what went together (it takes {}); log a while longer, or widen the range with --from":
            "{} und {} haben hier {} abgeschlossene Tage gemeinsam, zu wenige, um zu sagen, was zusammen auftrat (es braucht {}); logge noch eine Weile oder erweitere den Zeitraum mit --from",
    ]
}
