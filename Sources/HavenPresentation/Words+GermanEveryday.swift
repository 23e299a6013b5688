extension Words {
    /// German for the everyday round two (#30): listing presets and packs,
    /// archiving, backups, times typed short, moving and removing.
    static let germanEveryday: [String: String] = [
        "id": "ID", "name": "Name", "type": "Typ", "input": "Eingabe", "pack": "Pack", "file": "Datei",
        "(archived)": "(archiviert)", "(pinned)": "(angeheftet)",
        "No trackers yet. Add one with a YAML file in your trackers folder, e.g. 'extends: core/water'.":
            "Noch keine Tracker. Leg einen mit einer YAML-Datei in deinem Tracker-Ordner an, etwa 'extends: core/water'.",
        "No trackers yet. Add one: a file such as trackers/water.yaml holding 'extends: core/water'.":
            "Noch keine Tracker. Leg einen an: eine Datei wie trackers/water.yaml mit 'extends: core/water'.",
        "Every tracker is archived; 'haven trackers' lists them, 'haven unarchive ID' brings one back.":
            "Jeder Tracker ist archiviert; 'haven trackers' listet sie, 'haven unarchive ID' holt einen zurück.",
        "presets ({}):": "Vorlagen ({}):",
        "level sets ({}):": "Stufensätze ({}):",
        "reward rules ({}):": "Belohnungsregeln ({}):",
        "a joker every {} days, at most {}, heals a missed day": "ein Joker alle {} Tage, höchstens {}, heilt einen verpassten Tag",
        "a joker every {} days, at most {}": "ein Joker alle {} Tage, höchstens {}",
        "Start one with: haven add {}": "Beginne einen mit: haven add {}",
        "no pack '{}'; the packs here are {}": "kein Pack '{}'; die Packs hier sind {}",
        "Archived {}: it leaves status, reminders and the report; its entries stay, and 'haven unarchive {}' brings it back.":
            "{} archiviert: er verlässt Status, Erinnerungen und Bericht; seine Einträge bleiben, und 'haven unarchive {}' holt ihn zurück.",
        "{} is back in status, reminders and the report.": "{} ist wieder in Status, Erinnerungen und Bericht.",
        "{} is already archived; nothing changed.": "{} ist schon archiviert; nichts geändert.",
        "{} is not archived; nothing changed.": "{} ist nicht archiviert; nichts geändert.",
        "Backed up your history to {} ({} KB); 'haven --home DIR' reads a home that holds it as haven.db.":
            "Deine Geschichte ist gesichert in {} ({} KB); 'haven --home ORDNER' liest ein Zuhause, das sie als haven.db enthält.",
        "--{} takes a day like 2026-03-01, today, yesterday or -3d, not '{}'":
            "--{} nimmt einen Tag wie 2026-03-01, heute, gestern oder -3d, nicht '{}'",
        "(trigger: {})": "(Auslöser: {})",
        "Rolled {} forward from {} to {}; 'haven pack rollback {}' again goes back.":
            "{} vorwärts von {} auf {} gesetzt; 'haven pack rollback {}' geht wieder zurück.",
        "Rolled {} back from {} to {}; 'haven pack rollback {}' again goes forward.":
            "{} zurück von {} auf {} gesetzt; 'haven pack rollback {}' geht wieder vorwärts.",
        "Remove {}?": "{} entfernen?",
        "Remove the pack {}?": "Das Pack {} entfernen?",
        "move a tracker up, down, top or bottom, not '{}'; for example: haven move {} top":
            "bewege einen Tracker nach up, down, top oder bottom, nicht '{}'; zum Beispiel: haven move {} top",
        "Nothing moved: {} is already at the top of the unpinned trackers.":
            "Nichts bewegt: {} steht schon ganz oben unter den nicht angehefteten Trackern.",
        "Nothing moved: {} is already at the bottom of the unpinned trackers.":
            "Nichts bewegt: {} steht schon ganz unten unter den nicht angehefteten Trackern.",
        "Nothing moved: {} is already at the top of the pinned trackers":
            "Nichts bewegt: {} steht schon ganz oben unter den angehefteten Trackern",
        "Nothing moved: {} is already at the bottom of the pinned trackers":
            "Nichts bewegt: {} steht schon ganz unten unter den angehefteten Trackern",
        ", and pinned trackers stay above the others (take 'pinned: true' out of {} to move it among them).":
            ", und angeheftete Tracker bleiben über den anderen (nimm 'pinned: true' aus {}, um ihn zwischen sie zu bewegen).",
        ", and pinned trackers stay above the others (its preset pins it: write 'pinned: false' in {} to move it among them).":
            ", und angeheftete Tracker bleiben über den anderen (seine Vorlage heftet ihn an: schreib 'pinned: false' in {}, um ihn zwischen sie zu bewegen).",
    ]
}
