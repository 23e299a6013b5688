// Haven on the phone (SPEC §17): the board a desktop published, and a tap
// that logs. Every text from a board is set as text, never as markup.
import * as seal from './crypto.js';
import * as store from './store.js';
import { Refused, Sender, board as fetchBoard, pair, write } from './sync.js';
import { language, pick, say } from './words.js';

const $ = (selector) => document.querySelector(selector);
let pairing = null;
let current = null;
let sender = null;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function message(text) {
  $('#message').textContent = text;
  $('#message').hidden = !text;
}

/// This phone's UTC offset at `instant`, in seconds.
function offsetAt(instant) {
  return -new Date(instant).getTimezoneOffset() * 60;
}

/// The day an entry made at `instant` belongs to, by the tracker's day boundary.
function dayOf(instant, offset, boundary) {
  return new Date(instant + offset * 1000 - (boundary || 0) * 60000).toISOString().slice(0, 10);
}

/// Logs `action` of `tracker` as an entry of this phone's stream: kept at
/// once, sent when the network lets it.
async function log(tracker, action, uuid = seal.uuid7()) {
  performance.mark('haven-tap-start');
  const instant = Date.now();
  const offset = offsetAt(instant);
  const entry = {
    kind: 'entry', uuid, tracker: tracker.id, instant, offset, written_at: instant, source: 'phone',
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    day: dayOf(instant, offset, tracker.boundary),
  };
  if (action.level !== undefined) entry.level = action.level;
  if (action.number !== undefined) entry.number = action.number;
  const record = await write(pairing, entry);
  performance.measure('haven-tap', 'haven-tap-start');
  await show();
  toast(tracker, action, record);
  sender.soon();
  return record;
}

/// "Logged: Water · +1", and one more tap for a trigger or a note: an
/// edit of the same entry, as a desktop's edit is.
function toast(tracker, action, record) {
  const box = $('#toast');
  box.replaceChildren(element('span', '', say('logged', pick(tracker.name), pick(action.label))));
  const more = element('button', 'link', say('more'));
  more.addEventListener('click', () => annotate(tracker, record));
  box.append(more);
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 8000);
}

function annotate(tracker, record) {
  const dialog = $('#more');
  const chips = $('#triggers');
  chips.replaceChildren();
  let trigger = record.entry.trigger || null;
  for (const name of tracker.triggers || []) {
    const chip = element('button', 'chip', name);
    chip.type = 'button';
    chip.setAttribute('aria-pressed', String(name === trigger));
    chip.addEventListener('click', () => {
      trigger = trigger === name ? null : name;
      for (const other of chips.children) other.setAttribute('aria-pressed', String(other.textContent === trigger));
    });
    chips.append(chip);
  }
  $('#note').value = record.entry.note || '';
  $('#note').placeholder = say('note');
  $('#save').textContent = say('save');
  $('#more-title').textContent = pick(tracker.name);
  $('#save').onclick = async (event) => {
    event.preventDefault();
    const note = $('#note').value.trim();
    const entry = { ...record.entry, written_at: Date.now() };
    if (note) entry.note = note; else delete entry.note;
    if (trigger) entry.trigger = trigger; else delete entry.trigger;
    dialog.close();
    await write(pairing, entry);
    message(say('kept', [trigger, note].filter(Boolean).join(' · ')));
    await show();
    sender.soon();
  };
  dialog.showModal();
}

/// The board, with what this phone logged that it does not show yet.
async function show() {
  const list = $('#board');
  const records = await store.records();
  const applied = (current && current.board.applied && current.board.applied[pairing.device]) || 0;
  const shown = records.filter((r) => r.sent && r.idx <= applied).map((r) => r.idx);
  if (shown.length) await store.update([], shown);
  const waiting = records.filter((r) => r.idx > applied);
  const unsent = waiting.filter((r) => !r.sent).length;
  if (!navigator.onLine && unsent) $('#status').textContent = say('offline', unsent);
  else if (unsent) $('#status').textContent = say('waiting', unsent);
  else $('#status').textContent = current ? say('boardOf', when(current.at)) : '';
  if (!current) {
    list.replaceChildren();
    return message(say('paired'));
  }
  if ($('#message').textContent === say('paired')) message('');
  list.replaceChildren(...current.board.trackers.map((tracker) => card(tracker, waiting)));
}

