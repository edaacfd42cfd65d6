// A room's door in plain JavaScript (issue 39): what a friend's device shows first when it
// opens a room link (`#room=CODE`) it holds no seat for. The room's name, who sits where,
// **Your name**, color, token and **Join room** work over the room's WebSocket as soon as
// this small file and the room's first message have arrived, while the game's own code
// (about 880 KB) downloads in the background. Once the friend is seated (or the room's game
// has started, or the room says something only the game's code answers), the game's code is
// started: it finds the seat this file kept in the device's storage, takes the same seat
// with its own socket and replaces this door with the room's screen (src/game/room/).
//
// Started by the page's first script (index.html) for a room link only, before the page's
// code arrives; web/loader.mjs starts the game's code when the door asks, or at once when the
// door is not for this page. Everything from the server is untrusted:
// shown as text, never HTML. The lists and sentences here are the app's own
// (models/src/pieces.rs, src/game/room/views.rs, src/common/error.rs): models/tests/door_js.rs
// checks that the lists are the same.

const COLORS = [['Red', '#d62828'], ['Blue', '#1d4ed8'], ['Green', '#15803d'], ['Gold', '#b7791f'], ['Purple', '#7e22ce'], ['Orange', '#ea580c'], ['Teal', '#0f766e'], ['Pink', '#db2777'], ['Brown', '#7c4a1e'], ['Slate', '#475569']];
const TOKENS = [['dog', '🐕'], ['car', '🚗'], ['battleship', '🚢'], ['top hat', '🎩'], ['thimble', '🧵'], ['boot', '👢'], ['cat', '🐈'], ['wheelbarrow', '🛒'], ['iron', '♨'], ['horse', '🐎']];
const TIMERS = { '30s': '30 seconds', '1m': '1 minute', '2m': '2 minutes', '1h': '1 hour', '1d': '1 day' };
// src/common/storage/room_seats.rs: the seats this device holds, by room code, in a
// settings envelope (engine/src/envelope.rs); at most 20 rooms, the first codes dropped.
const SEATS_KEY = 'mw:room-seats';
const SETTINGS_KEY = 'mw:settings';
const MOST_ROOMS = 20;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_MESSAGE_BYTES = 65536;

/// The room code of a room link's fragment, upper case without its dash; null when it is
/// not one (the game's code then says there is no such room).
export function roomCode(hash) {
  const m = /^#room=([^&]*)/.exec(hash);
  if (!m) return null;
  let code;
  try { code = decodeURIComponent(m[1]); } catch (e) { return null; }
  code = code.replace(/-/g, '').toUpperCase();
  return code.length === 8 && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/// The seats this device holds, or null when the record is there but not one this file can
/// read safely (the game's code then reads it, and sets it aside if it is damaged).
function heldSeats() {
  const text = localStorage.getItem(SEATS_KEY);
  if (text === null) return {};
  try {
    const record = JSON.parse(text);
    const data = record && record.data;
    if (record.kind !== 'settings' || record.version !== 1 || !data || typeof data !== 'object' || Array.isArray(data)) return null;
    return data;
  } catch (e) {
    return null;
  }
}

/// Keeps this device's seat in room `code`, as the game's code does; false when it could not.
function keepSeat(code, seat, token) {
  try {
    const seats = heldSeats();
    if (seats === null) return false;
    seats[code] = { seat, token };
    const codes = Object.keys(seats).sort();
    for (const old of codes.slice(0, Math.max(0, codes.length - MOST_ROOMS))) delete seats[old];
    localStorage.setItem(SEATS_KEY, JSON.stringify({ kind: 'settings', version: 1, saved_at: Date.now(), data: seats }));
    return true;
  } catch (e) {
    return false;
  }
}

/// Whether Settings names a room server other than this page's own (the game's code then
/// opens the room: it knows where).
function otherServer() {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) || 'null');
    return typeof settings?.data?.room_server === 'string' && settings.data.room_server !== '';
  } catch (e) {
    return false;
  }
}

/// A color and a token nobody in the room holds, the first open seat's when free
/// (models/src/pieces.rs `free_pieces`), and whether a given color or token is free.
function freePieces(seats) {
  const held = seats.filter((s) => s.presence !== 'open');
  const open = seats.find((s) => s.presence === 'open');
  const colorFree = (c) => c && !held.some((s) => s.color.toLowerCase() === c.toLowerCase());
  const tokenFree = (t) => t && !held.some((s) => s.token === t);
  const color = (open && colorFree(open.color) && COLORS.some(([, hex]) => hex.toLowerCase() === open.color.toLowerCase()) ? open.color : null)
    ?? COLORS.map(([, hex]) => hex).find(colorFree) ?? COLORS[0][1];
  const token = (open && tokenFree(open.token) && TOKENS.some(([id]) => id === open.token) ? open.token : null)
    ?? TOKENS.map(([id]) => id).find(tokenFree) ?? TOKENS[0][0];
  return { color, token, colorFree, tokenFree };
}

