// commerce-a11y browser page (MIT, like the rest of the project).
// Screen reader first: output goes to a polite live log, focus never moves
// because of a message, and every text is set with textContent because lines
// come from other players and must show as text, never as markup.

const $ = (id) => document.getElementById(id);
const heading = $('heading');
const log = $('log');
const form = $('form');
const ask = $('ask');
const input = $('input');
const soundsBox = $('sounds');
const again = $('again');

const MAX_LINES = 500;
const MAX_HISTORY = 100;
const TOKEN_KEY = 'commerce-resume';
const SECRET_KINDS = new Set(['password', 'new-password', 'confirm']);

// English defaults, so the page still works if the template was not filled.
const words = {
  title: 'Commerce',
  log: 'Game',
  command: 'Command',
  send: 'Send',
  sounds: 'Sounds',
  connecting: 'Connecting to the server.',
  lost: 'Connection lost; connecting again.',
  back: 'Connected again.',
  closed: 'The server closed the connection. Reload the page to connect again.',
  keys: 'F2 reads the last lines again, F8 goes to the lines.',
};

// An unfilled template leaves the literal placeholder; fall back to English.
let lang = document.documentElement.lang;
if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(lang)) {
  lang = 'en';
  document.documentElement.lang = lang;
}

let lastStatus = null; // Commerce.Status: kept for later use, not shown.

// ---- words -------------------------------------------------------------

// One place applies every word: data-word sets the text, data-word-label
// the accessible name. Elements drop data-word once the server owns them.
function applyWords(more) {
  if (more && typeof more === 'object') {
    for (const [key, value] of Object.entries(more)) {
      if (typeof value === 'string') words[key] = value;
    }
  }
  for (const el of document.querySelectorAll('[data-word]')) {
    const value = words[el.dataset.word];
    if (typeof value === 'string') el.textContent = value;
  }
  for (const el of document.querySelectorAll('[data-word-label]')) {
    const value = words[el.dataset.wordLabel];
    if (typeof value === 'string') el.setAttribute('aria-label', value);
  }
}

try {
  applyWords(JSON.parse(document.querySelector('meta[name="words"]').content));
} catch {
  applyWords(); // unfilled or broken meta: keep the English defaults
}

// ---- the log -----------------------------------------------------------

function addLines(texts, className) {
  // Follow new lines only when already at the bottom, so a player who
  // scrolled back to read is not pulled away by the next line.
  const follow = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
  for (const text of texts) {
    // Empty lines are skipped: to a screen reader or braille display a blank
    // paragraph is just a "blank" announcement, and CSS gives the spacing.
    if (typeof text !== 'string' || !text.trim()) continue;
    const p = document.createElement('p');
    p.lang = lang;
    if (className) p.className = className;
    p.textContent = text;
    log.append(p);
  }
  while (log.childElementCount > MAX_LINES) log.firstElementChild.remove();
  if (follow) log.scrollTop = log.scrollHeight;
}

// Speak without moving focus. Clear first and fill a moment later: a live
// region only speaks changes, and this makes the same text a change again.
let sayTimer = 0;
function say(text) {
  clearTimeout(sayTimer);
  again.textContent = '';
  if (!text) return;
  sayTimer = setTimeout(() => {
    again.lang = lang;
    again.textContent = text;
  }, 150);
}

// ---- sounds ------------------------------------------------------------

let audio = null;

// Browsers allow audio only after a gesture; resume too, because mobile
// browsers suspend the context when the page goes to the background.
function wakeAudio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    if (!audio) audio = new Ctx();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}
document.addEventListener('keydown', wakeAudio, true);
document.addEventListener('pointerdown', wakeAudio, true);

function tone(freq, at, dur, gain, type = 'sine', toFreq = 0) {
  const t = audio.currentTime + at;
  const osc = audio.createOscillator();
  const env = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, t + dur);
  // Fast attack, exponential release: no clicks, never loud.
  env.gain.setValueAtTime(0.0001, t);
  env.gain.linearRampToValueAtTime(gain, t + 0.01);
  env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(env).connect(audio.destination);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

