extension Words {
    /// German for imports and exports (SPEC §9): the files an import could
    /// not read, and what an export could not write.
    static let germanImport: [String: String] = [
        "note": "die Notiz", "trigger": "der Auslöser",
        "{}: a habit's uuid '{}' is not one line of at most 200 characters":
            "{}: die uuid '{}' einer Gewohnheit ist nicht eine Zeile von höchstens 200 Zeichen",
        "{}: the {} of {} on {} has {} characters, more than the {} Haven keeps; shorten it there and export again":
            "{}: {} von {} am {} hat {} Zeichen, mehr als die {}, die Haven behält; kürze den Text dort und exportiere noch einmal",
        "{}: the {} of {} on {} holds a control character; remove it there and export again":
            "{}: {} von {} am {} enthält ein Steuerzeichen; entferne es dort und exportiere noch einmal",
        "{}: the {} of {} on {} holds the direction control U+{}; remove it there and export again":
            "{}: {} von {} am {} enthält das Richtungszeichen U+{}; entferne es dort und exportiere noch einmal",
        "folder": "Ordner", "symbolic link": "symbolischer Link", "device": "Gerät", "FIFO": "FIFO", "socket": "Socket",
        "{} is not a regular file but a {}; give a new path, or a file to replace":
            "{} ist keine gewöhnliche Datei, sondern: {}; gib einen neuen Pfad an, oder eine Datei, die ersetzt wird",
        "{} already exists; give another name, or move it away":
            "{} gibt es schon; gib einen anderen Namen an, oder verschiebe es",
        "{}; nothing was imported": "{}; es wurde nichts importiert",
        "{} holds {} bytes, more than the 1 GiB an import reads":
            "{} hat {} Bytes, mehr als das 1 GiB, das ein Import liest",
        "cannot read {}: {}": "{} lässt sich nicht lesen: {}",
        "cannot write {}: {}": "{} lässt sich nicht schreiben: {}",
        "{} cannot be unpacked: {}": "{} lässt sich nicht entpacken: {}",
        "{}: a habit is written 'Name: frequency', like 'Gym: 3/7'":
            "{}: eine Gewohnheit wird 'Name: Häufigkeit' geschrieben, etwa 'Gym: 3/7'",
        "{}: '{}' is in the habits file twice; keep one line for it":
            "{}: '{}' steht zweimal in der Gewohnheitsdatei; behalte eine Zeile dafür",
        "{}: '{}' is not a frequency harsh writes (1, 7, 1w, 3/7 or 0)":
            "{}: '{}' ist keine Häufigkeit, die harsh schreibt (1, 7, 1w, 3/7 oder 0)",
        "{}: '{}' is not the day a habit ended; write it YYYY-MM-DD, like 'Gym: 3/7: 2026-06-30'":
            "{}: '{}' ist nicht der Tag, an dem eine Gewohnheit endete; schreibe ihn JJJJ-MM-TT, etwa 'Gym: 3/7: 2026-06-30'",
        "{}: a log line is written 'YYYY-MM-DD : Habit : y', with y, n or s":
            "{}: eine Protokollzeile wird 'JJJJ-MM-TT : Gewohnheit : y' geschrieben, mit y, n oder s",
        "{}: no habit '{}' in the habits file; add it there or remove the line":
            "{}: keine Gewohnheit '{}' in der Gewohnheitsdatei; trage sie dort ein oder entferne die Zeile",
        "{}: '{}' is not y, n or s": "{}: '{}' ist nicht y, n oder s",
        "{}: the amount '{}' is not a number": "{}: die Menge '{}' ist keine Zahl",
        "{}: not the header Loop writes (Position, Name, Type, …)":
            "{}: nicht die Kopfzeile, die Loop schreibt (Position, Name, Type, …)",
        "{}: a habit needs its position, name and frequency": "{}: eine Gewohnheit braucht Position, Namen und Häufigkeit",
        "{}: a day is written 'YYYY-MM-DD,VALUE'": "{}: ein Tag wird 'JJJJ-MM-TT,WERT' geschrieben",
        "{}: '{}' is not a value Loop writes": "{}: '{}' ist kein Wert, den Loop schreibt",
        "{}: a quoted field never ends": "{}: ein Feld in Anführungszeichen endet nie",
        "{} is not a Loop Habit Tracker backup: {}": "{} ist keine Sicherung von Loop Habit Tracker: {}",
        "{}: {} record {}: its {} holds {}": "{}: {}-Datensatz {}: sein Feld {} enthält {}",
        "{}: Repetitions record {}: its habit {} is not in the Habits table":
            "{}: Repetitions-Datensatz {}: seine Gewohnheit {} steht nicht in der Tabelle Habits",
        "it is not an SQLite database": "sie ist keine SQLite-Datenbank",
        "it has no Habits and Repetitions tables": "ihr fehlen die Tabellen Habits und Repetitions",
        "its Habits table has no column {}": "ihrer Tabelle Habits fehlt die Spalte {}",
        "its Repetitions table has no column {} (a backup older than Loop 1.8?)":
            "ihrer Tabelle Repetitions fehlt die Spalte {} (eine Sicherung von vor Loop 1.8?)",
        "nothing": "nichts",
        "the text '{}'": "den Text '{}'",
        "{} bytes of binary data": "{} Bytes Binärdaten",
        "{}: this is not a file 'haven export json' wrote (its first line names the format haven-history)":
            "{}: das ist keine Datei, die 'haven export json' geschrieben hat (ihre erste Zeile nennt das Format "
                + "haven-history)",
        "{}: this file was written by a newer Haven (version {}); update Haven to read it":
            "{}: diese Datei stammt von einem neueren Haven (Version {}); aktualisiere Haven, um sie zu lesen",
        "{}: the file is empty": "{}: die Datei ist leer",
        "{}: this line is not a JSON object": "{}: diese Zeile ist kein JSON-Objekt",
        "{}: an entry holds a level or a number, not both": "{}: ein Eintrag hat eine Stufe oder eine Zahl, nicht beides",
        "{}: unknown kind '{}'; a line is an entry, freeze, freeze_change, tracker, mode_epoch or archived_streak":
            "{}: unbekannte Art '{}'; eine Zeile ist entry, freeze, freeze_change, tracker, mode_epoch oder "
                + "archived_streak",
        "{}: '{}' is missing": "{}: '{}' fehlt",
        "{}: '{}' must be {}": "{}: '{}' muss {} sein",
        "text": "Text",
        "a whole number": "eine ganze Zahl",
        "a number above 0": "eine Zahl über 0",
        "a day like 2026-03-01": "ein Tag wie 2026-03-01",
        "a tracker id like water": "eine Tracker-ID wie water",
        "a UUID like 0190f3a2-b4c5-7fff-bfff-000000000001": "eine UUID wie 0190f3a2-b4c5-7fff-bfff-000000000001",
        "awareness or avoidance": "awareness oder avoidance",
        "{}: is a folder; give the export.zip Apple Health made, or the export.xml inside it":
            "{}: ist ein Ordner; gib die export.zip an, die Apple Health erstellt hat, oder die export.xml darin",
        "{}: is empty; give the export.zip Apple Health made": "{}: ist leer; gib die export.zip an, die Apple Health erstellt hat",
        "{}: is not a zip archive Haven can read": "{}: ist kein zip-Archiv, das Haven lesen kann",
        "{}: holds no export.xml; give the export.zip Apple Health made (Health, your picture, Export All Health Data)":
            "{}: enthält keine export.xml; gib die export.zip an, die Apple Health erstellt hat (Health, dein Bild, "
                + "Alle Gesundheitsdaten exportieren)",
        "{}: is damaged (its checksum does not match what the zip says); export it from Health again":
            "{}: ist beschädigt (die Prüfsumme passt nicht zu der im zip); exportiere sie noch einmal aus Health",
        "{}: not an Apple Health export: {}": "{}: kein Export von Apple Health: {}",
        "{}: {}; export it from Health again": "{}: {}; exportiere sie noch einmal aus Health",
        "{}: a Record without its {}": "{}: ein Record ohne {}",
        "{}: the {} '{}' is not written YYYY-MM-DD HH:MM:SS +HHMM":
            "{}: {} '{}' ist nicht JJJJ-MM-TT HH:MM:SS +HHMM geschrieben",
        "its health type is {}": "sein Health-Typ ist {}",
        "it has no 'health:'": "er hat kein 'health:'",
        "{} takes no Apple Health type Haven imports ({}); give --tracker a tracker whose health type is {}, or leave "
            + "--tracker out":
            "{} nimmt keinen Apple-Health-Typ, den Haven importiert ({}); gib --tracker einen Tracker, dessen Health-Typ "
                + "{} ist, oder lass --tracker weg",
        "--ml-per-unit takes the millilitres of one unit, like --ml-per-unit 250":
            "--ml-per-unit nimmt die Milliliter einer Einheit, etwa --ml-per-unit 250",
    ]
}