/// How a seat reads in the room's list (src/game/room/views.rs `seat_words`).
function seatWords(s, mine) {
  if (s.presence === 'open') return `Seat ${s.seat + 1}: open for a friend (they join by the link)`;
  const glyph = (TOKENS.find(([id]) => id === s.token) || [null, '●'])[1];
  const notes = [];
  if (s.seat === mine) notes.push('you');
  if (s.computer) notes.push(`computer, ${s.computer}`);
  if (s.presence === 'away') notes.push('away');
  if (s.presence === 'computer_playing') notes.push('a computer plays meanwhile');
  return notes.length ? `${glyph} ${s.name} (${notes.join(', ')})` : `${glyph} ${s.name}`;
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (['maxLength', 'value', 'tabIndex'].includes(k)) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

/// Opens the door of the room in the page's fragment, in the HTML shell: true when it did,
/// false when the game's code should open the room itself (no room code, a seat already held
/// here, a room server set in Settings, storage it cannot read, no shell).
export function openDoor() {
  // web/loader.mjs may not run yet: what the door asks of it is then noted, and done when it
  // runs.
  const startGame = () => { if (window.__mwStartGame) window.__mwStartGame(); else window.__mwGameWanted = true; };
  const prefetch = () => { if (window.__mwPrefetchGame) window.__mwPrefetchGame(); else window.__mwPrefetchWanted = true; };
  const code = roomCode(location.hash);
  const shell = document.getElementById('shell');
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/rooms/${code}/ws`;
  // The socket index.html opened for the link, if it is this door's.
  let early = window.__mwDoorSocket;
  window.__mwDoorSocket = undefined;
  if (early && early.url !== url) { early.close(); early = null; }
  let seats;
  try { seats = heldSeats(); } catch (e) { seats = null; }
  if (!code || !shell || seats === null || seats[code] || otherServer() || typeof WebSocket !== 'function') {
    if (early) early.close();
    return false;
  }
  let socket;
  try {
    socket = early || new WebSocket(url);
  } catch (e) {
    return false;
  }

  const shown = `${code.slice(0, 4)}-${code.slice(4)}`;
  const heading = el('h1', { id: 'room-title', tabIndex: -1 }, `Room ${shown}`);
  const status = el('p', { role: 'status', 'aria-live': 'polite' }, 'Connecting…');
  const about = el('p');
  const list = el('ul', { class: 'join-seats' });
  const name = el('input', { type: 'text', maxLength: 24 });
  const color = el('select', {}, ...COLORS.map(([label, hex]) => el('option', { value: hex }, label)));
  const token = el('select', {}, ...TOKENS.map(([id, glyph]) => el('option', { value: id }, `${glyph} ${id}`)));
  const form = el('div', { class: 'lobby-row join-form' },
    el('label', {}, 'Your name', name), el('label', {}, 'Your color', color), el('label', {}, 'Your token', token));
  const problem = el('p', { class: 'problem', role: 'alert' });
  const join = el('button', { type: 'button', class: 'menu-button primary' }, 'Join room');
  const joinRow = el('div', { class: 'button-row' }, join);
  const notes = el('div');
  const back = el('button', { type: 'button', class: 'menu-button' }, 'Back to menu');
  // The room link, below everything at the door, as the app shows it (without its QR code:
  // the friend has the link already).
  const link = `${location.origin}${location.pathname}#room=${shown}`;
  const linkField = el('input', { type: 'text', readonly: '', value: link });
  const copy = el('button', { type: 'button', class: 'action primary' }, 'Copy');
  const copied = el('div', { 'aria-live': 'polite' });
  const section = el('section', { class: 'screen join room', 'aria-labelledby': 'room-title' },
    el('div', { class: 'panel' },
      heading, about, status,
      el('h2', {}, 'Who sits where'), list, form, problem, joinRow, notes,
      el('div', { class: 'button-row' }, back),
      el('label', { class: 'field share-field' }, el('span', {}, 'Room link'), linkField),
      el('p', { class: 'hint' }, 'Send it to your friends: opening it is all they need to sit down.'),
      el('div', { class: 'button-row' }, copy), copied));
  // Shown or not by `display` (the screens' styles set it for these classes, over `hidden`).
  const show = (e, on) => { e.style.display = on ? '' : 'none'; };
  show(form, false);
  show(joinRow, false);
  problem.remove();
  shell.replaceChildren(section);
  shell.setAttribute('aria-busy', 'false');

  let info = null;
  let mine = null;
  let handedOver = false;
  let chosen = { color: '', token: '' };
  // A problem is in the page only while there is one (as in the app's form).
  const say = (text) => {
    problem.textContent = text;
    if (!text) problem.remove();
    else if (!problem.isConnected) joinRow.before(problem);
  };
  const send = (msg) => { if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg)); };

  // The game's code takes over: it enters the room with the seat kept here. This socket is
  // closed once the game's own has taken the seat ("played from another window") or the
  // shell is gone for 5 s, so the seat is never shown away meanwhile.
  const handOver = () => {
    if (handedOver) return;
    handedOver = true;
    // How much of the game's code has arrived, as the lobby says it (src/game/front.rs).
    const opening = el('p', { class: 'hint door-opening' });
    const progress = () => {
      const p = window.__mwGameProgress;
      opening.textContent = typeof p === 'number' && p < 100 ? `Opening the game… ${p}%` : 'Opening the game…';
    };
    progress();
    addEventListener('mwgameprogress', progress);
    notes.after(opening);
    prefetch();
    startGame();
    new MutationObserver((_, observer) => {
      if (document.getElementById('shell')) return;
      observer.disconnect();
      setTimeout(() => socket.close(), 5000);
    }).observe(document.body, { childList: true });
  };

  const render = () => {
    about.textContent = `${info.title} · Board: ${info.board_name}`;
    list.replaceChildren(...info.seats.map((s) => {
      const swatch = el('span', { class: 'seat-swatch', 'aria-hidden': 'true' });
      swatch.style.background = s.presence === 'open' ? 'transparent' : String(s.color);
      const li = el('li', {}, swatch, el('span', {}, seatWords(s, mine)));
      if (s.presence === 'open') li.className = 'open-seat';
      return li;
    }));
    // The color and token start as ones nobody holds, and move on when someone takes them.
    const free = freePieces(info.seats);
    if (!free.colorFree(chosen.color)) chosen.color = free.color;
    if (!free.tokenFree(chosen.token)) chosen.token = free.token;
    color.value = chosen.color;
    token.value = chosen.token;
    const atDoor = mine === null;
    show(form, atDoor);
    show(joinRow, atDoor);
    const lines = [];
    if (!atDoor) lines.push('You are seated: the game starts when the room\'s creator presses Start game.');
    if (atDoor && info.spectators) lines.push('Without a seat you can watch once the game starts.');
    if (TIMERS[info.turn_timer]) lines.push(`Turn timer: ${TIMERS[info.turn_timer]}`);
    notes.replaceChildren(...lines.map((line) => el('p', { class: 'hint' }, line)));
  };

  const onMessage = (text) => {
    if (text.length > MAX_MESSAGE_BYTES) return;
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    if (!msg || typeof msg !== 'object') return;
    if (!document.getElementById('shell')) {
      // The game's code has taken over: it has the seat once it says so.
      if (msg.t === 'denied') socket.close();
      return;
    }
    if (msg.t === 'room' && Array.isArray(msg.seats)) {
      // A started game, a room its players left for another (Play again): the game's code.
      if (msg.started || msg.next) {
        handOver();
        return;
      }
      const first = info === null;
      info = msg;
      // The game's code shows it until the room's own message comes (src/game/room/mod.rs).
      window.__mwDoorRoom = text;
      render();
      if (first) prefetch();
    } else if (msg.t === 'seated' && typeof msg.token === 'string') {
      if (!keepSeat(code, msg.seat, msg.token)) {
        say('Your seat could not be kept on this device: its storage is full or blocked.');
        return;
      }
      mine = msg.seat;
      say('');
      if (info) render();
      // The Join room button is gone: the focus goes to the room's heading, not the page's top.
      heading.focus();
      handOver();
    } else if (msg.t === 'denied' && typeof msg.reason === 'string') {
      say(msg.reason);
    } else if (msg.t === 'closed') {
      // No such room, or a closed one: the game's code says why.
      handOver();
    }
  };

  join.addEventListener('click', () => {
    if (!name.value.trim()) {
      say('Write your name first.');
      name.focus();
      return;
    }
    send({ t: 'join', name: name.value, color: color.value, token: token.value });
  });
  linkField.addEventListener('focus', () => linkField.select());
  copy.addEventListener('click', () => {
    linkField.select();
    const said = (ok, text) => copied.replaceChildren(el('p', { class: ok ? 'notice' : 'problem', role: 'status' }, text));
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(() => said(true, 'The link is copied: paste it in a message.'),
        () => said(false, 'The browser did not let the page copy: select the link in the field and copy it.'));
  });
  color.addEventListener('change', () => { chosen.color = color.value; });
  token.addEventListener('change', () => { chosen.token = token.value; });
  back.addEventListener('click', () => {
    socket.close();
    location.href = location.pathname + location.search;
  });

  const opened = () => {
    status.textContent = 'Connected';
    send({ t: 'enter', token: null });
  };
  // The early socket may be open already (the room says nothing before this door enters),
  // or closed already (no such room: the game's code says so).
  if (socket.readyState === WebSocket.OPEN) opened();
  else socket.addEventListener('open', opened);
  if (socket.readyState >= WebSocket.CLOSING) setTimeout(handOver, 0);
  socket.addEventListener('message', (ev) => { if (typeof ev.data === 'string') onMessage(ev.data); });
  // A socket that closes at the door (no server, a drop): the game's code connects, retries
  // and says what went wrong.
  socket.addEventListener('close', () => handOver());
  // The game's code downloads meanwhile, once the room's first message had its turn (on a
  // slow link the two would share it): at the latest after 1.5 s.
  setTimeout(prefetch, 1500);
  return true;
}
