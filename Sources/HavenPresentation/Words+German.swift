extension Words {
    /// German for the words of the daily loop.
    static let germanDaily: [String: String] = [
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
        "at risk: {}": "gefährdet: {}",
        "1 more today keeps it": "heute noch 1 hält die Serie",
        "1 more by {} keeps it": "noch 1 bis {} hält die Serie",
        "{} more by {} keep it": "noch {} bis {} halten die Serie",
        "ended {}": "endete {}",
        "today": "heute",
        "yesterday": "gestern",
        "Monday": "Montag", "Tuesday": "Dienstag", "Wednesday": "Mittwoch", "Thursday": "Donnerstag",
        "Friday": "Freitag", "Saturday": "Samstag", "Sunday": "Sonntag",

        "Milestone: {} weeks in a row.": "Meilenstein: {} Wochen am Stück.",
        "Milestone: {} months in a row.": "Meilenstein: {} Monate am Stück.",
        "Nothing due.": "Nichts fällig.",
        "Nothing open today.": "Heute ist nichts offen.",
        "Nothing logged today.": "Heute noch nichts eingetragen.",
        "Time to check in": "Zeit für einen Check-in",
        "Done": "Erledigt", "Later": "Später", "Noticed": "Bemerkt", "Relapse": "Rückfall",
        "Evening check-in": "Abend-Check-in",
        "{} minutes": "{} Minuten", "{} hours": "{} Stunden",
        "'haven remind' now runs every {} ({}); 'haven remind uninstall' stops it.":
            "'haven remind' läuft jetzt alle {} ({}); 'haven remind uninstall' beendet das.",
        "The reminder timer is stopped and its files are gone from {}.":
            "Der Erinnerungs-Timer ist beendet, seine Dateien sind aus {} entfernt.",
        "No reminder timer is installed (nothing in {}).": "Es ist kein Erinnerungs-Timer eingerichtet (nichts in {}).",
        "Still open: {}. Answer each one here, or with: haven checkin":
            "Noch offen: {}. Beantworte jeden hier oder mit: haven checkin",
        "Streak {} still open": "Serie {} noch offen",
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
        "Type 'help' for commands, ID VALUE to log ({}), 'quit' or Ctrl-D to leave.":
            "'help' zeigt die Befehle, ID WERT trägt ein ({}), 'quit' oder Strg-D beendet.",
        "success": "Erfolg", "healed": "geheilt", "broken": "unterbrochen", "neutral": "neutral", "pending": "offen",
        "January": "Januar", "February": "Februar", "March": "März", "April": "April", "May": "Mai", "June": "Juni",
        "July": "Juli", "August": "August", "September": "September", "October": "Oktober", "November": "November",
        "December": "Dezember",
        " Mo Tu We Th Fr Sa Su": " Mo Di Mi Do Fr Sa So",
        "awareness": "Achtsamkeit", "avoidance": "Verzicht",
        "streak {} · longest {}": "Serie {} · längste {}",
        "jokers: {} available, {} earned, {} used": "Joker: {} verfügbar, {} verdient, {} eingesetzt",
        "freezes: {} available": "Freezes: {} verfügbar",
        "habit strength: {}": "Gewohnheitsstärke: {}",
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

        // Errors of the daily loop.
        "no tracker '{}' yet; to track it, create trackers/{}.yaml in your home holding 'extends: {}'":
            "noch kein Tracker '{}'; um ihn zu führen, lege in deinem Home trackers/{}.yaml mit 'extends: {}' an",
        "no tracker '{}'; did you mean '{}'? 'haven trackers' lists them":
            "kein Tracker '{}'; meintest du '{}'? 'haven trackers' listet sie auf",
        "no tracker '{}'; 'haven trackers' lists them": "kein Tracker '{}'; 'haven trackers' listet sie auf",
        "'{}' was not loaded: {} has problems; 'haven validate' shows them":
            "'{}' wurde nicht geladen: {} hat Fehler; 'haven validate' zeigt sie",
        "no preset '{}' (did you mean '{}'?); presets are written PACK/PRESET, like core/water":
            "keine Vorlage '{}' (meintest du '{}'?); Vorlagen schreibt man PACK/VORLAGE, etwa core/water",
        "no preset '{}'; presets are written PACK/PRESET, like core/water":
            "keine Vorlage '{}'; Vorlagen schreibt man PACK/VORLAGE, etwa core/water",
        "'{}' has no level '{}' (did you mean '{}'?); its levels are {}; for example: haven log {} {}":
            "'{}' hat keine Stufe '{}' (meintest du '{}'?); seine Stufen sind {}; zum Beispiel: haven log {} {}",
        "'{}' has no level '{}'; its levels are {}; for example: haven log {} {}":
            "'{}' hat keine Stufe '{}'; seine Stufen sind {}; zum Beispiel: haven log {} {}",
        "no entry {}; 'haven entries ID' lists entries with their numbers":
            "kein Eintrag {}; 'haven entries ID' listet die Einträge mit ihren Nummern",
        "nothing to undo: no entries yet": "nichts rückgängig zu machen: noch keine Einträge",
        "'{}' started on {}, so {} has nothing to freeze; skip days from {} on, for example: haven skip {} {}":
            "'{}' begann am {}, am {} gibt es also nichts einzufrieren; setze Tage ab dem {} aus, zum Beispiel: "
            + "haven skip {} {}",
        "'{}' has {} left and this needs {}; 'haven freeze grant {} N' adds more":
            "'{}' hat noch {} und braucht hierfür {}; 'haven freeze grant {} N' gibt mehr",
        "{} refused this entry: {}": "{} hat diesen Eintrag abgelehnt: {}",
        "the database {} stayed busy (another Haven is writing); nothing was written, try again":
            "die Datenbank {} blieb belegt (ein anderes Haven schreibt gerade); nichts wurde geschrieben, versuch es "
            + "noch einmal",
        "'{}' is a check tracker and takes no value, not '{}'; log it with: haven log {}":
            "'{}' ist ein Abhak-Tracker und nimmt keinen Wert, auch nicht '{}'; trag ihn so ein: haven log {}",
        "a count is a whole number from 1 to 1000000, not '{}'; for example: haven log {} +1":
            "eine Anzahl ist eine ganze Zahl von 1 bis 1000000, nicht '{}'; zum Beispiel: haven log {} +1",
        "'{}' needs an amount{}; for example: haven log {} 10": "'{}' braucht eine Menge{}; zum Beispiel: haven log {} 10",
        " in {}": " in {}",
        "an amount is a number greater than 0 with at most three decimals{}, not '{}'; for example: haven log {} 12.5":
            "eine Menge ist eine Zahl größer als 0 mit höchstens drei Nachkommastellen{}, nicht '{}'; zum Beispiel: "
            + "haven log {} 12.5",
        "'{}' needs a level: {}; for example: haven log {} {}": "'{}' braucht eine Stufe: {}; zum Beispiel: haven log {} {}",
        "say what to change: a value, --at, --note or --trigger; for example: haven edit {} --note \"after dinner\"":
            "sag, was sich ändern soll: ein Wert, --at, --note oder --trigger; zum Beispiel: haven edit {} --note "
            + "\"nach dem Essen\"",
        "'{}' has no levels, so --health cannot pick one; log it with: haven log {} {}":
            "'{}' hat keine Stufen, also kann --health keine wählen; trag ihn so ein: haven log {} {}",
        "VALUE": "WERT",
        "; its levels have no health_range": "; seine Stufen haben keinen health_range",
        "; its ranges are {}": "; seine Bereiche sind {}",
        "no level of '{}' holds the health value {}{}; or log the level itself: haven log {} {}":
            "keine Stufe von '{}' umfasst den Gesundheitswert {}{}; oder trag die Stufe selbst ein: haven log {} {}",
        "{} character": "{} Zeichen", "{} characters": "{} Zeichen",
        "a note may hold at most {} characters and {} bytes, and this one has {} in {} bytes; shorten it":
            "eine Notiz darf höchstens {} Zeichen und {} Bytes haben, und diese hat {} in {} Bytes; kürze sie",
        "a trigger may hold at most {} characters and {} bytes, and this one has {} in {} bytes; shorten it":
            "ein Auslöser darf höchstens {} Zeichen und {} Bytes haben, und dieser hat {} in {} Bytes; kürze ihn",
        "a note cannot hold control characters such as line breaks, tabs or escapes; write it on one line, as plain text":
            "eine Notiz darf keine Steuerzeichen wie Zeilenumbrüche, Tabs oder Escapes enthalten; schreib sie in eine "
            + "Zeile, als einfachen Text",
        "a trigger cannot hold control characters such as line breaks, tabs or escapes; write it on one line, as plain "
            + "text":
            "ein Auslöser darf keine Steuerzeichen wie Zeilenumbrüche, Tabs oder Escapes enthalten; schreib ihn in eine "
            + "Zeile, als einfachen Text",
        "a note cannot hold the bidirectional control U+{}, which reorders the text shown around it; leave it out":
            "eine Notiz darf das bidirektionale Steuerzeichen U+{} nicht enthalten, es ordnet den Text um sich herum "
            + "um; lass es weg",
        "a trigger cannot hold the bidirectional control U+{}, which reorders the text shown around it; leave it out":
            "ein Auslöser darf das bidirektionale Steuerzeichen U+{} nicht enthalten, es ordnet den Text um sich herum "
            + "um; lass es weg",
        "cannot read the time '{}'; write it as \"YYYY-MM-DD HH:MM\", HH:MM (today), yesterday, \"yesterday 22:00\", -2h or -1d, for example --at \"2026-03-01 21:30\"":
            "kann die Zeit '{}' nicht lesen; schreib sie als \"JJJJ-MM-TT HH:MM\", HH:MM (heute), gestern, \"gestern 22:00\", -2h oder -1d, zum Beispiel --at \"2026-03-01 21:30\"",
        "cannot read '{}'; write a day as YYYY-MM-DD, today, yesterday or -3d, or a range as 2026-08-01..2026-08-14":
            "kann '{}' nicht lesen; schreib einen Tag als JJJJ-MM-TT, heute, gestern oder -3d, oder einen Zeitraum als 2026-08-01..2026-08-14",
        "give --at or --day, not both; for example: haven log {} --day yesterday":
            "gib --at oder --day an, nicht beides; zum Beispiel: haven log {} --day gestern",
        "--day {} has not begun yet; Haven logs what already happened (today is {})":
            "--day {} hat noch nicht begonnen; Haven trägt ein, was schon geschehen ist (heute ist {})",
        "--at {} is in the future; Haven logs what already happened (now is {})":
            "--at {} liegt in der Zukunft; Haven trägt ein, was schon geschehen ist (jetzt ist {})",
        "--at {} is more than 100 years ago; check the year": "--at {} liegt mehr als 100 Jahre zurück; prüf das Jahr",
        "--from {} is after --to {}; give the earlier day first": "--from {} liegt nach --to {}; nenn den früheren Tag zuerst",
        "--from {} is after today ({} for {}); history reaches today at most":
            "--from {} liegt nach heute ({} für {}); der Verlauf reicht höchstens bis heute",
        "give a level or --health, not both ('{}' and --health); for example: haven log {} --health 2":
            "gib eine Stufe oder --health an, nicht beides ('{}' und --health); zum Beispiel: haven log {} --health 2",
        "unknown option '{}'; 'haven {} --help' lists the options":
            "unbekannte Option '{}'; 'haven {} --help' listet die Optionen",
        "{} takes one value, not {} ({}); quote a note with --note \"...\"":
            "{} nimmt einen Wert, nicht {} ({}); setz eine Notiz in Anführungszeichen: --note \"...\"",
        "cannot read '{}'; write a day as YYYY-MM-DD or a range as 2026-08-01..2026-08-14":
            "kann '{}' nicht lesen; schreib einen Tag als JJJJ-MM-TT oder einen Zeitraum als 2026-08-01..2026-08-14",
        "cannot read the time '{}'; write it as HH:MM, for example --at 20:30":
            "kann die Zeit '{}' nicht lesen; schreib sie als HH:MM, zum Beispiel --at 20:30",
        "--by takes week, month or weekday, not '{}'; for example: haven stats {} --by month":
            "--by nimmt week, month oder weekday, nicht '{}'; zum Beispiel: haven stats {} --by month",
        "--months takes 1 to 24, not {}": "--months nimmt 1 bis 24, nicht {}",
        "'{}' has no freezes block, so its freezes are unlimited; add 'freezes: { start: 0, max: 3 }' to its file to keep "
            + "a balance": "'{}' hat keinen freezes-Block, seine Freezes sind also unbegrenzt; 'freezes: { start: 0, max: 3 }' "
            + "in seiner Datei führt ein Guthaben",
        "grant 1 to 100 freezes at a time, not {}": "gib 1 bis 100 Freezes auf einmal, nicht {}",
        "{} now holds {}.": "{} hat jetzt {}.",
        "a {} quote is not closed; close it or leave it out": "ein {}-Anführungszeichen ist nicht geschlossen; schließ es "
            + "oder lass es weg",
        "'{}' could be {}; type more of the id": "'{}' kann {} sein; tipp mehr von der ID",
        "no command or tracker '{}'; did you mean '{}'? ('help' lists the commands)":
            "kein Befehl und kein Tracker '{}'; meintest du '{}'? ('help' listet die Befehle)",
        "no command or tracker '{}' ('help' lists the commands)":
            "kein Befehl und kein Tracker '{}' ('help' listet die Befehle)",
        "Welcome to Haven. Created {}; edit them, or drop more tracker files next to them.":
            "Willkommen bei Haven. Angelegt: {}; bearbeite sie, oder leg weitere Tracker-Dateien daneben.",
        " and ": " und ",
        "haven: skipped {} with problems: {} (run 'haven validate' for details)":
            "haven: {} mit Fehlern übersprungen: {} ('haven validate' zeigt die Einzelheiten)",
        "{} file": "{} Datei", "{} files": "{} Dateien",

        // stats, streaks, edit, mode.
        "{}, {} to {} ({})": "{}, {} bis {} ({})",
        "entries {} · total {}{} · {}{} a day": "Einträge {} · insgesamt {}{} · {}{} pro Tag",
        "entries {} · {} a day": "Einträge {} · {} pro Tag",
        "met {} of {} day": "{} von {} Tag erfüllt", "met {} of {} days": "{} von {} Tagen erfüllt",
        "met {} of {} week": "{} von {} Woche erfüllt", "met {} of {} weeks": "{} von {} Wochen erfüllt",
        "met {} of {} month": "{} von {} Monat erfüllt", "met {} of {} months": "{} von {} Monaten erfüllt",
        " · streak {} · best {}": " · Serie {} · beste {}",
        "habit strength {} now · {} 30 days ago · {} 365 days ago":
            "Gewohnheitsstärke {} jetzt · {} vor 30 Tagen · {} vor 365 Tagen",
        "week": "Woche", "month": "Monat", "weekday": "Wochentag", "days": "Tage", "entries": "Einträge",
        "total": "gesamt", "a day": "pro Tag", "met": "erfüllt",
        "mon": "Mo", "tue": "Di", "wed": "Mi", "thu": "Do", "fri": "Fr", "sat": "Sa", "sun": "So",
        "longest {}": "längste {}",
        "Entry {} is now: {}": "Eintrag {} ist jetzt: {}",
        "a mode is awareness or avoidance, not '{}'; for example: haven mode {} avoidance":
            "ein Modus ist awareness oder avoidance, nicht '{}'; zum Beispiel: haven mode {} avoidance",
        "{} is already in {} mode; nothing changed.": "{} ist schon im Modus {}; nichts geändert.",
        "Your {} streak will be archived: {} now, {} at its longest ({} to {}); ":
            "Deine Serie im Modus {} wird archiviert: jetzt {}, am längsten {} ({} bis {}); ",
        "Your {} mode has no streak to archive yet; ": "Der Modus {} hat noch keine Serie zum Archivieren; ",
        "the {} streak starts today.": "die Serie im Modus {} beginnt heute.",
        "the {} streak starts tomorrow, since today already holds what you logged in {} mode.":
            "die Serie im Modus {} beginnt morgen, da der heutige Tag schon Einträge aus dem Modus {} hat.",
        "Switch {} to {}?": "{} auf {} umstellen?",
        "{} is now in {} mode · streak {}.": "{} ist jetzt im Modus {} · Serie {}.",
        " Add --yes to {}: {} --yes": " Füg --yes an, um {}: {} --yes",
        "go ahead": "fortzufahren",
        " [y/N] ": " [j/N] ",
        "Nothing changed.": "Nichts geändert.",

        // `haven report`.
        "habit strength, last {}: {}": "Gewohnheitsstärke, letzte {}: {}",
        "Haven report": "Haven-Bericht", "Longest streaks": "Längste Serien", "Weekdays": "Wochentage",
        "Per week": "Je Woche", "Per month": "Je Monat", "Legend": "Legende", "Table": "Tabelle", "Month": "Monat",
        "Habit strength": "Gewohnheitsstärke", "30 days": "30 Tage", "365 days": "365 Tage",
        "Mo": "Mo", "Tu": "Di", "We": "Mi", "Th": "Do", "Fr": "Fr", "Sa": "Sa", "Su": "So",
        "{} entry": "{} Eintrag", "{} entries": "{} Einträge", "{} tracker": "{} Tracker", "{} trackers": "{} Tracker",
        "score {}%": "Stärke {} %",
        "All trackers, {} to {}: one row per tracker, one square per day":
            "Alle Tracker, {} bis {}: eine Zeile je Tracker, ein Feld je Tag",
        "{}: each day from {} to {}, coloured by its outcome": "{}: jeder Tag von {} bis {}, gefärbt nach seinem Ergebnis",
        "{}: habit strength from {} to {}, 0 to 100%": "{}: Gewohnheitsstärke von {} bis {}, 0 bis 100 %",
        "{}: the ten longest streaks": "{}: die zehn längsten Serien",
        "{}: days with an entry on each weekday, {} to {}": "{}: Tage mit Eintrag je Wochentag, {} bis {}",
        "{}: totals per week against the goal": "{}: Summen je Woche und das Ziel",
        "{}: totals per month against the goal": "{}: Summen je Monat und das Ziel",
        "week of {}": "Woche ab {}", "at most {}": "höchstens {}", "goal {}": "Ziel {}",
        "Made by Haven on {}": "Erstellt von Haven am {}",
        "Wrote {} ({}, {} KB); open it in a browser.": "{} geschrieben ({}, {} KB); öffne die Datei im Browser.",
        "--to {} is after today ({}); leave it out to end today":
            "--to {} liegt nach heute ({}); lass es weg, damit der Bericht heute endet",
        "'{}' starts more than one level of '{}': {}; type more of it, for example: haven log {} {}":
            "'{}' ist der Anfang mehrerer Stufen von '{}': {}; tippe mehr davon, zum Beispiel: haven log {} {}",
        "this computer's clock reads {}, earlier than {}, when an entry was last written; the entry is kept with the "
            + "time given. If the clock is wrong, set it right":
            "die Uhr dieses Computers zeigt {}, früher als {}, als zuletzt ein Eintrag geschrieben wurde; der Eintrag "
                + "bleibt mit der angegebenen Zeit. Wenn die Uhr falsch geht, stelle sie richtig",
        // skip --all.
        "--all freezes every tracker; give no ID with it, like: haven skip --all {}":
            "--all friert jeden Tracker ein; gib keine ID dazu an, etwa: haven skip --all {}",
        "--dry-run goes with --all; a single skip shows what it did":
            "--dry-run gehört zu --all; ein einzelnes skip zeigt, was es getan hat",
        "Nothing was written.": "Es wurde nichts geschrieben.",
        "no freeze spent": "kein Freeze verbraucht",
        "{} freeze spent": "{} Freeze verbraucht",
        "{} freezes spent": "{} Freezes verbraucht",
        "say which tracker to skip, like: haven skip water, or --all for every tracker":
            "sag, welchen Tracker du einfrieren willst, etwa: haven skip water, oder --all für jeden Tracker",
        "some trackers could not be frozen; nothing was written":
            "einige Tracker ließen sich nicht einfrieren; es wurde nichts geschrieben",
        "some trackers could not be frozen; the others were":
            "einige Tracker ließen sich nicht einfrieren; die anderen schon",
        "{}: already frozen; nothing changed.": "{}: schon eingefroren; nichts geändert.",
        "{}: frozen {}{}.": "{}: eingefroren {}{}.",
        "{}: not frozen: {}": "{}: nicht eingefroren: {}",
        "{}: would freeze {}{}.": "{}: würde {} einfrieren{}.",
        // What the runtime turns down.
        "'{}' is named twice; name each tracker once": "'{}' ist zweimal genannt; nenne jeden Tracker einmal",
        "'{}' is a good habit; modes are for saboteurs (type: saboteur)":
            "'{}' ist eine gute Gewohnheit; Modi gibt es für Saboteure (type: saboteur)",
        "{} exists but does not adjust the pack's tracker; add 'extends: {}/{}' to it":
            "{} gibt es, aber sie passt den Tracker des Packs nicht an; füge 'extends: {}/{}' hinzu",
        "'{}' is not a tracker id; use lower-case letters, digits and '-', starting with a letter":
            "'{}' ist keine Tracker-ID; nimm Kleinbuchstaben, Ziffern und '-', beginnend mit einem Buchstaben",
        "the id '{}' is taken by {}; choose another with --id": "die ID '{}' hat schon {}; wähle mit --id eine andere",
        "{} exists; choose another id with --id": "{} gibt es schon; wähle mit --id eine andere ID",
        "'{}' is the core pack's; it is live only through a file of yours":
            "'{}' gehört zum core-Pack; er ist nur durch eine Datei von dir aktiv",
        "the 'disabled:' line of {} is not a list like [walk]; fix it by hand":
            "die Zeile 'disabled:' in {} ist keine Liste wie [walk]; korrigiere sie von Hand",
        "--days must be at least 1, not {}": "--days muss mindestens 1 sein, nicht {}",
        "the range {}..{} runs backwards; write the earlier day first":
            "der Bereich {}..{} läuft rückwärts; schreibe den früheren Tag zuerst",
        "a freeze covers at most a year at once, and {}..{} is longer":
            "ein Freeze deckt höchstens ein Jahr auf einmal ab, und {}..{} ist länger",
        "--health takes a number, for example --health 2": "--health nimmt eine Zahl, etwa --health 2",
    ]
}