// Every cue ends within 400 ms.
const CUES = {
  turn(g) { tone(660, 0, 0.12, g); tone(880, 0.14, 0.16, g); },
  knock(g) { tone(120, 0, 0.08, g, 'triangle'); tone(120, 0.14, 0.08, g, 'triangle'); },
  lost(g) { tone(440, 0, 0.35, g, 'triangle', 330); },
  won(g) { tone(523, 0, 0.12, g); tone(659, 0.11, 0.12, g); tone(784, 0.22, 0.16, g); },
  out(g) { tone(196, 0, 0.37, g, 'triangle'); },
  // Three voices at a third each, so the chord is no louder than one note.
  over(g) { for (const f of [523, 659, 784]) tone(f, 0, 0.3, g / 3); },
};
const GAIN = 0.18;

function playCue(cue, you) {
  if (!soundsBox.checked || !audio || audio.state !== 'running') return;
  if (!Object.hasOwn(CUES, cue)) return;
  CUES[cue](you ? GAIN : GAIN / 2); // others' cues quieter than one's own
}

// ---- the connection ----------------------------------------------------

let ws = null;
let everOpen = false; // "lost" and "back" only make sense after a first open
let lostSaid = false;
let stopped = false;
let delay = 1000;

function getToken() {
  try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; }
}
function setToken(token) {
  // Storage can throw in private modes; resuming is a nicety, not a need.
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch { /* ignore */ }
}

function send(message) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(message));
  return true;
}

function connect() {
  const token = getToken();
  const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host +
    '/ws' + (token ? '?resume=' + encodeURIComponent(token) : '');
  let sock;
  try {
    sock = new WebSocket(url);
  } catch {
    retry();
    return;
  }
  ws = sock;
  sock.onopen = () => {
    send({ type: 'data', package: 'Core.Supports.Set',
      data: ['Commerce.Status 1', 'Commerce.Cue 1', 'Commerce.Settings 1', 'Commerce.Resume 1'] });
    if (lostSaid) addLines([words.back]);
    everOpen = true;
    lostSaid = false;
    delay = 1000;
  };
  sock.onmessage = (event) => {
    if (ws === sock) handle(event.data);
  };
  sock.onclose = (event) => {
    if (ws !== sock) return;
    ws = null;
    const code = event.code;
    if (code === 1000 || code === 1001 || code >= 4000) {
      // The server ended it on purpose: coming back would only be refused.
      stopped = true;
      setToken(null);
      addLines([words.closed]);
      return;
    }
    // Say it once per outage; before the first open "connecting" still holds.
    if (everOpen && !lostSaid) {
      lostSaid = true;
      addLines([words.lost]);
    }
    retry();
  };
}

function retry() {
  setTimeout(connect, delay);
  delay = Math.min(delay * 2, 15000);
}

// ---- messages ----------------------------------------------------------

function handle(raw) {
  let m;
  try { m = JSON.parse(raw); } catch { return; }
  if (!m || typeof m !== 'object') return;
  switch (m.type) {
    case 'words':
      // Silent on purpose: the server follows with lines in the new language.
      if (typeof m.lang === 'string' && m.lang) {
        lang = m.lang;
        document.documentElement.lang = lang;
      }
      applyWords(m.words);
      break;
    case 'lines':
      if (Array.isArray(m.lines)) addLines(m.lines);
      break;
    case 'ask':
      onAsk(m);
      break;
    case 'data':
      onData(m.package, m.data);
      break;
  }
}

