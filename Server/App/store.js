// What the phone keeps (IndexedDB): its pairing (server token, device, the
// key as WebCrypto keys that cannot be read back), its stream's records
// until a board shows them, the newest board, and the one-tap links done.

const NAME = 'haven';
let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('settings');
      db.createObjectStore('records', { keyPath: 'idx' });
      db.createObjectStore('taps');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(stores, mode, body) {
  const db = await database();
  const transaction = db.transaction(stores, mode);
  const result = body(transaction);
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
  return result instanceof IDBRequest ? result.result : result;
}

export function get(key) {
  return run(['settings'], 'readonly', (t) => t.objectStore('settings').get(key));
}

export function set(values) {
  return run(['settings'], 'readwrite', (t) => {
    for (const [key, value] of Object.entries(values)) t.objectStore('settings').put(value, key);
  });
}

/// Forgets everything: pairing, records, board, taps.
export function clear() {
  return run(['settings', 'records', 'taps'], 'readwrite', (t) => {
    for (const name of ['settings', 'records', 'taps']) t.objectStore(name).clear();
  });
}

/// Keeps a sealed record with its payload, and the stream's next idx, in one transaction.
export function keep(record) {
  return run(['settings', 'records'], 'readwrite', (t) => {
    t.objectStore('records').put(record);
    t.objectStore('settings').put(record.idx + 1, 'next');
  });
}

export async function records() {
  return run(['records'], 'readonly', (t) => t.objectStore('records').getAll());
}

/// Marks records as on the server, or drops those a board already shows.
export function update(changed, dropped = []) {
  return run(['records'], 'readwrite', (t) => {
    for (const record of changed) t.objectStore('records').put(record);
    for (const idx of dropped) t.objectStore('records').delete(idx);
  });
}

export function tap(id) {
  return run(['taps'], 'readonly', (t) => t.objectStore('taps').get(id));
}

export function tapped(id, value) {
  return run(['taps'], 'readwrite', (t) => t.objectStore('taps').put(value, id));
}
