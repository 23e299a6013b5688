extension Words {
    /// German for quick capture and the status bar (#33): `haven pick` and `haven bar`.
    static let germanQuick: [String: String] = [
        "Log": "Loggen",
        "Nothing to log yet: no tracker has a quick action. Add one, e.g. haven add core/water":
            "Noch nichts zu loggen: kein Tracker hat eine Schnellaktion. Leg einen an, etwa mit haven add core/water",
        "Trigger": "Auslöser",
        "give --print or --choose, not both": "gib --print oder --choose an, nicht beides",
        "--then takes 'trigger' (a second menu of the tracker's recent triggers); not '{}'":
            "--then nimmt 'trigger' (ein zweites Menü mit den letzten Auslösern des Trackers); nicht '{}'",
        "haven pick needs a menu program and found none of {} that works here; {}; or list the actions with haven pick --print":
            "haven pick braucht ein Menüprogramm und hat keines von {} gefunden, das hier läuft; {}; oder liste die Aktionen mit haven pick --print",
        "install fzf (Debian: apt install fzf) for the terminal, or rofi or wofi for the desktop":
            "installiere fzf (Debian: apt install fzf) für das Terminal, oder rofi oder wofi für den Desktop",
        "install rofi, wofi or fuzzel (Debian: apt install rofi), or fzf for a terminal":
            "installiere rofi, wofi oder fuzzel (Debian: apt install rofi), oder fzf für ein Terminal",
        "Haven knows no menu program '{}'; use one of {}": "Haven kennt kein Menüprogramm '{}'; nimm eines von {}",
        "{} is not installed (Debian: apt install {}); leave out --menu to use the first one found":
            "{} ist nicht installiert (Debian: apt install {}); lass --menu weg, um das erste gefundene zu nehmen",
        "{} ended with status {} without a choice": "{} endete mit Status {} ohne Auswahl",
        "{} could not be started": "{} konnte nicht gestartet werden",
        "no quick action is '{}'; 'haven pick --print' lists them (or --print --json with their ids)":
            "keine Schnellaktion heißt '{}'; 'haven pick --print' listet sie (oder --print --json mit ihren IDs)",
    ]
}
