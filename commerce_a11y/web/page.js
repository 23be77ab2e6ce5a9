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
const secretInput = $('secret');
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

// The field shown and typed into: #input, or #secret for a password. Two
// fields rather than one whose type changes: Orca 43 keeps a field's role
// from when it first met it, so a text field made a password field had
// every letter of the password spoken as it was typed.
let field = input;
let wanted = input; // the field the last question wants (shown a moment later)

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

// Lines come in batches (one message each), and a question after them. They
// go into the log together as one paragraph per burst, a line break between
// lines, the question last: Orca 43 speaks each element added to a live
// region as a message of its own, in the order the browser reported them
// (not the page's), and each message cuts off the one before; one paragraph
// is one message, said whole and in order. A burst ends with its question,
// or when nothing more came for QUIET_MS.
const QUIET_MS = 150;
const SWAP_MS = 150;
let pending = [];
let pendingTimer = 0;
let linesInLog = 0;
let lastBurst = '';
let burstNumber = 0; // every burst gets an id, so a field can be named by one
const lineCounts = new WeakMap();

function addLines(texts) {
  for (const text of texts) {
    // Empty lines are skipped: to a screen reader or braille display a blank
    // line is just a "blank" announcement.
    if (typeof text === 'string' && text.trim()) pending.push(text);
  }
  clearTimeout(pendingTimer);
  if (pending.length) pendingTimer = setTimeout(flush, QUIET_MS);
}

