// The projected tournament clock. The server stores the clock as times (period, when it
// began, when it was paused, time paused); this screen fetches them with the server's own
// time, and counts down by itself from them, so every screen agrees, a dropped connection
// only delays the next host change, and a server restart changes nothing.

const REFETCH_MS = 4000;
const STALE_MS = 15000;
const WARNING_SECONDS = 60;

/** Seconds a period lasts. */
const periodSeconds = (period) => period.minutes * 60;

/**
 * What the clock shows at `now` (seconds since the epoch): the same walk over the periods as
 * engine.tournament.clock.clock_state, from the same stored times.
 */
export function readClock(clock, structure, now) {
  const periods = structure.periods;
  let index = Math.min(clock.period_index, periods.length - 1);
  let elapsed = 0;
  const started = clock.period_started_at !== null;
  if (started) {
    const reference = clock.paused_at !== null ? clock.paused_at : now;
    elapsed = reference - clock.period_started_at - clock.paused_seconds;
    while (index < periods.length - 1 && elapsed >= periodSeconds(periods[index])) {
      elapsed -= periodSeconds(periods[index]);
      index += 1;
    }
  }
  const current = periods[index];
  const isLast = index === periods.length - 1;
  let left = periodSeconds(current) - elapsed;
  if (isLast) left = Math.max(left, 0);
  let toBreak = null;
  let upcoming = left;
  for (const later of periods.slice(index + 1)) {
    if (later.kind === "break") {
      toBreak = upcoming;
      break;
    }
    upcoming += periodSeconds(later);
  }
  const levelNumber = periods.slice(0, index + 1).filter((p) => p.kind === "level").length;
  return {
    started,
    paused: clock.paused_at !== null,
    index,
    current,
    onBreak: current.kind === "break",
    levelNumber,
    secondsLeft: left,
    nextPeriod: isLast ? null : periods[index + 1],
    nextLevel: periods.slice(index + 1).find((p) => p.kind === "level") || null,
    secondsToBreak: toBreak,
  };
}

/** The average stack in chips and in big blinds, as the server words them for every page (the
 * host's page too): rounding a float here could say 1.1 where the host's page says 1.2. */
export function averageFigures(field) {
  return { stack: field.average_stack_text, bigBlinds: field.average_big_blinds_text };
}

/** "14:59", or "1:02:03" past an hour; whole seconds rounded up, so a fresh level shows its full time. */
export function formatDuration(seconds) {
  const whole = Math.max(0, Math.ceil(seconds - 1e-6));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const chips = (n) => Math.round(n).toLocaleString("en-US");
const blinds = (level) => `${chips(level.small_blind)} / ${chips(level.big_blind)}`;
const ordinal = (n) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
};

/** Short beeps made on the spot (no audio files): two for the last minute, three rising for a new level. */
class Chimes {
  constructor() {
    this.context = null;
    this.on = false;
  }

  toggle() {
    this.on = !this.on;
    if (this.on) {
      // Browsers allow sound only after a click: create or wake the audio context now.
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!this.context && Context) this.context = new Context();
      if (this.context && this.context.state === "suspended") this.context.resume();
      this.play([660]);
    }
    return this.on;
  }

  play(frequencies) {
    if (!this.on || !this.context) return;
    const start = this.context.currentTime + 0.05;
    frequencies.forEach((frequency, i) => {
      const oscillator = this.context.createOscillator();
      const gain = this.context.createGain();
      const at = start + i * 0.35;
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.6, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain).connect(this.context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    });
  }

  warning() {
    this.play([880, 880]);
  }

  levelChange() {
    this.play([523, 659, 784]);
  }
}

/**
 * Spoken announcements with the browser's own speech synthesis: off until switched on (a click,
 * which browsers require before speaking), and only for what this screen saw happen.
 */
export class Announcer {
  constructor(speech = window.speechSynthesis) {
    this.speech = speech || null;
    this.on = false;
  }

  get available() {
    return this.speech !== null && typeof window.SpeechSynthesisUtterance === "function";
  }

  toggle() {
    this.on = this.available && !this.on;
    if (!this.on && this.speech) this.speech.cancel();
    return this.on;
  }

  say(sentence) {
    if (!this.on) return;
    const utterance = new window.SpeechSynthesisUtterance(sentence);
    utterance.lang = "en";
    this.speech.speak(utterance);
  }
}

