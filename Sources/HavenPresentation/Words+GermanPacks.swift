extension Words {
    /// German for the pack manager's refusals (SPEC §8). Each keeps the
    /// order of its values, as `{}` is filled left to right.
    static let germanPacks: [String: String] = [
        "'{}' is not a pack id (lower-case letters, digits and '-', not core or local)":
            "'{}' ist keine Paket-Id (Kleinbuchstaben, Ziffern und '-', nicht core oder local)",
        "the {} of pack '{}' is not one Haven writes: '{}'": "{} des Pakets '{}' ist keins, das Haven schreibt: '{}'",
        "'{}' is inside a .git folder, which an archive may not install (git runs what its config says, and trust does "
            + "not cover it); leave .git out of the archive":
            "'{}' liegt in einem .git-Ordner, den ein Archiv nicht installieren darf (git führt aus, was seine "
                + "Konfiguration sagt, und das Vertrauen deckt ihn nicht); lass .git aus dem Archiv heraus",
        "installed": "installiert",
        "updated": "aktualisiert",
        "restored": "wiederhergestellt",
        "exported": "exportiert",
        "{} cannot be read ({}); fix or remove it first":
            "{} lässt sich nicht lesen ({}); repariere oder entferne die Datei zuerst",
        "another 'haven pack' command is changing the packs of {}; try again when it has finished":
            "ein anderer 'haven pack'-Befehl ändert gerade die Packs von {}; versuche es noch einmal, wenn er fertig ist",
        "the disk holding {} is full; nothing was {}. Free some space and try again":
            "der Datenträger mit {} ist voll; es wurde nichts {}. Schaffe Platz und versuche es noch einmal",
        "cannot create {}: {}; pass --home DIR with a folder you can write":
            "{} lässt sich nicht anlegen: {}; gib mit --home DIR einen Ordner an, in den du schreiben darfst",
        "interrupted; nothing was {}": "abgebrochen; es wurde nichts {}",
        "{}; nothing was {}": "{}; es wurde nichts {}",
        "no such file or folder: {}": "keine solche Datei und kein solcher Ordner: {}",
        "git is not installed; install it (apt-get install git) to use packs from git repositories":
            "git ist nicht installiert; installiere es (apt-get install git), um Packs aus git-Repositories zu nutzen",
        "curl is not installed; install it (apt-get install curl) to install packs from web addresses":
            "curl ist nicht installiert; installiere es (apt-get install curl), um Packs von Webadressen zu installieren",
        "install it with --as NAME": "installiere es mit --as NAME",
        "choose another name": "wähle einen anderen Namen",
        "choose another --name": "wähle ein anderes --name",
        "a pack may not be named '{}': that name is Haven's own; {}":
            "ein Pack darf nicht '{}' heißen: der Name gehört Haven selbst; {}",
        "'{}' is not a valid pack name; {} with lower-case letters, digits and '-', starting with a letter":
            "'{}' ist kein gültiger Pack-Name; {} mit Kleinbuchstaben, Ziffern und '-', beginnend mit einem Buchstaben",
        "--link is for a pack folder you are working on, and {} is an archive; install it without --link":
            "--link ist für einen Pack-Ordner, an dem du arbeitest, und {} ist ein Archiv; installiere es ohne --link",
        "--link is for a pack folder you are working on, and {} is a git repository; install it without --link":
            "--link ist für einen Pack-Ordner, an dem du arbeitest, und {} ist ein git-Repository; installiere es ohne "
                + "--link",
        "a pack '{}' is already installed in {}/packs/{}; remove it first, or install this one under another name with --as NAME":
            "ein Pack '{}' ist schon in {}/packs/{} installiert; entferne es zuerst, oder installiere dieses unter einem "
                + "anderen Namen mit --as NAME",
        "--ref is for git repositories, and {} is an archive; install it without --ref":
            "--ref ist für git-Repositories, und {} ist ein Archiv; installiere es ohne --ref",
        "--ref is for git repositories, and {} is a plain folder; install it without --ref":
            "--ref ist für git-Repositories, und {} ist ein einfacher Ordner; installiere es ohne --ref",
        "--sha256 is for archives, and {} is not one": "--sha256 ist für Archive, und {} ist keines",
        "an archive from an address is installed only with the sha256 its author published: haven pack install {} --sha256 HEX":
            "ein Archiv von einer Adresse wird nur mit der sha256 installiert, die sein Autor veröffentlicht hat: "
                + "haven pack install {} --sha256 HEX",
        "cannot fetch {}: {}": "{} lässt sich nicht holen: {}",
        "cannot ask {} for its versions: {}": "{} lässt sich nicht nach seinen Versionen fragen: {}",
        "git says: {}": "git sagt: {}",
        "cannot download {}: {}": "{} lässt sich nicht herunterladen: {}",
        "cannot read {}: {}": "{} lässt sich nicht lesen: {}",
        "{} has the sha256 {}, not {}: it is not the archive you expected":
            "{} hat die sha256 {}, nicht {}: es ist nicht das Archiv, das du erwartet hast",
        "{} cannot be unpacked: {}": "{} lässt sich nicht entpacken: {}",
        "{}/{} has a line break in its name": "{}/{} hat einen Zeilenumbruch im Namen",
        "cannot read {}/{}: {}": "{}/{} lässt sich nicht lesen: {}",
        "'{}' was not {}: {} found; nothing in your home changed":
            "'{}' wurde nicht {}: {} gefunden; in deinem Zuhause hat sich nichts geändert",
        "'{}' holds no tracker {}; it has no trackers to leave out":
            "'{}' enthält keinen Tracker {}; es hat keine Tracker, die sich weglassen ließen",
        "'{}' holds no tracker {}; its trackers are {}": "'{}' enthält keinen Tracker {}; seine Tracker sind {}",
        "its tracker '{}' has the id of your {}": "sein Tracker '{}' hat die Id deiner Datei {}",
        "its tracker '{}' has the id of {}, which came first": "sein Tracker '{}' hat die Id von {}, das zuerst da war",
        "'{}' would not be installed: {}": "'{}' würde nicht installiert: {}",
        "'{}' was not installed: {}": "'{}' wurde nicht installiert: {}",
        "to install the rest, leave it out: {}": "um den Rest zu installieren, lass ihn weg: {}",
        "to install the rest, leave them out: {}": "um den Rest zu installieren, lass sie weg: {}",
        " (then 'haven add {}/{} --id NEW-ID' adds theirs beside yours)":
            " (danach stellt 'haven add {}/{} --id NEUE-ID' ihren neben deinen)",
        "; nothing in your home changed": "; in deinem Zuhause hat sich nichts geändert",
        "{} problem": "{} Problem",
        "{} problems": "{} Probleme",
        "no pack '{}' is installed; 'haven pack list' lists them":
            "es ist kein Pack '{}' installiert; 'haven pack list' zeigt die installierten",
        "'{}' is not in {}; only packs installed with 'haven pack install' are trusted or untrusted":
            "'{}' steht nicht in {}; nur mit 'haven pack install' installierten Packs wird vertraut oder misstraut",
        "'{}' is not in {}; only packs installed with 'haven pack install' can be updated":
            "'{}' steht nicht in {}; nur mit 'haven pack install' installierte Packs lassen sich aktualisieren",
        "the pack {} requires it": "das Pack {} braucht es",
        "the packs {} require it": "die Packs {} brauchen es",
        "{} extends its presets": "{} erweitert seine Vorlagen",
        "{} extend its presets": "{} erweitern seine Vorlagen",
        "that": "das",
        "those": "diese",
        "'{}' stays: {}; remove or change {} first": "'{}' bleibt: {}; entferne oder ändere {} zuerst",
        ", and ": ", und ",
        "{} already exists here; choose another name or another folder":
            "{} gibt es hier schon; wähle einen anderen Namen oder einen anderen Ordner",
        "{}/packs/{} differs from packs.lock (modified locally); nothing was restored. Move it aside to restore it as recorded":
            "{}/packs/{} weicht von packs.lock ab (lokal geändert); es wurde nichts wiederhergestellt. Schiebe es "
                + "beiseite, um es wie festgehalten wiederherzustellen",
        "'{}' is modified locally: its files differ from packs.lock, and an update would replace them; copy out what you changed, then 'haven pack update {} --force'":
            "'{}' ist lokal geändert: seine Dateien weichen von packs.lock ab, und ein Update würde sie ersetzen; "
                + "sichere, was du geändert hast, dann 'haven pack update {} --force'",
        "'{}' links to {}: its files are that folder's as you edit them, and a linked pack is never updated":
            "'{}' verweist auf {}: seine Dateien sind die dieses Ordners, so wie du sie bearbeitest, und ein "
                + "verknüpftes Pack wird nie aktualisiert",
        "a folder": "einen Ordner",
        "'{}' is in packs.lock but not in {}/packs; 'haven pack install' restores it first":
            "'{}' steht in packs.lock, aber nicht in {}/packs; 'haven pack install' stellt es zuerst wieder her",
        "'{}' came from {}, which is gone; nothing was updated":
            "'{}' kam aus {}, das es nicht mehr gibt; es wurde nichts aktualisiert",
        "'{}' is the archive at {}, pinned by its sha256; to move to another version, 'haven pack remove {}' and install the new archive's address with --sha256":
            "'{}' ist das Archiv unter {}, festgelegt durch seine sha256; für eine andere Version 'haven pack remove {}' "
                + "und die Adresse des neuen Archivs mit --sha256 installieren",
        "'{}' comes from a {} source, which is never updated":
            "'{}' stammt aus einer Quelle der Art {}, die nie aktualisiert wird",
        "'{}' has no earlier version to go back to; 'haven pack update {}' keeps one":
            "'{}' hat keine frühere Version, zu der es zurückgehen könnte; 'haven pack update {}' behält eine",
        "the folder is gone": "den Ordner gibt es nicht mehr",
        "the archive is gone": "das Archiv gibt es nicht mehr",
        "the lock records no sha256 for it": "packs.lock hält keine sha256 dafür fest",
        "this Haven cannot fetch a {} source": "dieses Haven kann keine Quelle der Art {} holen",
        "cannot restore '{}' from {}: {}; nothing was restored":
            "'{}' lässt sich nicht aus {} wiederherstellen: {}; es wurde nichts wiederhergestellt",
        "cannot restore '{}': {} no longer holds the content packs.lock records ({}); nothing was restored. 'haven pack update {}' will take the new content":
            "'{}' lässt sich nicht wiederherstellen: {} enthält nicht mehr den Inhalt, den packs.lock festhält ({}); "
                + "es wurde nichts wiederhergestellt. 'haven pack update {}' übernimmt den neuen Inhalt",
        "cannot restore '{}': it links to {}, which is gone; nothing was restored":
            "'{}' lässt sich nicht wiederherstellen: es verweist auf {}, das es nicht mehr gibt; es wurde nichts "
                + "wiederhergestellt",
        "'{}' is not a version; give one like --version 1.0.0": "'{}' ist keine Version; gib eine an wie --version 1.0.0",
        "an export is a folder or a .tar.gz; give --out {} or --out {}.tar.gz":
            "ein Export ist ein Ordner oder ein .tar.gz; gib --out {} oder --out {}.tar.gz an",
        "{} already exists; give another --out, or move it away":
            "{} gibt es schon; gib ein anderes --out an oder schiebe es weg",
        "your home has no trackers of its own to export; 'haven add' makes one":
            "dein Zuhause hat keine eigenen Tracker zum Exportieren; 'haven add' legt einen an",
        "'{}' comes from the pack '{}'; share that pack instead ('haven pack list' shows where it came from)":
            "'{}' stammt aus dem Pack '{}'; teile stattdessen dieses Pack ('haven pack list' zeigt, woher es kam)",
        "cannot read {}; nothing was exported": "{} lässt sich nicht lesen; es wurde nichts exportiert",
        // What an archive, the lock, git or a pack's files said.
        "not a .zip, .tar.gz or .tgz file": "keine .zip-, .tar.gz- oder .tgz-Datei",
        "the archive holds {} bytes; at most {} MiB": "das Archiv hat {} Bytes; höchstens {} MiB",
        "it is not a zip archive Haven can read": "es ist kein zip-Archiv, das Haven lesen kann",
        "it is damaged ({})": "es ist beschädigt ({})",
        "it is not gzip, or it is damaged or cut short": "es ist kein gzip, oder es ist beschädigt oder abgeschnitten",
        "out of memory": "kein Speicher mehr frei",
        "a tar header at byte {} is damaged": "ein tar-Kopf bei Byte {} ist beschädigt",
        "it is cut short": "es ist abgeschnitten",
        "a file without a name": "eine Datei ohne Namen",
        "{} is in it twice": "{} ist zweimal darin",
        "{} is in it both as a file and as a folder": "{} ist darin sowohl als Datei als auch als Ordner",
        "'{}' would land outside the pack's folder": "'{}' würde außerhalb des Pack-Ordners landen",
        "{} is a link": "{} ist ein Link",
        "{} is a device": "{} ist ein Gerät",
        "{} is a FIFO": "{} ist ein FIFO",
        "{} is a tar entry of type '{}'": "{} ist ein tar-Eintrag vom Typ '{}'",
        "it holds more than {} entries": "es hat mehr als {} Einträge",
        "{} holds {} bytes; a pack's file may hold {} MiB": "{} hat {} Bytes; eine Datei eines Packs darf {} MiB haben",
        "{} unpacks to more than {} MiB": "{} entpackt sich zu mehr als {} MiB",
        "it unpacks to more than {} MiB": "es entpackt sich zu mehr als {} MiB",
        "{} could not be written: {}": "{} ließ sich nicht schreiben: {}",
        "the path {} is too long for a tar archive": "der Pfad {} ist zu lang für ein tar-Archiv",
        "it is not the JSON Haven writes ({})": "sie ist nicht das JSON, das Haven schreibt ({})",
        "it holds {} bytes, more than a lock ever does": "sie hat {} Bytes, mehr als eine Lock-Datei je hat",
        "it was written by a newer Haven (lock version {})": "sie stammt von einem neueren Haven (Lock-Version {})",
        "no tag, branch or commit matches '{}'": "kein Tag, Branch oder Commit passt zu '{}'",
        "no tag, branch or commit matches '{}' (its version tags: {})":
            "kein Tag, Branch oder Commit passt zu '{}' (seine Versions-Tags: {})",
        "the file name '{}' holds a line break": "der Dateiname '{}' enthält einen Zeilenumbruch",
        "git is not installed": "git ist nicht installiert",
        "curl is not installed": "curl ist nicht installiert",
        "the archive is larger than {} MiB; the download stopped there":
            "das Archiv ist größer als {} MiB; der Download hat dort aufgehört",
        "it did not arrive within {} s": "es kam nicht innerhalb von {} s an",
        "interrupted": "unterbrochen",
        "cannot write the download: {}": "der Download lässt sich nicht schreiben: {}",
        "git did not finish within {} s": "git wurde nicht innerhalb von {} s fertig",
        "the repository is larger than {} MiB; git was stopped there":
            "das Repository ist größer als {} MiB; git wurde dort angehalten",
        "{} holds {} bytes": "{} hat {} Bytes",
        "cannot make {}: {}; nothing was exported": "{} lässt sich nicht erstellen: {}; es wurde nichts exportiert",
        "'{}' was copied into {} by hand, so Haven loads it as your own files, as they are ({}); trust is only for "
            + "packs 'haven pack install' put there. To install it, move it out and install it: mv {} ./{} && haven pack "
            + "install ./{}; or leave it as your own files":
            "'{}' wurde von Hand nach {} kopiert, also lädt Haven es als deine eigenen Dateien, so wie sie sind ({}); "
                + "Vertrauen gibt es nur für Packs, die 'haven pack install' dorthin gelegt hat. Um es zu installieren, "
                + "schiebe es hinaus und installiere es: mv {} ./{} && haven pack install ./{}; oder lass es als deine "
                + "eigenen Dateien",
        "'{}' is a link put into packs/ by hand, and Haven never follows one; to use the folder it names, install it: "
            + "haven pack install {} --link":
            "'{}' ist ein von Hand nach packs/ gelegter Link, und Haven folgt nie einem; um den Ordner zu nutzen, auf den "
                + "er zeigt, installiere ihn: haven pack install {} --link",
        "trackers: {}": "Tracker: {}",
        "hooks: {}": "Hooks: {}",
        "no trackers": "keine Tracker",
        "no hooks": "keine Hooks",
    ]
}
