extension Words {
    /// Practices (SPEC §14): the screen, the list, the refusals.
    static let germanPractices: [String: String] = [
        "meditation": "Meditation", "breathing": "Atmung", "workout": "Workout",
        "Sitting": "Sitzen", "Rest": "Pause", "Work": "Übung", "Closing": "Ausklang",
        "Breathe in": "Einatmen", "Hold": "Halten", "Breathe out": "Ausatmen", "Done": "Fertig",
        "round {} of {}": "Runde {} von {}", "breath {} of {}": "Atemzug {} von {}", "next: {}": "als Nächstes: {}",
        "{} left": "noch {}", "paused (space resumes)": "pausiert (Leertaste setzt fort)",
        "logs on {}": "trägt in {} ein",
        "{}: done ({}).": "{}: fertig ({}).",
        "Stopped after {}; nothing logged (--log-partial logs the part done).":
            "Angehalten nach {}; nichts eingetragen (--log-partial trägt den geschafften Teil ein).",
        "Stopped before anything counted; nothing logged.": "Angehalten, bevor etwas zählte; nichts eingetragen.",
        "{} logs on the tracker '{}', which you do not have; add it with 'haven add {}', or give another with --tracker ID":
            "{} trägt in den Tracker '{}' ein, den du nicht hast; füg ihn mit 'haven add {}' hinzu oder gib mit "
            + "--tracker ID einen anderen an",
        "{} logs on the tracker '{}', which you do not have; give another with --tracker ID ('haven trackers' lists them)":
            "{} trägt in den Tracker '{}' ein, den du nicht hast; gib mit --tracker ID einen anderen an ('haven "
            + "trackers' listet sie)",
        "'{}' takes levels, so it cannot take what {} logs; give another tracker with --tracker, for example --tracker meditation":
            "'{}' nimmt Stufen und kann nicht aufnehmen, was {} einträgt; gib mit --tracker einen anderen Tracker an, "
            + "zum Beispiel --tracker meditation",
        "no practice '{}' (did you mean '{}'?); '{}' lists them": "keine Übung '{}' (meintest du '{}'?); '{}' listet sie",
        "no practice '{}'; '{}' lists them": "keine Übung '{}'; '{}' listet sie",
        "{} is a {} practice; run it with 'haven {} {}'": "{} ist eine Übung der Art {}; starte sie mit 'haven {} {}'",
        "there is no {} practice; add one to your home's practices/ folder":
            "es gibt keine Übung der Art {}; leg eine in den Ordner practices/ deines Zuhauses",
        "{} has no length to change; run it without --duration": "{} hat keine Länge zum Ändern; starte sie ohne --duration",
    ]
}