/** "Level 5. Blinds 200, 400, ante 50": how a level is announced. */
export function levelSentence(levelNumber, level) {
  const ante = level.ante ? `, ante ${level.ante}` : "";
  return `Level ${levelNumber}. Blinds ${level.small_blind}, ${level.big_blind}${ante}`;
}

/** Whether rebuys are still allowed at this reading: as engine.tournament.rebuys.rebuy_window_open. */
export function rebuysOpen(untilLevel, reading) {
  if (untilLevel === null || untilLevel === undefined) return false;
  return reading.onBreak ? reading.levelNumber < untilLevel : reading.levelNumber <= untilLevel;
}

const TWO_MINUTES = 120;

/** What to say between two readings a quarter of a second apart (none before the first). */
export function announcements(before, after, untilLevel) {
  if (!before || !after.started || after.paused) return [];
  const said = [];
  if (after.index !== before.index) {
    if (after.onBreak) {
      const minutes = after.current.minutes;
      said.push(`Break. ${minutes} minute${minutes === 1 ? "" : "s"}.` + (after.current.note ? ` ${after.current.note}.` : ""));
    } else {
      said.push(levelSentence(after.levelNumber, after.current));
    }
  } else if (
    !after.onBreak &&
    before.secondsToBreak !== null &&
    after.secondsToBreak !== null &&
    before.secondsToBreak > TWO_MINUTES &&
    after.secondsToBreak <= TWO_MINUTES
  ) {
    said.push("Two minutes to the break");
  }
  if (rebuysOpen(untilLevel, before) && !rebuysOpen(untilLevel, after)) said.push("Rebuys are closed");
  return said;
}

function setText(root, field, text) {
  const element = root.querySelector(`[data-field="${field}"]`);
  if (element && element.textContent !== text) element.textContent = text;
}

function setHidden(root, field, hidden) {
  const element = root.querySelector(`[data-field="${field}"]`);
  if (element) element.hidden = hidden;
}

/** "21:40": a moment (seconds since the epoch) as this screen's local time of day. */
function clockTime(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });
}

/** Replace a list's items only when what they show changed (no flicker every quarter second). */
function fillList(list, rows, makeItem) {
  const key = JSON.stringify(rows);
  if (!list || list.dataset.shown === key) return;
  list.dataset.shown = key;
  list.replaceChildren(...rows.map(makeItem));
}

function item(...parts) {
  const li = document.createElement("li");
  parts.forEach(([className, text]) => {
    const span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    li.append(span);
  });
  return li;
}

/** The biggest stacks: chip counts are public at a poker table (never cards). */
function drawLeaders(body, state) {
  const leaders = state.leaders || [];
  setHidden(body, "leaders-box", leaders.length === 0);
  fillList(body.querySelector('[data-field="leaders"]'), leaders, (row) =>
    item(["name", row.name], ["chips", chips(row.chips)]),
  );
}

/** Each table's deck commitment while its deal is shuffled or played: the room compares it with the phones'. */
function drawCommitments(body, state) {
  const shown = state.commitments || [];
  setHidden(body, "commitments-box", shown.length === 0);
  fillList(body.querySelector('[data-field="commitments"]'), shown, (row) =>
    item(["table", row.table], ["hand", `#${row.hand_number}`], ["commitment", row.commitment]),
  );
}

/** Once there is a winner: the winner, every place with its prize, and the night in one line. */
function drawFinished(body, state, finished, elapsed) {
  setHidden(body, "finished", !finished);
  if (!finished) return;
  setText(body, "winner", state.winner || "");
  const field = state.field;
  const parts = [`${field.entries} players`];
  if (field.rebuys) parts.push(`${field.rebuys} rebuy${field.rebuys === 1 ? "" : "s"}`);
  if (field.add_ons) parts.push(`${field.add_ons} add-on${field.add_ons === 1 ? "" : "s"}`);
  parts.push(`prize pool ${chips(state.prize_pool)} ${state.currency}`);
  if (elapsed !== null) parts.push(`${formatDuration(elapsed)} played`);
  setText(body, "summary", parts.join(" · "));
  fillList(body.querySelector('[data-field="results"]'), state.results || [], (row) =>
    item(["place", row.place], ["name", row.name], ["prize", row.prize ? `${chips(row.prize)} ${state.currency}` : ""]),
  );
}

