// The app's own words, in the browser's language: German or English.
// Tracker names, states and streaks come in the board, in both.

const words = {
  en: {
    welcome: 'Open the link that ‘haven sync pair’ shows on your computer, or scan its QR code, to pair this phone.',
    pairing: 'Pairing…',
    paired: 'Paired. Run ‘haven sync’ on a computer and your trackers appear here.',
    'bad-key': 'The link holds no Haven key (hk1-…): open the whole link ‘haven sync pair’ printed.',
    'wrong-key': 'This key does not match your account’s key: nothing was kept. Run ‘haven sync pair’ again and open the new link.',
    'bad-code': 'This pairing code is used or has expired (a code works once, for 10 minutes): run ‘haven sync pair’ again.',
    unreachable: 'The server does not answer: pairing needs it once. Try again when online.',
    unpaired: 'This phone’s pairing has ended: run ‘haven sync pair’ on your computer and open the new link.',
    boardOf: 'As of {0}',
    offline: 'Offline · {0} to send',
    waiting: '{0} waiting to send',
    here: '{0} logged here',
    logged: 'Logged: {0} · {1}',
    more: 'Trigger or note',
    note: 'Note',
    save: 'Save',
    kept: 'Kept: {0}',
    again: 'This link logged {0} a moment ago.',
    logAgain: 'Log again',
    once: 'This link has logged already.',
    unknown: 'The board has no ‘{0}’ with ‘{1}’. A link is /app#log/TRACKER/ACTION, such as /app#log/water/+1.',
    earlier: 'Nothing of today yet: a computer’s next sync brings it',
    incomplete: 'A one-tap link is /app#log/TRACKER/ACTION, such as /app#log/water/+1.',
    noBoard: 'No board yet: run ‘haven sync’ on a computer, then open the link again.',
  },
  de: {
    welcome: 'Öffne den Link, den ‘haven sync pair’ auf deinem Computer zeigt, oder scanne seinen QR-Code, um dieses Telefon zu koppeln.',
    pairing: 'Wird gekoppelt…',
    paired: 'Gekoppelt. Führe ‘haven sync’ auf einem Computer aus, dann erscheinen deine Tracker hier.',
    'bad-key': 'Der Link enthält keinen Haven-Schlüssel (hk1-…): öffne den ganzen Link, den ‘haven sync pair’ ausgegeben hat.',
    'wrong-key': 'Dieser Schlüssel passt nicht zum Schlüssel deines Kontos: nichts wurde behalten. Führe ‘haven sync pair’ erneut aus und öffne den neuen Link.',
    'bad-code': 'Dieser Kopplungscode ist verbraucht oder abgelaufen (ein Code gilt einmal, 10 Minuten lang): führe ‘haven sync pair’ erneut aus.',
    unreachable: 'Der Server antwortet nicht: zum Koppeln braucht es ihn einmal. Versuche es wieder, wenn du online bist.',
    unpaired: 'Die Kopplung dieses Telefons ist beendet: führe ‘haven sync pair’ auf deinem Computer aus und öffne den neuen Link.',
    boardOf: 'Stand {0}',
    offline: 'Offline · {0} zu senden',
    waiting: '{0} warten auf das Senden',
    here: '{0} hier erfasst',
    logged: 'Erfasst: {0} · {1}',
    more: 'Auslöser oder Notiz',
    note: 'Notiz',
    save: 'Sichern',
    kept: 'Behalten: {0}',
    again: 'Dieser Link hat {0} gerade erst erfasst.',
    logAgain: 'Noch einmal erfassen',
    once: 'Dieser Link hat schon erfasst.',
    unknown: 'Die Übersicht kennt kein ‘{0}’ mit ‘{1}’. Ein Link ist /app#log/TRACKER/AKTION, etwa /app#log/water/+1.',
    earlier: 'Noch nichts von heute: die nächste Synchronisierung eines Computers bringt es',
    incomplete: 'Ein Ein-Tipp-Link ist /app#log/TRACKER/AKTION, etwa /app#log/water/+1.',
    noBoard: 'Noch keine Übersicht: führe ‘haven sync’ auf einem Computer aus und öffne den Link dann erneut.',
  },
};

const first = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';

/// `en` or `de`: the browser's language when Haven speaks it.
export const language = first.toLowerCase().startsWith('de') ? 'de' : 'en';

/// The app's words for `key`, `{0}`, `{1}` filled in.
export function say(key, ...values) {
  return words[language][key].replace(/\{(\d)\}/g, (_, i) => String(values[Number(i)]));
}

/// A board's text in this language (it carries English and German).
export function pick(both) {
  return (both && (both[language] ?? both.en)) || '';
}
