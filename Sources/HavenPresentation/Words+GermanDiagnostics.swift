extension Words {
    /// `validate`'s diagnostics (SPEC §2.5): keys, values and paths of the
    /// file stay as written, the words around them are German.
    static let germanDiagnostics: [String: String] = germanValueDiagnostics.merging(germanFileDiagnostics) { a, _ in a }

    /// What a value must be, for every kind of file.
    static let germanValueDiagnostics: [String: String] = [
        // What a node is.
        "nothing (null)": "nichts (null)", "a single value": "ein einzelner Wert", "a list": "eine Liste",
        "a mapping": "eine Zuordnung",
        // What a mapping or value is.
        "a tracker": "ein Tracker", "a level": "eine Stufe", "a level set": "ein Stufensatz",
        "a practice": "eine Übung", "a phase": "eine Phase",
        "a tracker file": "eine Tracker-Datei", "a level set file": "eine Stufensatz-Datei",
        "a practice file": "eine Übungsdatei", "an author": "ein Autor", "a default": "ein Standard",
        "a tracker id": "eine Tracker-ID", "a required pack": "ein benötigtes Paket", "a version range": "ein Versionsbereich",
        "a milestone": "ein Meilenstein", "level set": "Stufensatz", "reward rule": "Belohnungsregel",
        "{} ({})": "{} ({})", "at least {}": "mindestens {}", "from {} to {}": "von {} bis {}",
        "above 0": "über 0", "from 0": "ab 0", "(none)": "(keine)",
        " (did you mean '{}'?)": " (meintest du '{}'?)",
        "{}; YAML indents with spaces, not tabs": "{}; YAML rückt mit Leerzeichen ein, nicht mit Tabs",
        "and {} more problems in this file; fix these first":
            "und {} weitere Probleme in dieser Datei; behebe zuerst diese",
        "{} must be a mapping of keys to values, not {}": "{} muss eine Zuordnung von Schlüsseln zu Werten sein, nicht {}",
        "a key must be a plain word, not {}": "ein Schlüssel muss ein einfaches Wort sein, nicht {}",
        "unknown key '{}' in {} (did you mean '{}'?)": "{2} kennt keinen Schlüssel '{1}' (meintest du '{3}'?)",
        "unknown key '{}' in {}; valid keys: {}": "{2} kennt keinen Schlüssel '{1}'; gültige Schlüssel: {3}",
        "{} must be a text, not {}": "{} muss ein Text sein, nicht {}",
        "{} must not be empty": "{} darf nicht leer sein",
        "{} must be a whole number, not '{}'": "{} muss eine ganze Zahl sein, nicht '{}'",
        "{} must be {}, not {}": "{} muss {} sein, nicht {}",
        "{} must be a number, not '{}'": "{} muss eine Zahl sein, nicht '{}'",
        "{} must be greater than {}, not {}": "{} muss größer als {} sein, nicht {}",
        "{} must be at least {}, not {}": "{} muss mindestens {} sein, nicht {}",
        "{} must be a number, not {}": "{} muss eine Zahl sein, nicht {}",
        "{} must be a number, not the text \"{}\"; write it without quotes":
            "{} muss eine Zahl sein, nicht der Text \"{}\"; schreib sie ohne Anführungszeichen",
        "{} must be true or false, not {}": "{} muss true oder false sein, nicht {}",
        "{} must be one of {}, not {}": "{} muss eines von {} sein, nicht {}",
        "unknown {} '{}' (did you mean '{}'?)": "{} '{}' ist unbekannt (meintest du '{}'?)",
        "unknown {} '{}'; use one of {}": "{} '{}' ist unbekannt; nimm eines von {}",
        "unknown {} '{}'{}": "{} '{}' ist unbekannt{}",
        "{} must be a time written \"HH:MM\" (24-hour clock, e.g. \"18:00\"), not {}":
            "{} muss eine Uhrzeit der Form \"HH:MM\" sein (24-Stunden-Uhr, z. B. \"18:00\"), nicht {}",
        "{} must be a date written YYYY-MM-DD (e.g. 2026-01-31), not {}":
            "{} muss ein Datum der Form JJJJ-MM-TT sein (z. B. 2026-01-31), nicht {}",
        "{} must be a text or a map of languages like { en: ..., de: ... }, not {}":
            "{} muss ein Text oder eine Zuordnung von Sprachen wie { en: ..., de: ... } sein, nicht {}",
        "'{}' is not a language code; use codes like en, de, fr": "'{}' ist kein Sprachcode; nimm Codes wie en, de, fr",
        "{} needs an 'en' text, the fallback for every other language":
            "{} braucht einen 'en'-Text, den Rückgriff für jede andere Sprache",
        "{} must be a list like [a, b], not {}": "{} muss eine Liste wie [a, b] sein, nicht {}",
        "{} must look like 1.0 or 1.2.3, not '{}'": "{} muss wie 1.0 oder 1.2.3 aussehen, nicht '{}'",
        "{} must be a reference like core/noalc (pack/id), not '{}'":
            "{} muss ein Verweis wie core/noalc (Paket/ID) sein, nicht '{}'",
        "{} '{}' could not be loaded; fix the errors in its file first":
            "{} '{}' konnte nicht geladen werden; behebe zuerst die Fehler in seiner Datei",
        "{} must be a length such as 30s, 10m, 1h or 1m30s, not {}":
            "{} muss eine Dauer wie 30s, 10m, 1h oder 1m30s sein, nicht {}",
        "{} must be longer than 0s and at most 24h, not '{}'": "{} muss länger als 0s und höchstens 24h sein, nicht '{}'",
        // Files and folders of a pack.
        "this {}": "dies {}",
        "is a symbolic link; Haven never follows links inside a pack: put the file itself here":
            "ist ein symbolischer Link; Haven folgt nie Links in einem Paket: leg die Datei selbst hierher",
        "is a symbolic link; Haven never follows links inside a pack: put the folder itself here":
            "ist ein symbolischer Link; Haven folgt nie Links in einem Paket: leg den Ordner selbst hierher",
        "is a FIFO, not a plain file; Haven does not open it": "ist ein FIFO, keine gewöhnliche Datei; Haven öffnet sie nicht",
        "is a socket, not a plain file; Haven does not open it":
            "ist ein Socket, keine gewöhnliche Datei; Haven öffnet sie nicht",
        "is a device, not a plain file; Haven does not open it":
            "ist ein Gerät, keine gewöhnliche Datei; Haven öffnet sie nicht",
        "is a folder, not a file": "ist ein Ordner, keine Datei",
        "is a file, where a folder belongs": "ist eine Datei, wo ein Ordner hingehört",
        "cannot list the {} folder ({}); check that it is readable":
            "der Ordner {} lässt sich nicht auflisten ({}); prüf, ob er lesbar ist",
        "Haven reads files ending in .yaml; rename this file to {}.yaml":
            "Haven liest Dateien mit der Endung .yaml; benenne diese Datei in {}.yaml um",
    ]
}

