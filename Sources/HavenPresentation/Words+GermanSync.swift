extension Words {
    /// German for sync's problems (SPEC §12).
    static let germanSync: [String: String] = [
        "Not logged in; nothing to do.": "Nicht angemeldet; nichts zu tun.",
        "the server": "dem Server",
        "Logged out of {}; the key and every record stay here.":
            "Von {} abgemeldet; der Schlüssel und alle Datensätze bleiben hier.",
        "haven: the server was not told ({}); its token for this device ends after {} days unused, or at once with "
            + "'haven sync revoke DEVICE' from another device":
            "haven: dem Server wurde es nicht gesagt ({}); sein Token für dieses Gerät endet nach {} Tagen ohne Nutzung, "
                + "oder sofort mit 'haven sync revoke GERÄT' von einem anderen Gerät",
        "(this device)": "(dieses Gerät)", "logged in {}": "angemeldet {}", "last used {}": "zuletzt genutzt {}",
        "Logged device {} out; it syncs again after 'haven sync login' there.":
            "Gerät {} abgemeldet; es synchronisiert wieder nach 'haven sync login' dort.",
        "'{}' starts several devices ({}); give more of the id":
            "'{}' ist der Anfang mehrerer Geräte ({}); gib mehr von der Id an",
        "no device '{}' is logged in to this account; 'haven sync devices' lists them":
            "kein Gerät '{}' ist bei diesem Konto angemeldet; 'haven sync devices' listet sie",
        "that is this device; 'haven sync logout' logs it out": "das ist dieses Gerät; 'haven sync logout' meldet es ab",
        "the sync server at {} answered what a haven-server never sends: {}; nothing of its answer was written here, and "
            + "your records are safe (is the address right, and is it a haven-server?)":
            "der Sync-Server unter {} hat geantwortet, was ein haven-server nie sendet: {}; nichts von seiner Antwort "
                + "wurde hier geschrieben, und deine Daten sind sicher (stimmt die Adresse, und ist es ein haven-server?)",
        "a stream position of device '{}' at idx {} (a device id and an idx of 0 to 2^53 are expected)":
            "eine Position des Geräts '{}' bei idx {} (erwartet sind eine Geräte-Id und ein idx von 0 bis 2^53)",
        "it claims {} records of this device's own stream ({}), which holds {} here":
            "er behauptet {} Datensätze im eigenen Strom dieses Geräts ({}), der hier {} hat",
        "asked for the records of device {}, it sent one of device '{}'":
            "nach den Datensätzen des Geräts {} gefragt, schickte er einen des Geräts '{}'",
        "a record of device {} at idx {} where idx {} comes next":
            "ein Datensatz des Geräts {} bei idx {}, wo idx {} als nächster kommt",
        "{} records where at most {} were asked for": "{} Datensätze, wo höchstens {} erfragt waren",
        "record {} of device {}, whose {} is not one a device sends":
            "Datensatz {} des Geräts {}, dessen {} keins ist, das ein Gerät sendet",
        "an empty page of device {} after idx {} that says more are coming":
            "eine leere Seite des Geräts {} nach idx {}, die sagt, es komme mehr",
        "an answer larger than {} MiB": "eine Antwort größer als {} MiB",
        "a redirect (HTTP {}), which Haven does not follow; log in with the address it leads to":
            "eine Weiterleitung (HTTP {}), der Haven nicht folgt; melde dich mit der Adresse an, zu der sie führt",
        "a sync that went on for more than {} seconds": "ein Sync, der länger als {} Sekunden dauerte",
        "that is not a sync key; a key is 'hk1-' and 43 letters, digits, '-' and '_', as 'haven sync key' shows it on "
            + "your first device":
            "das ist kein Sync-Schlüssel; ein Schlüssel ist 'hk1-' und 43 Buchstaben, Ziffern, '-' und '_', wie "
                + "'haven sync key' ihn auf deinem ersten Gerät zeigt",
        "record {} does not open with this key (made with another key, or changed on the way); it is kept and skipped":
            "Datensatz {} öffnet sich mit diesem Schlüssel nicht (mit einem anderen gemacht oder unterwegs verändert); er "
                + "wird aufbewahrt und übersprungen",
        "record {} cannot be read by this Haven (not a record this Haven knows); it is kept and skipped":
            "Datensatz {} kann dieses Haven nicht lesen (kein Datensatz, den dieses Haven kennt); er wird aufbewahrt und "
                + "übersprungen",
        "'{}' is not a server address; give one such as http://127.0.0.1:8787 or https://haven.example.org":
            "'{}' ist keine Serveradresse; gib eine an wie http://127.0.0.1:8787 oder https://haven.example.org",
        "this home does not sync yet; run 'haven sync login URL --account NAME' (add --new to make the account)":
            "dieses Zuhause synchronisiert noch nicht; führe 'haven sync login URL --account NAME' aus (mit --new legst du "
                + "das Konto an)",
        "this device needs the key of the account's first device: add --key KEY ('haven sync key' on that device shows "
            + "it)":
            "dieses Gerät braucht den Schlüssel des ersten Geräts des Kontos: füge --key KEY hinzu ('haven sync key' "
                + "zeigt ihn auf jenem Gerät)",
        "the sync server at {} did not answer ({}); your records wait here and go with the next 'haven sync'":
            "der Sync-Server unter {} hat nicht geantwortet ({}); deine Datensätze warten hier und gehen mit dem nächsten "
                + "'haven sync'",
        "the sync server at {} no longer knows this device ({}); log in again with 'haven sync login {} --account NAME'":
            "der Sync-Server unter {} kennt dieses Gerät nicht mehr ({}); melde dich erneut an mit 'haven sync login {} "
                + "--account NAME'",
        "the sync server refused ({}): {}": "der Sync-Server hat abgelehnt ({}): {}",
        "the answer from {} cannot be read (HTTP {} with a body that is not the expected JSON); is it a haven-server?":
            "die Antwort von {} lässt sich nicht lesen (HTTP {} mit einem Inhalt, der nicht das erwartete JSON ist); ist "
                + "das ein haven-server?",
        "the server holds the records of device {} up to {}; run 'haven sync' again":
            "der Server hat die Datensätze von Gerät {} bis {}; führe 'haven sync' noch einmal aus",
        "{} cannot be read ({}); move it away and run 'haven sync login URL --account NAME --key KEY' again":
            "{} lässt sich nicht lesen ({}); schiebe die Datei beiseite und führe 'haven sync login URL --account NAME "
                + "--key KEY' noch einmal aus",
        "a record could not be sealed: {}": "ein Datensatz ließ sich nicht versiegeln: {}",
        "sync stopped: {}": "Synchronisierung angehalten: {}",
        "the sync server at {} did not answer ({}); check the address, and that the server runs ('make server' starts "
            + "one on this machine)":
            "der Sync-Server unter {} hat nicht geantwortet ({}); prüfe die Adresse und ob der Server läuft ('make server' "
                + "startet einen auf diesem Rechner)",
        "entry {} ({}, {}) is not part of a conflict; 'haven conflicts' lists them":
            "Eintrag {} ({}, {}) gehört zu keinem Konflikt; 'haven conflicts' zeigt sie",
        "that key is not the key of account '{}': its records would not open on your other devices, so nothing was written; copy the key 'haven sync key' shows on a device of that account":
            "dieser Schlüssel ist nicht der Schlüssel des Kontos '{}': seine Einträge ließen sich auf deinen anderen Geräten nicht öffnen, darum wurde nichts geschrieben; kopiere den Schlüssel, den 'haven sync key' auf einem Gerät dieses Kontos zeigt",
        "Open this on your phone (scan it with the camera); it works once, until {}:":
            "Öffne das auf deinem Handy (scanne es mit der Kamera); es gilt einmal, bis {}:",
        "(install qrencode for a QR code here: apt install qrencode)":
            "(installiere qrencode für einen QR-Code hier: apt install qrencode)",
        "The link holds your key: show it to nobody else, and let it expire.":
            "Der Link enthält deinen Schlüssel: zeig ihn niemandem sonst, und lass ihn ablaufen.",
    ]
}