/** Seconds the season's standings and the break's clock each stay up, in turn. */
export const STANDINGS_TURN_SECONDS = 15;

/**
 * Whether a break shows the season's standings now (`now`: the server's time, so every screen
 * in the room turns together): in turns with the break's clock, never in its last minute, when
 * the room is called back to the tables.
 */
export function showsStandings(reading, standings, now) {
  if (!standings || !standings.rows.length || !reading.onBreak) return false;
  if (reading.secondsLeft <= WARNING_SECONDS) return false;
  return Math.floor(now / STANDINGS_TURN_SECONDS) % 2 === 1;
}

/** Points as the season page shows them, to the hundredth; whole numbers when all are whole. */
export function pointsText(rows) {
  const digits = rows.every((row) => Number.isInteger(row.points)) ? 0 : 2;
  const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return rows.map((row) => row.points.toLocaleString("en-US", options));
}

/** The season's best places by points (names and points only: the room reads this screen). */
function drawStandings(body, state, reading, now) {
  const standings = state.status === "finished" ? null : state.season_standings;
  const showing = showsStandings(reading, standings, now);
  body.dataset.showing = showing ? "standings" : "clock";
  setHidden(body, "standings", !showing);
  if (!showing) return;
  setText(body, "standings-season", standings.season);
  setText(body, "standings-scoring", standings.scoring);
  setText(body, "standings-break", reading.paused ? "Break, paused" : "Break");
  setText(body, "standings-time-left", formatDuration(reading.secondsLeft));
  const list = body.querySelector('[data-field="standings-rows"]');
  list.style.setProperty("--rows", String(standings.rows.length));
  const shown = pointsText(standings.rows);
  fillList(list, standings.rows, (row, index) =>
    item(["place", row.place], ["name", row.name], ["points", shown[index]]),
  );
}