extension Words {
    /// What one kind of file needs: trackers, level sets, packs, practices.
    static let germanFileDiagnostics: [String: String] = [
        "file name '{}.yaml' is not a valid practice name; rename the file (lower-case letters, digits and '-')":
            "der Dateiname '{}.yaml' ist kein gültiger Übungsname; benenne die Datei um (Kleinbuchstaben, Ziffern und '-')",
        "file name '{}.yaml' is not a valid tracker id; rename the file (lower-case letters, digits and '-', starting "
            + "with a letter) or add 'id:'":
            "der Dateiname '{}.yaml' ist keine gültige Tracker-ID; benenne die Datei um (Kleinbuchstaben, Ziffern und "
            + "'-', am Anfang ein Buchstabe) oder ergänze 'id:'",
        "this pack requires the pack '{}' ({}), which is not installed; install it into packs/{} first":
            "dieses Paket braucht das Paket '{}' ({}), das nicht installiert ist; installier es zuerst nach packs/{}",
        "this pack requires '{}' {}, and '{}' is at version {}; update one of them":
            "dieses Paket braucht '{}' {}, und '{}' ist in Version {}; aktualisiere eines der beiden",
        "tracker id '{}' is already used by {} in your home, which wins; this pack's tracker is skipped and nothing "
            + "of yours changes":
            "die Tracker-ID '{}' hat schon {} in deinem Zuhause, und die gilt; der Tracker dieses Pakets wird "
            + "übersprungen, und an deinem ändert sich nichts",
        "tracker id '{}' is already used by {}; rename this file or set another 'id:'":
            "die Tracker-ID '{}' hat schon {}; benenne diese Datei um oder setz eine andere 'id:'",
        "default '{}' is not a preset of this pack{}": "der Standard '{}' ist keine Vorlage dieses Pakets{}",
        "id '{}' must be lower-case letters, digits and '-', starting with a letter":
            "die ID '{}' muss aus Kleinbuchstaben, Ziffern und '-' bestehen und mit einem Buchstaben beginnen",
        "extends cycle: {}; one of these presets must stop extending the next":
            "Kreis in extends: {}; eine dieser Vorlagen darf die nächste nicht mehr erweitern",
        "unknown preset '{}'{}": "die Vorlage '{}' ist unbekannt{}",
        "preset '{}' could not be loaded; fix the errors in its file first":
            "die Vorlage '{}' konnte nicht geladen werden; behebe zuerst die Fehler in ihrer Datei",
        "hooks must be a .lua file inside the pack, written relative to its root (e.g. hooks/noalc.lua)":
            "hooks muss eine .lua-Datei im Paket sein, relativ zu seinem Wurzelordner geschrieben (z. B. hooks/noalc.lua)",
        "hooks file '{}' {}": "die hooks-Datei '{}' {}",
        "hooks file '{}': its folder '{}' {}": "die hooks-Datei '{}': ihr Ordner '{}' {}",
        " in {}": " in {}",
        "hooks file '{}' not found{}; create it or fix the path":
            "die hooks-Datei '{}' gibt es nicht{}; leg sie an oder berichtige den Pfad",
        // Level sets and rewards.
        "a level set file needs 'levels:', a list of 2 to 7 levels":
            "eine Stufensatz-Datei braucht 'levels:', eine Liste von 2 bis 7 Stufen",
        "level key '{}' is used twice (first at line {}); keys must be unique":
            "der Stufenschlüssel '{}' kommt zweimal vor (zuerst in Zeile {}); Schlüssel müssen eindeutig sein",
        "a level set has 2 to 7 levels, this one has {}": "ein Stufensatz hat 2 bis 7 Stufen, dieser hat {}",
        "a level needs a 'key:' (a short id such as steady)": "eine Stufe braucht einen 'key:' (eine kurze ID wie steady)",
        "level key '{}' must be lower-case letters, digits and '-', starting with a letter":
            "der Stufenschlüssel '{}' muss aus Kleinbuchstaben, Ziffern und '-' bestehen und mit einem Buchstaben beginnen",
        "health_range must be two numbers [from, to] (null for an open end), not {} values":
            "health_range muss zwei Zahlen [von, bis] sein (null für ein offenes Ende), nicht {} Werte",
        "health_range goes from {} down to {}; write the smaller number first":
            "health_range geht von {} hinab zu {}; schreib die kleinere Zahl zuerst",
        "icon must be one emoji or a short text of up to 8 characters":
            "icon muss ein Emoji oder ein kurzer Text mit höchstens 8 Zeichen sein",
        "rewards need 'earn_every:' (a joker is earned each time the streak reaches a multiple of it)":
            "rewards braucht 'earn_every:' (ein Joker kommt jedes Mal hinzu, wenn die Serie ein Vielfaches davon erreicht)",
        // pack.yaml.
        "haven must be a version range like \"^0.1\" or \">=0.1, <1.0\", not '{}'":
            "haven muss ein Versionsbereich wie \"^0.1\" oder \">=0.1, <1.0\" sein, nicht '{}'",
        "this pack needs Haven {}; this is Haven {}": "dieses Paket braucht Haven {}; das hier ist Haven {}",
        "a pack may not be named '{}': that name is Haven's own; choose another id":
            "ein Paket darf nicht '{}' heißen: der Name gehört Haven selbst; wähl eine andere ID",
        "'{}' is not a valid pack id; use lower-case letters, digits and '-', starting with a letter":
            "'{}' ist keine gültige Paket-ID; nimm Kleinbuchstaben, Ziffern und '-', am Anfang einen Buchstaben",
        "checkin needs 'at:', the time of the evening check-in, such as { at: \"21:00\" }":
            "checkin braucht 'at:', die Uhrzeit des abendlichen Check-ins, etwa { at: \"21:00\" }",
        "at_risk needs 'at:', the time to remind every running streak still open, such as { at: \"20:00\" }":
            "at_risk braucht 'at:', die Uhrzeit, zu der jede laufende, noch offene Serie erinnert wird, etwa "
            + "{ at: \"20:00\" }",
        "requires must be a mapping of pack ids to version ranges, like { mindful: \"^1.2\" }":
            "requires muss eine Zuordnung von Paket-IDs zu Versionsbereichen sein, wie { mindful: \"^1.2\" }",
        "'{}' is not a pack id (lower-case letters, digits and '-')":
            "'{}' ist keine Paket-ID (Kleinbuchstaben, Ziffern und '-')",
        "'{}' is not a version range; write one like \"^1.2\" or \">=1.0, <2.0\"":
            "'{}' ist kein Versionsbereich; schreib einen wie \"^1.2\" oder \">=1.0, <2.0\"",
        // Practices.
        "a practice needs a 'name:'": "eine Übung braucht einen 'name:'",
        "a practice needs a 'kind:', one of {}": "eine Übung braucht eine 'kind:', eine von {}",
        "a practice needs 'phases:', a list such as [{ sit: 10m }]":
            "eine Übung braucht 'phases:', eine Liste wie [{ sit: 10m }]",
        "phases must list at least one phase, such as { sit: 10m }":
            "phases muss mindestens eine Phase nennen, etwa { sit: 10m }",
        "these phases last longer than a day; a practice lasts at most 24h":
            "diese Phasen dauern länger als einen Tag; eine Übung dauert höchstens 24h",
        "sit, rest, work, close, breathe or repeat": "sit, rest, work, close, breathe oder repeat",
        "a phase needs one of {}, such as { sit: 10m }": "eine Phase braucht eines von {}, etwa { sit: 10m }",
        "{} and {}": "{} und {}",
        "a phase is one of {}, and this one has {}; write each as a phase of its own":
            "eine Phase ist eines von {}, und diese hat {}; schreib jedes als eigene Phase",
        "'{}' goes with a {} phase, not with {}": "'{}' gehört zu einer Phase {}, nicht zu {}",
        "a repeat needs 'phases:', the list repeated, such as [{ work: 20s }, { rest: 10s }]":
            "eine Wiederholung braucht 'phases:', die wiederholte Liste, etwa [{ work: 20s }, { rest: 10s }]",
        "repeats go at most three deep": "Wiederholungen gehen höchstens drei Ebenen tief",
        "breathe needs '{}:', its seconds, such as {}: 4": "breathe braucht '{}:', seine Sekunden, etwa {}: 4",
        "{} is seconds {} up to 60, not {}": "{} sind Sekunden {} bis 60, nicht {}",
        "give breathe either 'cycles:' or 'duration:', not both":
            "gib breathe entweder 'cycles:' oder 'duration:', nicht beides",
        "breathe needs 'cycles:' (breaths) or 'duration:' (such as 5m) beside it":
            "breathe braucht daneben 'cycles:' (Atemzüge) oder 'duration:' (etwa 5m)",
        "tracker '{}' must be a tracker id: lower-case letters, digits and '-', starting with a letter":
            "der Tracker '{}' muss eine Tracker-ID sein: Kleinbuchstaben, Ziffern und '-', am Anfang ein Buchstabe",
        "no tracker '{}'{}; logs names one of your trackers ('haven trackers' lists them)":
            "es gibt keinen Tracker '{}'{}; logs nennt einen deiner Tracker ('haven trackers' listet sie)",
        "logs needs 'tracker:', the tracker a finished practice logs on":
            "logs braucht 'tracker:', den Tracker, in den eine fertige Übung einträgt",
        "'of' picks the phases whose minutes count, so it goes with value: minutes":
            "'of' wählt die Phasen, deren Minuten zählen, und gehört darum zu value: minutes",
        "this practice has no {} phase; of names phases it has: {}":
            "diese Übung hat keine Phase {}; of nennt Phasen, die sie hat: {}",
        // Reminders.
        "reminder must be a mapping like { at: \"20:00\" } or a list of them, not {}":
            "reminder muss eine Zuordnung wie { at: \"20:00\" } oder eine Liste davon sein, nicht {}",
        "a reminder at {} is listed twice; give each reminder its own time":
            "eine Erinnerung um {} steht zweimal da; gib jeder Erinnerung ihre eigene Uhrzeit",
        "a reminder needs 'at:', a time such as \"20:00\"": "eine Erinnerung braucht 'at:', eine Uhrzeit wie \"20:00\"",
        "'{}' is listed twice": "'{}' steht zweimal da",
        "the reminder at {} stays off (enabled: false); remove enabled: false to have it ring":
            "die Erinnerung um {} bleibt aus (enabled: false); entfern enabled: false, damit sie sich meldet",
        "the reminder at {} stays off: its preset turns it off; set at: here to have it ring":
            "die Erinnerung um {} bleibt aus: ihre Vorlage schaltet sie ab; setz hier at:, damit sie sich meldet",
        "until takes one value, goal (keep reminding until the goal is met), not {}":
            "until nimmt einen Wert, goal (erinnern, bis das Ziel erreicht ist), nicht {}",
        // Trackers.
        "a preset's id is its file name; remove 'id:'": "die ID einer Vorlage ist ihr Dateiname; entfern 'id:'",
        "a tracker needs a 'name:' (or 'extends:' a preset that has one)":
            "ein Tracker braucht einen 'name:' (oder 'extends:' mit einer Vorlage, die einen hat)",
        "mode is only for saboteurs; add 'type: saboteur' or remove 'mode:'":
            "mode gibt es nur für Saboteure; ergänze 'type: saboteur' oder entfern 'mode:'",
        "unit is only for count and amount trackers, and this one's input is '{}'":
            "unit gibt es nur für Zähl- und Mengen-Tracker, und dieser hat die Eingabe '{}'",
        "goal is only for count and amount trackers, and this one's input is '{}'":
            "goal gibt es nur für Zähl- und Mengen-Tracker, und dieser hat die Eingabe '{}'",
        "levels are only for trackers with 'input: levels', and this one's input is '{}'":
            "levels gibt es nur für Tracker mit 'input: levels', und dieser hat die Eingabe '{}'",
        "a levels tracker needs 'levels:', a level set such as core/noalc or a list of levels":
            "ein Stufen-Tracker braucht 'levels:', einen Stufensatz wie core/noalc oder eine Liste von Stufen",
        "until: goal keeps reminding until a goal of at least N is met, and this tracker has no such goal; add goal: "
            + "{ at_least: N } (or remove 'until:', and any entry today silences the reminder)":
            "until: goal erinnert, bis ein Ziel von mindestens N erreicht ist, und dieser Tracker hat kein solches "
            + "Ziel; ergänze goal: { at_least: N } (oder entfern 'until:', dann bringt jeder Eintrag heute die "
            + "Erinnerung zum Schweigen)",
        "until: goal keeps reminding until a goal of at least N is met, and this tracker's input is '{}' (or remove "
            + "'until:', and any entry today silences the reminder)":
            "until: goal erinnert, bis ein Ziel von mindestens N erreicht ist, und dieser Tracker hat die Eingabe "
            + "'{}' (oder entfern 'until:', dann bringt jeder Eintrag heute die Erinnerung zum Schweigen)",
        "{} is personal, so a pack may not set it; remove it here (each person sets it in a tracker file of their own)":
            "{} ist persönlich, darum darf ein Paket es nicht setzen; entfern es hier (jede Person setzt es in einer "
            + "eigenen Tracker-Datei)",
        "a goal is either at_least or at_most, not both": "ein Ziel ist entweder at_least oder at_most, nicht beides",
        "goal needs at_least or at_most, e.g. { at_least: 8 }": "goal braucht at_least oder at_most, z. B. { at_least: 8 }",
        "unknown key '{}' in period; a rolling period is written { rolling: 7 } (the days of its window)":
            "period kennt keinen Schlüssel '{}'; ein gleitender Zeitraum wird { rolling: 7 } geschrieben (die Tage "
            + "seines Fensters)",
        "a rolling period needs its days, like { rolling: 7 } with times: 3 for 3 times in any 7 days":
            "ein gleitender Zeitraum braucht seine Tage, wie { rolling: 7 } mit times: 3 für 3-mal in beliebigen 7 Tagen",
        "times is {}, more than the {} days of the window can hold; use 1 to {}":
            "times ist {}, mehr als die {} Tage des Fensters fassen; nimm 1 bis {}",
        "times counts days in a week, a month or a rolling window; set 'period: week', 'period: month' or "
            + "'period: { rolling: 7 }', or remove it":
            "times zählt Tage in einer Woche, einem Monat oder einem gleitenden Fenster; setz 'period: week', "
            + "'period: month' oder 'period: { rolling: 7 }', oder entfern es",
        "times is {}, more than every {} can hold; use 1 to {}": "times ist {}, mehr als jede {} fasst; nimm 1 bis {}",
        "relapse is only for saboteurs; add 'type: saboteur' or remove 'relapse:'":
            "relapse gibt es nur für Saboteure; ergänze 'type: saboteur' oder entfern 'relapse:'",
        "milestones must grow from left to right, and {} comes after {}":
            "milestones müssen von links nach rechts wachsen, und {} kommt nach {}",
        "start is {}, more than the max of {} freezes": "start ist {}, mehr als das Maximum von {} Freezes",
        "health needs 'type:', a HealthKit identifier such as HKQuantityTypeIdentifierDietaryWater":
            "health braucht 'type:', einen HealthKit-Bezeichner wie HKQuantityTypeIdentifierDietaryWater",
    ]
}