function when(milliseconds) {
  return new Intl.DateTimeFormat(language, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
    .format(new Date(milliseconds));
}

function card(tracker, waiting) {
  const item = element('li', 'tracker');
  const head = element('h2');
  head.append(element('span', 'icon', tracker.icon || ''), element('span', '', pick(tracker.name)));
  // A board from an earlier day of this tracker says nothing of today.
  const now = Date.now();
  const today = dayOf(now, offsetAt(now), tracker.boundary);
  const state = !tracker.day || tracker.day >= today ? pick(tracker.state) : say('earlier');
  item.append(head, element('p', 'state', state), element('p', 'streak', pick(tracker.streak)));
  // An edit (a trigger or a note added) is the same moment again.
  const mine = waiting.filter((r) => r.entry.tracker === tracker.id && !waiting.some(
    (earlier) => earlier.idx < r.idx && earlier.entry.uuid === r.entry.uuid)).length;
  if (mine) item.append(element('p', 'pending', say('here', mine)));
  const actions = element('div', 'actions');
  for (const action of tracker.actions || []) {
    const button = element('button', 'action', pick(action.label));
    button.dataset.action = `${tracker.id}/${action.key}`;
    button.addEventListener('click', () => log(tracker, action));
    actions.append(button);
  }
  item.append(actions);
  return item;
}

/// `/app#log/TRACKER/ACTION`: logs once. The entry's UUID is kept in the
/// history entry, so a reload or going back to it logs nothing more; the
/// same link opened again within a minute asks first.
async function oneTap(path, again = false) {
  let [id, wanted] = path.split('/');
  try {
    [id, wanted] = [id, wanted].map((part) => decodeURIComponent(part || ''));
  } catch {
    // A malformed escape (`%E0%A4%A`): said as the link it is.
  }
  if (!id || !wanted) return message(say('incomplete'));
  if (history.state && history.state.tap) return message(say('once'));
  if (!current) return message(say('noBoard'));
  const tracker = current.board.trackers.find((t) => t.id === id);
  const action = tracker && (tracker.actions || []).find((a) => [a.key, a.level, pick(a.label), a.label && a.label.en]
    .some((name) => name !== undefined && String(name).toLowerCase() === wanted.toLowerCase()));
  if (!action) return message(say('unknown', id, wanted));
  const link = `${id}/${action.key}`;
  const last = await store.tap(link);
  if (!again && last && Date.now() - last.at < 60000) {
    message(say('again', pick(tracker.name)));
    const button = element('button', 'action', say('logAgain'));
    button.addEventListener('click', () => oneTap(path, true));
    return $('#message').append(' ', button);
  }
  const uuid = seal.uuid7();
  await log(tracker, action, uuid);
  await store.tapped(link, { at: Date.now(), uuid });
  history.replaceState({ tap: uuid }, '', location.href);
}

async function refresh() {
  if (!pairing) return;
  try {
    current = await fetchBoard(pairing);
  } catch (error) {
    if (error instanceof Refused && error.status === 401) message(say('unpaired'));
  }
  await show();
}

async function pairFrom(fragment) {
  const fields = new URLSearchParams(fragment);
  history.replaceState(null, '', location.pathname);
  message(say('pairing'));
  try {
    pairing = await pair(fields.get('pair') || '', fields.get('key') || '');
    current = null;
    message('');
  } catch (error) {
    // 0: refused here (the key); 400 or 401: the code; anything else: the server could not be asked.
    const refused = error instanceof Refused;
    message(say(refused && error.status === 0 ? error.message : refused && error.status < 500 ? 'bad-code' : 'unreachable'));
  }
}

async function start() {
  document.documentElement.lang = language;
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js', { scope: '../app' }).catch(() => {});
  const fragment = location.hash.slice(1);
  if (fragment.startsWith('pair=')) await pairFrom(fragment);
  pairing ??= await store.get('pairing');
  if (!pairing) {
    if (!$('#message').textContent) message(say('welcome'));
    return;
  }
  current = await store.get('board');
  sender = new Sender(pairing, (error) => {
    if (error instanceof Refused && error.status === 401) message(say('unpaired'));
    show();
  });
  await show();
  await refresh();
  sender.soon();
  if (fragment.startsWith('log/')) await oneTap(fragment.slice(4));
  addEventListener('online', () => { sender.soon(); refresh(); });
  addEventListener('offline', () => show());
  addEventListener('hashchange', () => {
    if (location.hash.startsWith('#log/')) oneTap(location.hash.slice(5));
    if (location.hash.startsWith('#pair=')) location.reload();
  });
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
}

start();