/** Runs one clock screen: `body` carries data-state-url. */
export function runClockScreen(body) {
  const url = body.dataset.stateUrl;
  const chimes = new Chimes();
  let state = null;
  let offsetMs = 0; // server clock minus this screen's clock
  let lastOk = 0;
  const announcer = new Announcer();
  let shown = null; // the reading last drawn, for the chimes and announcements
  let fetching = false;
  let wakeLock = null;

  async function refresh() {
    if (fetching) return;
    fetching = true;
    try {
      const sent = Date.now();
      const response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
      if (response.ok) {
        const data = await response.json();
        const received = Date.now();
        // The server read its clock about halfway through the round trip.
        offsetMs = data.server_now * 1000 - (sent + received) / 2;
        state = data;
        lastOk = received;
        draw();
      }
    } catch (error) {
      // The projector's Wi-Fi dropped: keep counting, try again next time.
    } finally {
      fetching = false;
    }
  }

  function draw() {
    if (!state) return;
    const now = (Date.now() + offsetMs) / 1000;
    const reading = readClock(state.clock, state.structure, now);
    const finished = state.status === "finished";
    body.dataset.state = finished ? "finished" : !reading.started ? "waiting" : reading.paused ? "paused" : "running";
    body.toggleAttribute("data-break", reading.onBreak && !finished);
    body.toggleAttribute("data-last-minute", reading.secondsLeft <= WARNING_SECONDS && !reading.onBreak);
    body.dataset.periodIndex = String(reading.index);

    setText(body, "period", reading.onBreak ? "Break" : `Level ${reading.levelNumber}`);
    setText(body, "time-left", finished ? `Winner: ${state.winner || ""}` : formatDuration(reading.secondsLeft));
    const banner = finished ? "" : !reading.started ? "STARTING SOON" : reading.paused ? "PAUSED" : "";
    setText(body, "banner", banner);
    setHidden(body, "banner", !banner);
    if (reading.onBreak) {
      setText(body, "blinds", "");
      setText(body, "ante", "");
      setText(body, "break-note", reading.current.note || "");
      setHidden(body, "break-note", !reading.current.note);
    } else {
      setText(body, "blinds", blinds(reading.current));
      setText(body, "ante", reading.current.ante ? `Ante ${chips(reading.current.ante)}` : "No ante");
      setHidden(body, "break-note", true);
    }
    const next = reading.nextPeriod;
    let nextText = "Last level";
    if (next && next.kind === "break") nextText = reading.nextLevel ? `Break, then ${blinds(reading.nextLevel)}` : "Break";
    else if (next) nextText = blinds(next) + (next.ante ? ` ante ${chips(next.ante)}` : "");
    setText(body, "next-level", nextText);
    // On a break, or with no break left, the row would only say "none": leave it out.
    setHidden(body, "next-break-row", reading.onBreak || reading.secondsToBreak === null);
    if (reading.secondsToBreak !== null) {
      setText(body, "next-break", formatDuration(reading.secondsToBreak));
      // The wall-clock time it starts, while the clock runs (paused, it has no time yet).
      const at = reading.started && !reading.paused ? `at ${clockTime(now + reading.secondsToBreak)}` : "";
      setText(body, "next-break-at", at);
    }
    const elapsed = state.started_at === null ? null : (state.finished_at ?? now) - state.started_at;
    setHidden(body, "elapsed-row", elapsed === null);
    if (elapsed !== null) setText(body, "elapsed", formatDuration(elapsed));
    setText(body, "window", state.window || "");

    const field = state.field;
    setText(body, "players", `${field.players_left} / ${field.entries}`);
    setText(body, "rebuys", String(field.rebuys));
    setText(body, "add-ons", String(field.add_ons));
    setText(body, "chips", chips(field.chips_in_play));
    const average = averageFigures(field);
    setText(body, "average", average.stack);
    setText(body, "average-bb", average.bigBlinds);
    setText(body, "pool", `${chips(state.prize_pool)} ${state.currency}`);
    setText(body, "payout-rule", state.payout_rule || "");
    fillList(body.querySelector('[data-field="payouts"]'), state.payouts, (row) =>
      item(["place", ordinal(row.place)], ["amount", chips(row.amount)]),
    );
    drawLeaders(body, state);
    drawCommitments(body, state);
    drawFinished(body, state, finished, elapsed);
    drawStandings(body, state, reading, now);
    setHidden(body, "connection", Date.now() - lastOk < STALE_MS);

    // Chimes: only while running, only for what this screen saw happen.
    if (shown && reading.started && !reading.paused && !finished) {
      if (reading.index !== shown.index) chimes.levelChange();
      else if (
        shown.secondsLeft > WARNING_SECONDS &&
        reading.secondsLeft <= WARNING_SECONDS &&
        periodSeconds(reading.current) > WARNING_SECONDS &&
        reading.nextPeriod
      )
        chimes.warning();
    }
    if (!finished) announcements(shown, reading, state.rebuy_until_level).forEach((sentence) => announcer.say(sentence));
    shown = reading;
  }

  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wakeLock) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => {
        wakeLock = null;
      });
    } catch (error) {
      // Not allowed here (no HTTPS, battery saver): the screen's own settings decide.
    }
  }

  const soundButton = body.querySelector('[data-action="sound"]');
  soundButton.addEventListener("click", () => {
    const on = chimes.toggle();
    soundButton.setAttribute("aria-pressed", String(on));
    soundButton.textContent = on ? "Sound on" : "Sound off";
    keepAwake();
  });
  const voiceButton = body.querySelector('[data-action="voice"]');
  voiceButton.hidden = !announcer.available;
  voiceButton.addEventListener("click", () => {
    const on = announcer.toggle();
    voiceButton.setAttribute("aria-pressed", String(on));
    voiceButton.textContent = on ? "Voice on" : "Voice off";
    keepAwake();
  });
  const fullscreenButton = body.querySelector('[data-action="fullscreen"]');
  fullscreenButton.hidden = !document.fullscreenEnabled;
  fullscreenButton.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else body.requestFullscreen().catch(() => {});
    keepAwake();
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      refresh();
      keepAwake();
    }
  });
  window.addEventListener("pageshow", refresh);
  window.addEventListener("online", refresh);

  refresh();
  keepAwake();
  setInterval(refresh, REFETCH_MS);
  setInterval(draw, 250);
}

// Only on the clock page (the functions above are also imported on their own).
if (typeof document !== "undefined" && document.body && document.body.dataset.stateUrl && document.body.classList.contains("clock-screen")) {
  runClockScreen(document.body);
}
