extension Words {
    /// German for the rest of what a person reads: pack commands' replies,
    /// validate, add and remove, error and warning prefixes (#30 item 5).
    static let germanSweep: [String: String] = [
        "not in packs.lock": "nicht in packs.lock",
        "linked": "verlinkt",
        "ok": "ok",
        "modified locally": "lokal verändert",
        "No packs installed. Install one with: haven pack install FOLDER":
            "Keine Packs installiert. Installiere eins mit: haven pack install ORDNER",
        "copied by hand": "von Hand kopiert",
        "waits for trust": "wartet auf Vertrauen",
        "code changed since trusted": "Code seit dem Vertrauen geändert",
        "required by {}": "gebraucht von {}",
        "left out {}": "weggelassen: {}",
        "Every pack is as new as its source.": "Jedes Pack ist so neu wie seine Quelle.",
        "{} is out, outside{}": "{} ist erschienen, außerhalb von{}",
        "its source changed": "seine Quelle hat sich geändert",
        "'haven pack update' takes what each ref allows.": "'haven pack update' nimmt, was jede Ref erlaubt.",
        "Made {}. Add trackers or presets, check it with 'haven validate {}', then share the folder.":
            "{} angelegt. Füg Tracker oder Presets hinzu, prüf es mit 'haven validate {}' und teil dann den Ordner.",
        "Trust {}?": "{} vertrauen?",
        "trust it": "ihm zu vertrauen",
        "Trusted {}: its trackers are live.": "{} wird vertraut: seine Tracker sind aktiv.",
        "{} is no longer trusted: its trackers stop loading until 'haven pack trust {}'.":
            "{} wird nicht mehr vertraut: seine Tracker laden nicht mehr bis 'haven pack trust {}'.",
        "'{}' has no live trackers.": "'{}' hat keine aktiven Tracker.",
        "{} tracker loses its definition ({}); {}.": "{} Tracker verliert seine Definition ({}); {}.",
        "{} trackers lose their definition ({}); {}.": "{} Tracker verlieren ihre Definition ({}); {}.",
        "its {} entry stays": "{} Eintrag bleibt erhalten",
        "its {} entries stay": "seine {} Einträge bleiben erhalten",
        "their {} entries stay": "ihre {} Einträge bleiben erhalten",
        "Removed the pack {}.": "Pack {} entfernt.",
        "Exported {} ({}) as the pack {} into {}; without since: or pinned:, {}, hash {}.":
            "{} ({}) als Pack {} nach {} exportiert; ohne since: und pinned:, {}, Hash {}.",
        "A friend installs it with: haven pack install {} --sha256 {}":
            "Andere installieren es mit: haven pack install {} --sha256 {}",
        "A friend installs it with: haven pack install {} (or push the folder to a git host and tag it v{})":
            "Andere installieren es mit: haven pack install {} (oder lade den Ordner auf einen Git-Host und setz das Tag v{})",
        "packs.lock lists no packs; nothing to update.": "packs.lock nennt keine Packs; nichts zu aktualisieren.",
        "{} {} is up to date.": "{} {} ist aktuell.",
        "Trust the new code of {} and update it?": "Dem neuen Code von {} vertrauen und aktualisieren?",
        "trust the new code and update": "dem neuen Code zu vertrauen und zu aktualisieren",
        "{} was not updated.": "{} wurde nicht aktualisiert.",
        "Updated {} {} → {}; 'haven pack rollback {}' goes back.":
            "{} {} → {} aktualisiert; 'haven pack rollback {}' geht zurück.",
        "Dry run: nothing was updated.": "Probelauf: nichts wurde aktualisiert.",
        "{} {} → {} (from {}):": "{} {} → {} (aus {}):",
        "added {}": "neu: {}",
        "changed {}": "geändert: {}",
        "removed {}": "entfernt: {}",
        "other files: {}": "andere Dateien: {}",
        "works with Haven {} (was {})": "läuft mit Haven {} (vorher {})",
        "any": "jeder",
        "its code changed (hooks, Lua files or report templates): trust is asked again":
            "sein Code hat sich geändert (Hooks, Lua-Dateien oder Berichtsvorlagen): das Vertrauen wird neu erfragt",
        "packs.lock lists no packs; nothing to restore.": "packs.lock nennt keine Packs; nichts wiederherzustellen.",
        "restored as recorded": "wie aufgezeichnet wiederhergestellt",
        "already in place": "schon vorhanden",
        "Dry run: nothing was installed.": "Probelauf: nichts wurde installiert.",
        "Trust {} and install it?": "{} vertrauen und installieren?",
        "trust it and install": "ihm zu vertrauen und es zu installieren",
        "Nothing was installed.": "Nichts wurde installiert.",
        "Linked {} as {} → {}; your edits load at once.": "{} als {} → {} verlinkt; deine Änderungen laden sofort.",
        "Installed {} into {}.": "{} nach {} installiert.",
        "hooks {}": "Hooks {}",
        "code {}": "Code {}",
        "{} reminder": "{} Erinnerung",
        "{} reminders": "{} Erinnerungen",
        "requires {}": "braucht {}",
        "{} from {}: {}.": "{} aus {}: {}.",
        "Trusting a pack lets its trackers go live, its hooks run and its templates render.":
            "Wer einem Pack vertraut, macht seine Tracker aktiv und lässt seine Hooks laufen und seine Vorlagen darstellen.",
        "{} pack": "{} Pack",
        "{} packs": "{} Packs",
        "{} preset": "{} Preset",
        "{} presets": "{} Presets",
        "{} practice": "{} Übung",
        "{} practices": "{} Übungen",
        "{} problem found": "{} Problem gefunden",
        "{} problems found": "{} Probleme gefunden",
        "ok: {}, no problems": "ok: {}, keine Probleme",
        "{} warning": "{} Warnung",
        "{} warnings": "{} Warnungen",
        "Added {} ({}): {}": "{} ({}) hinzugefügt: {}",
        "Switched back on {} ({}): {}": "{} ({}) wieder eingeschaltet: {}",
        "Removing {} switches off the pack {}'s tracker (as 'disabled' in your pack.yaml; 'haven add {}/{}' switches it back on); ":
            "Entfernen schaltet {} aus, den Tracker des Packs {} (als 'disabled' in deiner pack.yaml; 'haven add {}/{}' schaltet ihn wieder ein); ",
        "Removing {} deletes {}; ": "Entfernen von {} löscht {}; ",
        "its {} entry will be deleted too.": "{} Eintrag wird auch gelöscht.",
        "its {} entries will be deleted too.": "seine {} Einträge werden auch gelöscht.",
        "its {} entry stays in the database (--delete-entries deletes them).":
            "{} Eintrag bleibt in der Datenbank (--delete-entries löscht ihn).",
        "its {} entries stay in the database (--delete-entries deletes them).":
            "seine {} Einträge bleiben in der Datenbank (--delete-entries löscht sie).",
        "Switched off {} and its {} entry.": "{} ausgeschaltet und {} Eintrag gelöscht.",
        "Switched off {} and its {} entries.": "{} ausgeschaltet und seine {} Einträge gelöscht.",
        "Removed {} and its {} entry.": "{} und {} Eintrag entfernt.",
        "Removed {} and its {} entries.": "{} und seine {} Einträge entfernt.",
        "Switched off {}; its {} entry stays.": "{} ausgeschaltet; {} Eintrag bleibt.",
        "Switched off {}; its {} entries stay.": "{} ausgeschaltet; seine {} Einträge bleiben.",
        "Removed {}; its {} entry stays.": "{} entfernt; {} Eintrag bleibt.",
        "Removed {}; its {} entries stay.": "{} entfernt; seine {} Einträge bleiben.",
        "error": "Fehler",
        "warning": "Warnung",
        "the pack {} waits for your trust and loads nothing until then; 'haven pack trust {}' shows what it brings":
            "das Pack {} wartet auf dein Vertrauen und lädt bis dahin nichts; 'haven pack trust {}' zeigt, was es mitbringt",
        "the packs {} wait for your trust and load nothing until then; 'haven pack trust ID' shows what one brings":
            "die Packs {} warten auf dein Vertrauen und laden bis dahin nichts; 'haven pack trust ID' zeigt, was eines mitbringt",
        "--home needs a folder, for example --home ~/haven; leave it out to use HAVEN_HOME or the usual folders":
            "--home braucht einen Ordner, zum Beispiel --home ~/haven; lass es weg, dann gelten HAVEN_HOME oder die üblichen Ordner",
        "cannot read the time '{}' given by --now or HAVEN_NOW; write it as \"YYYY-MM-DD HH:MM\" (local time) or with an offset, e.g. \"2026-03-01T21:30+01:00\"":
            "die Zeit '{}' aus --now oder HAVEN_NOW lässt sich nicht lesen; schreib sie als \"JJJJ-MM-TT HH:MM\" (Ortszeit) oder mit Versatz, z. B. \"2026-03-01T21:30+01:00\"",
        "TZ='{}' is not a time zone this system knows, so times are UTC; set TZ to a zone such as Europe/Berlin, or unset it":
            "TZ='{}' ist keine Zeitzone, die dieses System kennt, also gelten alle Zeiten in UTC; setz TZ auf eine Zone wie Europe/Berlin, oder entferne es",
        "no line editing or history ({}); install libedit2 for them":
            "keine Zeilenbearbeitung und kein Verlauf ({}); installiere dafür libedit2",
        "{}, from {} (it starts then)": "{}, ab {} (dann beginnt er)",
        "score {}": "Stärke {}",
        "Jan": "Jan",
        "Feb": "Feb",
        "Mar": "Mär",
        "Apr": "Apr",
        "Jun": "Jun",
        "Jul": "Jul",
        "Aug": "Aug",
        "Sep": "Sep",
        "Oct": "Okt",
        "Nov": "Nov",
        "Dec": "Dez",
        "Would import {} on {}{} from {}": "Würde {} ({}){} aus {} importieren",
        "Imported {} on {}{} from {}": "{} ({}){} aus {} importiert",
        " and {}": " und {}",
        "archive": "Archiv",
        "link": "Link",
        "'{}' comes from the pack '{}'; its file is the pack's. Copy it into your trackers folder (haven show {} prints it) to change it":
            "'{}' kommt aus dem Pack '{}'; seine Datei gehört dem Pack. Kopier sie in deinen Tracker-Ordner (haven show {} gibt sie aus), um sie zu ändern",
        "cannot read {}": "{} lässt sich nicht lesen",
        "the editor ({}) ended with status {}; {} is as it was":
            "der Editor ({}) endete mit Status {}; {} ist, wie sie war",
        "No change to {}.": "Keine Änderung an {}.",
        "Saved {}.": "{} gespeichert.",
        "Edit again (e) or discard (d)? ": "Noch einmal bearbeiten (e) oder verwerfen (d)? ",
        "discarded; {} is as it was": "verworfen; {} ist, wie sie war",
        "{} on {}": "{} an {}",
        "{} and {}": "{} und {}",
        " into its trackers": " in seine Tracker",
        "would make {} ({})": "würde {} anlegen ({})",
        "made {} ({})": "{} angelegt ({})",
        "{} entry was already here.": "{} Eintrag war schon da.",
        "{} entries were already here.": "{} Einträge waren schon da.",
        "'{}' is {}: a tracker of yours has the id it would have had.":
            "'{}' heißt {}: einer deiner Tracker hat die Id, die es bekommen hätte.",
        "Nothing was written.": "Nichts wurde geschrieben.",
        "Not kept:": "Nicht übernommen:",
        "{} day": "{} Tag",
        "{} days": "{} Tage",
        "{} freeze": "{} Freeze",
        "{} freezes": "{} Freezes",
        "{} tracker's state": "{} Tracker-Zustand",
        "{} trackers' states": "{} Tracker-Zustände",
        "{} mode or freeze record": "{} Modus- oder Freeze-Eintrag",
        "{} mode and freeze records": "{} Modus- und Freeze-Einträge",
        "would make {} ({}) from the files it carries": "würde {} ({}) aus den mitgebrachten Dateien anlegen",
        "made {} ({}) from the files it carries": "{} ({}) aus den mitgebrachten Dateien angelegt",
        "No tracker file defines {}: add one with that id to see its history.":
            "Keine Tracker-Datei definiert {}: leg eine mit dieser Id an, um seinen Verlauf zu sehen.",
        "No tracker file defines {}: add one with that id to see their history.":
            "Keine Tracker-Datei definiert {}: leg je eine mit diesen Ids an, um ihren Verlauf zu sehen.",
        "{} habit": "{} Gewohnheit",
        "{} habits": "{} Gewohnheiten",
        "Wrote {} and {} to {}; in Loop, choose Settings, Import data, and pick it.":
            "{} und {} nach {} geschrieben; wähle in Loop Einstellungen, Daten importieren, und dann die Datei.",
        "Loop cannot hold all of it:": "Loop kann nicht alles davon aufnehmen:",
        "Wrote {} entry and the rest of your history to {}; 'haven import haven {}' reads it back.":
            "{} Eintrag und der Rest deines Verlaufs nach {} geschrieben; 'haven import haven {}' liest ihn zurück.",
        "Wrote {} entries and the rest of your history to {}; 'haven import haven {}' reads it back.":
            "{} Einträge und der Rest deines Verlaufs nach {} geschrieben; 'haven import haven {}' liest sie zurück.",
        "{}: Loop has no calendar weeks; it counts any {} days":
            "{}: Loop kennt keine Kalenderwochen; es zählt beliebige {} Tage",
        "{}: Loop has no calendar months; it counts any {} days":
            "{}: Loop kennt keine Kalendermonate; es zählt beliebige {} Tage",
        "{}: Loop sums numbers and counts no good days; it goes as its goal on each day":
            "{}: Loop summiert Zahlen und zählt keine guten Tage; es geht als Ziel für jeden Tag hinüber",
        "{}: Loop has no levels; a day with any level is done there":
            "{}: Loop kennt keine Stufen; ein Tag mit irgendeiner Stufe ist dort erledigt",
        "{} or {}": "{} oder {}",
        "{}: Loop has no levels; a day logged {} is done there, any other is not":
            "{}: Loop kennt keine Stufen; ein Tag mit {} ist dort erledigt, jeder andere nicht",
        "{}: Loop has no avoidance mode; it goes as relapses a day, at most {}":
            "{}: Loop kennt keinen Vermeidungsmodus; es geht als Rückfälle pro Tag hinüber, höchstens {}",
        "{}: Loop keeps one reminder a habit; {} goes, the other {} stay here":
            "{}: Loop hält eine Erinnerung pro Gewohnheit; {} geht mit, die anderen {} bleiben hier",
        "{}: Loop has no jokers; a day one healed is a miss there":
            "{}: Loop kennt keine Joker; ein Tag, den einer geheilt hat, ist dort verpasst",
        "{}: Loop sums any {} days; here the goal is per calendar week":
            "{}: Loop summiert beliebige {} Tage; hier gilt das Ziel pro Kalenderwoche",
        "{}: Loop sums any {} days; here the goal is per calendar month":
            "{}: Loop summiert beliebige {} Tage; hier gilt das Ziel pro Kalendermonat",
        "{}: Haven sums no rolling window; here the goal must be met on {} of any {} days":
            "{}: Haven summiert kein gleitendes Fenster; hier muss das Ziel an {} von beliebigen {} Tagen erreicht sein",
        "{} day Loop marked not done is left out: a day with no entry is not done here":
            "{} Tag, den Loop als nicht erledigt markiert hat, bleibt weg: ein Tag ohne Eintrag ist hier nicht erledigt",
        "{} days Loop marked not done are left out: a day with no entry is not done here":
            "{} Tage, die Loop als nicht erledigt markiert hat, bleiben weg: ein Tag ohne Eintrag ist hier nicht erledigt",
        "the question of {} habit is not kept: a tracker has a name only":
            "die Frage von {} Gewohnheit wird nicht übernommen: ein Tracker hat nur einen Namen",
        "the questions of {} habits are not kept: a tracker has a name only":
            "die Fragen von {} Gewohnheiten werden nicht übernommen: ein Tracker hat nur einen Namen",
        ", replacing {} imported before": ", anstelle von {}, die vorher importiert wurden",
        "{}: {} from {} of {}": "{}: {} aus {} vom Typ {}",
        "{} record": "{} Datensatz",
        "{} records": "{} Datensätze",
        "Not imported: {}.": "Nicht importiert: {}.",
        "… and {} more reasons ('--json' lists them all)": "… und {} weitere Gründe ('--json' listet alle)",
        "Sources: {}; '--source NAME' reads only those you name.":
            "Quellen: {}; '--source NAME' liest nur die genannten.",
        "{}: a type Haven does not read": "{}: ein Typ, den Haven nicht liest",
        "{}: no tracker takes it; 'haven add {}' makes one, then import again":
            "{}: kein Tracker nimmt ihn; 'haven add {}' legt einen an, dann importiere noch einmal",
        "{}: {} all take it; choose one with --tracker": "{}: {} nehmen ihn alle; wähle einen mit --tracker",
        "{}: not the type --tracker takes": "{}: nicht der Typ, den --tracker nimmt",
        "from '{}': not a --source you named": "von '{}': keine --source, die du genannt hast",
        "{}: '{}' is not an amount Haven reads": "{}: '{}' ist keine Menge, die Haven liest",
        "for {}: a day's sum of {} is in no level's health_range":
            "für {}: die Tagessumme {} liegt in keiner health_range einer Stufe",
        "{}: nothing to log (a zero, or a session without length)":
            "{}: nichts zu erfassen (eine Null, oder eine Sitzung ohne Dauer)",
        "the database {} was written by a newer Haven; it was left untouched: update Haven to use it":
            "die Datenbank {} wurde von einem neueren Haven geschrieben; sie bleibt unberührt: aktualisiere Haven, um sie zu nutzen",
        "no {}": "nicht gefunden: {}",
        "{} is not a Haven database, or it is damaged ({}); nothing was changed. Restore a backup, or move it aside (mv {} {}.broken) to start a new history":
            "{} ist keine Haven-Datenbank, oder sie ist beschädigt ({}); nichts wurde geändert. Spiel eine Sicherung zurück, oder schieb sie beiseite (mv {} {}.broken), um einen neuen Verlauf zu beginnen",
        "{} is another program's SQLite database, not Haven's; nothing was changed. Use --home with another folder, or move it aside (mv {} {}.other)":
            "{} ist die SQLite-Datenbank eines anderen Programms, nicht die von Haven; nichts wurde geändert. Nimm --home mit einem anderen Ordner, oder schieb sie beiseite (mv {} {}.other)",
        "{} is empty (0 bytes), perhaps a copy or sync that failed; it was left as it is. Restore a backup over it, or remove it (rm {}) to start a new history":
            "{} ist leer (0 Bytes), vielleicht eine misslungene Kopie oder Synchronisation; sie bleibt, wie sie ist. Spiel eine Sicherung darüber, oder entferne sie (rm {}), um einen neuen Verlauf zu beginnen",
        "{} holds a row Haven cannot read: {}; nothing was changed. Restore a backup, or correct the row with sqlite3":
            "{} enthält eine Zeile, die Haven nicht lesen kann: {}; nichts wurde geändert. Spiel eine Sicherung zurück, oder korrigiere die Zeile mit sqlite3",
        "the disk holding {} is full; nothing was written. Free some space and try again":
            "der Datenträger mit {} ist voll; nichts wurde geschrieben. Schaff etwas Platz und versuch es noch einmal",
        "cannot write {}: it or its folder is read-only; nothing was written. Reading commands still work; make the folder writable, or use --home with one that is":
            "{} lässt sich nicht schreiben: die Datei oder ihr Ordner ist schreibgeschützt; nichts wurde geschrieben. Lesende Befehle gehen weiter; mach den Ordner beschreibbar, oder nimm --home mit einem beschreibbaren",
        "cannot create the database {}: {}; pass --home DIR with a folder you can write":
            "die Datenbank {} lässt sich nicht anlegen: {}; gib --home ORDNER mit einem Ordner an, in den du schreiben kannst",
        "cannot read or write {}: {}; nothing was written. Check the disk, or restore a backup":
            "{} lässt sich nicht lesen oder schreiben: {}; nichts wurde geschrieben. Prüf den Datenträger, oder spiel eine Sicherung zurück",
        "cannot use the database {}: {}": "die Datenbank {} lässt sich nicht nutzen: {}",
        "the database {} was removed or replaced since Haven opened it (a sync tool?); nothing was written. Quit and start Haven again to use the file there now":
            "die Datenbank {} wurde entfernt oder ersetzt, seit Haven sie geöffnet hat (ein Sync-Werkzeug?); nichts wurde geschrieben. Beende Haven und starte es neu, um die Datei zu nutzen, die jetzt dort liegt",
        "{}; nothing of that batch was kept": "{}; nichts von diesem Stapel wurde behalten",
        "cannot find the built-in core pack; reinstall Haven with 'make install', or set {} to its folder (the repository's trackers/)":
            "das eingebaute core-Pack ist nicht zu finden; installiere Haven neu mit 'make install', oder setz {} auf seinen Ordner (trackers/ des Repositorys)",
        "Password for {}: ": "Passwort für {}: ",
        "Made the account {} at {}; this device is {}.": "Konto {} auf {} angelegt; dieses Gerät ist {}.",
        "Your other devices need this home's key: 'haven sync key' shows it. Keep a copy: without it the records on the server cannot be read.":
            "Deine anderen Geräte brauchen den Schlüssel dieses Zuhauses: 'haven sync key' zeigt ihn. Bewahr eine Kopie auf: ohne ihn lassen sich die Einträge auf dem Server nicht lesen.",
        "Logged in to {} as {}; this device is {}.": "Bei {} als {} angemeldet; dieses Gerät ist {}.",
        "Run 'haven sync' to send and receive records.":
            "Führ 'haven sync' aus, um Einträge zu senden und zu empfangen.",
        "no password given; type it at the prompt, or pipe it: echo \"$PASSWORD\" | haven sync login URL --account NAME":
            "kein Passwort angegeben; tipp es an der Eingabeaufforderung ein, oder leite es weiter: echo \"$PASSWORD\" | haven sync login URL --account NAME",
        "Again: ": "Noch einmal: ",
        "the two passwords differ; nothing was done": "die beiden Passwörter unterscheiden sich; nichts wurde getan",
        "last sync {}": "zuletzt synchronisiert {}",
        "never synced": "nie synchronisiert",
        "Server {} (account {}), {}.": "Server {} (Konto {}), {}.",
        "Not logged in to a sync server; 'haven sync login URL --account NAME' connects this device.":
            "Bei keinem Sync-Server angemeldet; 'haven sync login URL --account NAME' verbindet dieses Gerät.",
        "Device": "Gerät",
        "Here": "Hier",
        "Server": "Server",
        "(this device)": "(dieses Gerät)",
        "No records yet: they start with the first login.":
            "Noch keine Einträge: sie beginnen mit der ersten Anmeldung.",
        "{} to send": "{} zu senden",
        "{} to receive": "{} zu empfangen",
        "Up to date with {}.": "Auf dem Stand von {}.",
        "sent {}": "{} gesendet",
        "received {}": "{} empfangen",
        "({} kept unopened)": "({} ungeöffnet behalten)",
        "Synced with {}: {}.": "Mit {} synchronisiert: {}.",
        "No conflicts: your devices agree on every day.":
            "Keine Konflikte: deine Geräte sind sich bei jedem Tag einig.",
        "{} {}: shows {}": "{} {}: zeigt {}",
        "this device": "dieses Gerät",
        "device {}": "Gerät {}",
        "their {} entry stays": "ihr {} Eintrag bleibt erhalten",
        "Keep one with 'haven conflicts keep N'; the others of its day are deleted on every device.":
            "Behalte einen mit 'haven conflicts keep N'; die anderen seines Tages werden auf jedem Gerät gelöscht.",
        "Kept entry {}; deleted {}. 'haven sync' takes the choice to your other devices.":
            "Eintrag {} behalten; {} gelöscht. 'haven sync' bringt die Wahl auf deine anderen Geräte.",
        "no key yet: 'haven sync login URL --account NAME --new' makes one on your first device":
            "noch kein Schlüssel: 'haven sync login URL --account NAME --new' macht einen auf deinem ersten Gerät",
        "reminders were not shown: {}; 'haven remind' needs a desktop session (see 'Reminders on the desktop' in the README)":
            "Erinnerungen wurden nicht gezeigt: {}; 'haven remind' braucht eine Desktop-Sitzung (siehe 'Reminders on the desktop' in der README)",
        "the notification's answer for '{}' was not logged: {}":
            "die Antwort der Benachrichtigung für '{}' wurde nicht erfasst: {}",
        "cannot tell where this haven program is; run it by its full path":
            "unklar, wo dieses haven-Programm liegt; ruf es mit seinem vollen Pfad auf",
        "No trackers yet.": "Noch keine Tracker.",
        "In the REPL: ID VALUE logs (water +1, noalc steady); a unique id prefix is enough. 'quit' or Ctrl-D leaves.":
            "In der REPL: ID WERT erfasst (water +1, noalc steady); ein eindeutiger Anfang der Id genügt. 'quit' oder Strg-D beendet.",
        " (did you mean '{}'?)": " (meintest du '{}'?)",
        "no command '{}'{}; 'help' lists them": "kein Befehl '{}'{}; 'help' listet sie",
    ]
}
