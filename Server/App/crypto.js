// Sealing and opening records in the browser (SPEC §12, §17): record format
// version 2 is AES-256-GCM, the cipher WebCrypto has; no crypto by hand.
// A sealed record is base64 of nonce (12 bytes) ‖ ciphertext ‖ tag (16).

const text = new TextEncoder();

/// The 32 bytes of a key's text `hk1-` + unpadded base64url, or null.
export function keyBytes(keyText) {
  const match = /^hk1-([A-Za-z0-9_-]{43})$/.exec((keyText || '').trim());
  if (!match) return null;
  const bytes = fromBase64(match[1].replace(/-/g, '+').replace(/_/g, '/') + '=');
  return bytes.length === 32 ? bytes : null;
}

/// The key as WebCrypto keys that cannot be read back out: one to seal,
/// one to make the account's key check.
export async function importKey(bytes) {
  const seal = await crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const check = await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return { seal, check };
}

/// The account's key check: HMAC-SHA-256 of `haven-key-check-1`, base64url.
export async function keyCheck(keys) {
  const mac = await crypto.subtle.sign('HMAC', keys.check, text.encode('haven-key-check-1'));
  return toBase64(new Uint8Array(mac)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function associatedData(id, device, idx, version) {
  return text.encode(`haven-record\0${version}\0${id}\0${device}\0${idx}`);
}

/// The wire record of `payload` (an object) at `idx` of `device`'s stream.
export async function seal(keys, payload, id, device, idx) {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const data = text.encode(JSON.stringify(payload));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: associatedData(id, device, idx, 2) }, keys.seal, data));
  const whole = new Uint8Array(12 + sealed.length);
  whole.set(nonce);
  whole.set(sealed, 12);
  return { id, device, idx, version: 2, sealed: toBase64(whole) };
}

/// The payload of a wire record (an object), or null when it does not open
/// here: another version, another key, or moved from its place.
export async function open(keys, record) {
  if (record.version !== 2) return null;
  try {
    const whole = fromBase64(record.sealed);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: whole.subarray(0, 12),
        additionalData: associatedData(record.id, record.device, record.idx, 2) },
      keys.seal, whole.subarray(12));
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}

/// A UUIDv7: 48 bits of milliseconds, then random bits (RFC 9562).
export function uuid7(milliseconds = Date.now()) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = milliseconds;
  for (let i = 5; i >= 0; i--) { bytes[i] = time % 256; time = Math.floor(time / 256); }
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/// The milliseconds in a UUIDv7.
export function uuidTime(id) {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

function toBase64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(base64) {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