function onAsk(m) {
  const text = typeof m.text === 'string' ? m.text : '';
  addLines([text], 'ask');
  const question = text.trim();
  if (question) {
    ask.removeAttribute('data-word');
    ask.textContent = question;
  } else {
    ask.dataset.word = 'command';
    ask.textContent = words.command;
  }
  if (typeof m.heading === 'string' && m.heading.trim()) {
    heading.removeAttribute('data-word'); // a language change must not undo it
    heading.textContent = m.heading.trim();
  }
  setKind(m.kind);
}

function setKind(kind) {
  const secret = SECRET_KINDS.has(kind);
  // Never turn a half-typed password into visible text.
  if (!secret && input.type === 'password') input.value = '';
  if (input.type !== (secret ? 'password' : 'text')) input.type = secret ? 'password' : 'text';
  input.setAttribute('autocomplete',
    kind === 'password' ? 'current-password'
      : secret ? 'new-password'
        : kind === 'name' ? 'username' : 'off');
}

function onData(pkg, data) {
  if (pkg === 'Commerce.Cue') {
    if (data && typeof data.cue === 'string') playCue(data.cue, data.you !== false);
  } else if (pkg === 'Commerce.Status') {
    lastStatus = data;
  } else if (pkg === 'Commerce.Resume') {
    // Good once, for the grace period after a lost connection: the way back without the password.
    if (data && typeof data.token === 'string') setToken(data.token);
  } else if (pkg === 'Commerce.Settings') {
    // Setting .checked fires no change event, so this is not echoed back.
    if (data && (data.sounds === 'on' || data.sounds === 'off')) {
      soundsBox.checked = data.sounds === 'on';
    }
  }
}

// ---- input, history, keys ----------------------------------------------

const history = [];
let historyAt = 0; // history.length means "the line being typed"
let draft = '';

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value;
  // An empty line is sent too: it asks the server to repeat the question.
  if (!send({ type: 'line', text })) {
    // Keep what was typed and say why nothing happened.
    say(stopped ? words.closed : everOpen ? words.lost : words.connecting);
    return;
  }
  if (input.type !== 'password' && text.trim() && text !== history[history.length - 1]) {
    history.push(text);
    if (history.length > MAX_HISTORY) history.shift();
  }
  historyAt = history.length;
  draft = '';
  input.value = '';
  // After tapping Send, bring focus back so the next command can be typed.
  if (document.activeElement !== input) input.focus();
});

input.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (input.type === 'password') return; // no recall into a password field
  event.preventDefault();
  if (event.key === 'ArrowUp') {
    if (historyAt === 0) return;
    if (historyAt === history.length) draft = input.value;
    historyAt -= 1;
  } else {
    if (historyAt === history.length) return;
    historyAt += 1;
  }
  const value = historyAt === history.length ? draft : history[historyAt];
  input.value = value;
  input.setSelectionRange(value.length, value.length);
  // Screen readers rarely speak a value set by script; say it.
  say(value);
});

function lastLines(count) {
  return Array.from(log.children).slice(-count).map((p) => p.textContent.trim()).join(' ');
}

// Focus the newest line rather than the log itself: focusing the container
// can make a screen reader start at, or read out, all 500 lines.
function focusLog() {
  const last = log.lastElementChild;
  if (!last) {
    log.focus();
    return;
  }
  last.tabIndex = -1;
  last.focus();
}

document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.key === 'F2') {
    event.preventDefault();
    say(lastLines(3));
  } else if (event.key === 'F8') {
    event.preventDefault();
    focusLog();
  }
});

log.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    input.focus();
  }
});

// A line keeps tabindex only while focused, so Tab never stops on lines.
log.addEventListener('focusout', (event) => {
  if (event.target !== log) event.target.removeAttribute('tabindex');
});

soundsBox.addEventListener('change', () => {
  send({ type: 'data', package: 'Commerce.Settings',
    data: { sounds: soundsBox.checked ? 'on' : 'off' } });
});

// ---- start -------------------------------------------------------------

input.focus(); // autofocus backs this up; some browsers skip it on reload
addLines([words.connecting]);
connect();
