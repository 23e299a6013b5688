// The phone as a sync device (SPEC §12, §17): pairing, the key check, its
// own stream pushed with back-off, and the newest board pulled. The server
// sees sealed records only; the code and the key come in the link's
// fragment, which never reaches it.
import * as seal from './crypto.js';
import * as store from './store.js';

/// The server's address: where this app is served from, less `/app/`.
const server = new URL('..', location.href.split('#')[0]).href.replace(/\/$/, '');

export class Refused extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(server + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store',
  });
  if (response.status === 204) return null;
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(response.status, answer.error || `HTTP ${response.status}`);
  return answer;
}

/// Pairs this phone from the link's code and key: a token of its own, then
/// the key checked against the account's. A wrong key gives the token back
/// and keeps nothing: 'wrong-key'. Returns the pairing kept.
export async function pair(code, keyText) {
  const bytes = seal.keyBytes(keyText);
  if (!bytes) throw new Refused(0, 'bad-key');
  const keys = await seal.importKey(bytes);
  const device = seal.uuid7();
  const { token } = await call('POST', '/v1/pairing/redeem', { code, device });
  const check = await seal.keyCheck(keys);
  const held = await call('POST', '/v1/key-check', { key_check: check }, token);
  if (held.key_check !== check) {
    await call('DELETE', '/v1/token', undefined, token).catch(() => {});
    throw new Refused(0, 'wrong-key');
  }
  await store.clear();
  const pairing = { token, device, keys };
  await store.set({ pairing, next: 1 });
  return pairing;
}

/// Pushes the records not yet on the server, in order, until none is left
/// (a tap while a batch is on its way goes with the next).
export async function push(pairing) {
  for (;;) {
    const waiting = (await store.records()).filter((r) => !r.sent).sort((a, b) => a.idx - b.idx);
    if (!waiting.length) return;
    const batch = waiting.slice(0, 200);
    await call('POST', '/v1/records', { records: batch.map((r) => r.wire) }, pairing.token);
    await store.update(batch.map((r) => ({ ...r, sent: true })));
  }
}

/// The newest board of the account's desktops (by the time in its record's
/// id), looked for among each stream's newest records; null when there is none.
export async function board(pairing) {
  const { devices } = await call('GET', '/v1/status', undefined, pairing.token);
  const seen = (await store.get('scanned')) || {};
  let newest = (await store.get('board')) || null;
  for (const { device, last } of devices) {
    if (device === pairing.device || last <= (seen[device] || 0)) continue;
    const after = Math.max(seen[device] || 0, last - 100);
    const page = await call('GET', `/v1/records?device=${device}&after=${after}&limit=100`, undefined, pairing.token);
    for (const record of page.records) {
      if (newest && record.id <= newest.id) continue;
      const payload = await seal.open(pairing.keys, record);
      if (payload && payload.kind === 'board' && Array.isArray(payload.trackers)) {
        newest = { id: record.id, device, at: seal.uuidTime(record.id), board: payload };
      }
    }
    seen[device] = last;
  }
  await store.set({ scanned: seen, board: newest });
  return newest;
}

/// Seals an entry of this phone's stream and keeps it until it is sent:
/// one at a time across tabs, so that each idx is used once.
export async function write(pairing, entry) {
  const work = async () => {
    const idx = (await store.get('next')) || 1;
    const id = seal.uuid7();
    const wire = await seal.seal(pairing.keys, entry, id, pairing.device, idx);
    const record = { idx, id, wire, entry, sent: false };
    await store.keep(record);
    return record;
  };
  return navigator.locks ? navigator.locks.request('haven-stream', work) : work();
}

/// Sends what waits, again and again with back-off (2 s doubling to 5
/// min) while it fails; `onChange` hears each outcome.
export class Sender {
  constructor(pairing, onChange) {
    this.pairing = pairing;
    this.onChange = onChange;
    this.delay = 2000;
    this.timer = null;
    this.running = null;
  }

  soon() {
    clearTimeout(this.timer);
    this.running ??= this.attempt().finally(() => { this.running = null; });
    return this.running;
  }

  async attempt() {
    try {
      await push(this.pairing);
      this.delay = 2000;
      this.onChange(null);
    } catch (error) {
      this.onChange(error);
      if (error instanceof Refused && error.status === 401) return;
      this.timer = setTimeout(() => this.soon(), this.delay);
      this.delay = Math.min(this.delay * 2, 300000);
    }
  }
}