// The burst into the log, spoken by the live region; or, given `unspoken`,
// kept out of the live region and handed to it a moment later (the
// paragraph, or null for no lines), for whoever speaks it another way.
function flush(question, unspoken) {
  clearTimeout(pendingTimer);
  const texts = pending;
  pending = [];
  if (question) texts.push(question);
  if (!texts.length) {
    if (unspoken) unspoken(null);
    return;
  }
  // Orca 43 drops a live message the same as the one before it (a refusal
  // and its question, said twice in a row, were not said the second time):
  // a space at the end, heard by nobody, makes it another message.
  const joined = texts.join('\n');
  if (joined === lastBurst) texts[texts.length - 1] += ' ';
  lastBurst = texts.join('\n');
  // Follow new lines only when already at the bottom, so a player who
  // scrolled back to read is not pulled away by the next line.
  const follow = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
  const burst = document.createElement('p');
  burstNumber += 1;
  burst.id = 'burst' + burstNumber;
  burst.lang = lang;
  lineCounts.set(burst, texts.length);
  // Text nodes and a span, never markup: the lines are other people's words.
  const nodes = [];
  texts.forEach((text, i) => {
    if (i) nodes.push('\n'); // #log keeps line breaks (white-space: pre-wrap)
    if (question && i === texts.length - 1) {
      const span = document.createElement('span');
      span.className = 'ask';
      span.textContent = text;
      nodes.push(span);
    } else {
      nodes.push(text);
    }
  });
  const place = () => {
    burst.append(...nodes);
    if (!burst.isConnected) log.append(burst);
    linesInLog += texts.length;
    while (linesInLog > MAX_LINES && log.firstElementChild !== burst) {
      linesInLog -= lineCounts.get(log.firstElementChild) || 0;
      log.firstElementChild.remove();
    }
    if (follow) log.scrollTop = log.scrollHeight;
  };
  if (!unspoken) {
    place();
    return;
  }
  // Added empty and filled a moment later: the lines then change a region
  // that is not live, where added whole they would change the live log. The
  // moment (SWAP_MS) also lets the browser report what came before (the
  // field emptied after Enter) before the focus moves: reported after it,
  // that took Orca back to the old field, and the new one was said twice.
  burst.setAttribute('aria-live', 'off');
  log.append(burst);
  setTimeout(() => {
    place();
    unspoken(burst);
  }, SWAP_MS);
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
let welcomed = false; // this connection got its first question
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
    welcomed = false;
    send({ type: 'data', package: 'Core.Supports.Set',
      data: ['Commerce.Status 1', 'Commerce.Cue 1', 'Commerce.Settings 1', 'Commerce.Resume 1'] });
  };
  sock.onmessage = (event) => {
    if (ws === sock) handle(event.data);
  };
  sock.onclose = (event) => {
    if (ws !== sock) return;
    ws = null;
    const code = event.code;
    if (code === 1013) {
      // Turned away ("try again later", the server said why): trying again
      // at once would be turned away again. The token stays for a reload.
      stopped = true;
      addLines([words.closed]);
      return;
    }
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

// In only once asked something: a server that opens and at once closes
// (full, or shutting down) must not make the page say "connected again",
// nor reset the wait between tries.
function welcome() {
  welcomed = true;
  if (lostSaid) addLines([words.back]);
  everOpen = true;
  lostSaid = false;
  delay = 1000;
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
      flush(); // the lines before it keep their language
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
  const question = text.trim();
  if (!welcomed) welcome();
  // A field named by a burst (below) goes back to the question's label.
  field.removeAttribute('aria-labelledby');
  const next = SECRET_KINDS.has(m.kind) ? secretInput : input;
  const before = wanted;
  wanted = next;
  if (next === before || next === field) {
    flush(question);
  } else if (document.activeElement === field) {
    // The player is in the field that goes away. The field that comes gets
    // focus, and with it its name: the burst itself, lines and question, so
    // a screen reader says the burst once, in order, then "password". The
    // live region stays out of it, or the two would cut each other short.
    flush(question, (burst) => {
      if (wanted !== next) return; // another question came first
      if (burst) next.setAttribute('aria-labelledby', burst.id);
      showField(next, document.activeElement === field);
    });
  } else {
    flush(question);
    showField(next, false);
  }
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

// Show `next` in place of the field shown; give it focus if `focus`. The
// field that had focus leaves the screen at once but the accessibility tree
// only LEAVE_MS later: Chromium reports a removal before a focus change made
// in the same moment, and Orca 43, seeing the focused field removed, moves
// its focus to the new field silently, so the new field was never spoken.
const LEAVE_MS = 1000;
let leaving = null;
let leaveTimer = 0;

function showField(next, focus) {
  if (next === field) return;
  const last = field;
  field = next;
  clearTimeout(leaveTimer);
  if (leaving) leave();
  ask.htmlFor = next.id;
  next.hidden = false;
  if (last === secretInput) last.value = ''; // a password does not wait in a hidden field
  if (focus) {
    next.focus();
    leaving = last;
    last.classList.add('visually-hidden');
    last.tabIndex = -1;
    last.setAttribute('aria-labelledby', 'ask'); // the label is the new field's now
    leaveTimer = setTimeout(leave, LEAVE_MS);
  } else {
    last.hidden = true;
  }
}

function leave() {
  leaving.classList.remove('visually-hidden');
  leaving.removeAttribute('tabindex');
  leaving.removeAttribute('aria-labelledby');
  if (leaving !== field) leaving.hidden = true;
  leaving = null;
}

// What a password manager or a phone's keyboard should offer.
function setKind(kind) {
  secretInput.autocomplete = kind === 'password' ? 'current-password' : 'new-password';
  input.autocomplete = kind === 'name' ? 'username' : 'off';
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
  const text = field.value;
  // An empty line is sent too: it asks the server to repeat the question.
  if (!send({ type: 'line', text })) {
    // Keep what was typed and say why nothing happened.
    say(stopped ? words.closed : everOpen ? words.lost : words.connecting);
    return;
  }
  if (field === input && text.trim() && text !== history[history.length - 1]) {
    history.push(text);
    if (history.length > MAX_HISTORY) history.shift();
  }
  historyAt = history.length;
  draft = '';
  field.value = '';
  // After tapping Send, bring focus back so the next command can be typed.
  if (document.activeElement !== field) field.focus();
});

input.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
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
  const lines = [];
  for (let burst = log.lastElementChild; burst && lines.length < count; burst = burst.previousElementSibling) {
    lines.unshift(...burst.textContent.split('\n'));
  }
  return lines.slice(-count).map((line) => line.trim()).join(' ');
}

// Focus the newest line rather than the log itself: focusing the container
// can make a screen reader start at, or read out, all 500 lines.
function focusLog() {
  flush();
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
    field.focus();
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
