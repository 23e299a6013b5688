// The app's own words, in the browser's language: German or English.
// Tracker names, states and streaks come in the board, in both.

const words = {
  en: {
    welcome: 'Open the link that \u2018haven sync pair\u2019 shows on your computer, or scan its QR code, to pair this phone.',
    pairing: 'Pairing\u2026',
    paired: 'Paired. Run \u2018haven sync\u2019 on a computer and your trackers appear here.',
    'bad-key': 'The link holds no Haven key (hk1-\u2026): open the whole link \u2018haven sync pair\u2019 printed.',
    'wrong-key': 'This key does not match your account\u2019s key: nothing was kept. Run \u2018haven sync pair\u2019 again and open the new link.',
    'bad-code': 'This pairing code is used or has expired (a code works once, for 10 minutes): run \u2018haven sync pair\u2019 again.',
    unreachable: 'The server does not answer: pairing needs it once. Try again when online.',
    unpaired: 'This phone\u2019s pairing has ended: run \u2018haven sync pair\u2019 on your computer and open the new link.',
    boardOf: 'As of {0}',
    offline: 'Offline \u00b7 {0} to send',
    waiting: '{0} waiting to send',
    here: '{0} logged here',
    logged: 'Logged: {0} \u00b7 {1}',
    more: 'Trigger or note',
    note: 'Note',
    save: 'Save',
    kept: 'Kept: {0}',
    again: 'This link logged {0} a moment ago.',
    logAgain: 'Log again',
    once: 'This link has logged already.',
    unknown: 'The board has no \u2018{0}\u2019 with \u2018{1}\u2019. A link is /app#log/TRACKER/ACTION, such as /app#log/water/+1.',
    noBoard: 'No board yet: run \u2018haven sync\u2019 on a computer, then open the link again.',
  },
  de: {
    welcome: '\u00d6ffne den Link, den \u2018haven sync pair\u2019 auf deinem Computer zeigt, oder scanne seinen QR-Code, um dieses Telefon zu koppeln.',
    pairing: 'Wird gekoppelt\u2026',
    paired: 'Gekoppelt. F\u00fchre \u2018haven sync\u2019 auf einem Computer aus, dann erscheinen deine Tracker hier.',
    'bad-key': 'Der Link enth\u00e4lt keinen Haven-Schl\u00fcssel (hk1-\u2026): \u00f6ffne den ganzen Link, den \u2018haven sync pair\u2019 ausgegeben hat.',
    'wrong-key': 'Dieser Schl\u00fcssel passt nicht zum Schl\u00fcssel deines Kontos: nichts wurde behalten. F\u00fchre \u2018haven sync pair\u2019 erneut aus und \u00f6ffne den neuen Link.',
    'bad-code': 'Dieser Kopplungscode ist verbraucht oder abgelaufen (ein Code gilt einmal, 10 Minuten lang): f\u00fchre \u2018haven sync pair\u2019 erneut aus.',
    unreachable: 'Der Server antwortet nicht: zum Koppeln braucht es ihn einmal. Versuche es wieder, wenn du online bist.',
    unpaired: 'Die Kopplung dieses Telefons ist beendet: f\u00fchre \u2018haven sync pair\u2019 auf deinem Computer aus und \u00f6ffne den neuen Link.',
    boardOf: 'Stand {0}',
    offline: 'Offline \u00b7 {0} zu senden',
    waiting: '{0} warten auf das Senden',
    here: '{0} hier erfasst',
    logged: 'Erfasst: {0} \u00b7 {1}',
    more: 'Ausl\u00f6ser oder Notiz',
    note: 'Notiz',
    save: 'Sichern',
    kept: 'Behalten: {0}',
    again: 'Dieser Link hat {0} gerade erst erfasst.',
    logAgain: 'Noch einmal erfassen',
    once: 'Dieser Link hat schon erfasst.',
    unknown: 'Die \u00dcbersicht kennt kein \u2018{0}\u2019 mit \u2018{1}\u2019. Ein Link ist /app#log/TRACKER/AKTION, etwa /app#log/water/+1.',
    noBoard: 'Noch keine \u00dcbersicht: f\u00fchre \u2018haven sync\u2019 auf einem Computer aus und \u00f6ffne den Link dann erneut.',
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
