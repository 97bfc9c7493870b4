// The live table page: one websocket, one view at a time, drawn by the modules beside this one.
import { connectTable, socketUrl } from "../socket.js";
import { createActionBar } from "./actions.js";
import { createAnnouncer } from "./announce.js";
import { createConnectionDisplay, createTurnAlert, createWakeLock } from "./attention.js";
import { renderBoard, renderDockStatus } from "./board.js";
import { bountyLines } from "./bounty.js";
import { pledgeAndReveal, renderFairness, withdrawWhenHidden } from "./fairness.js";
import { startClockTicker } from "./clock.js";
import { el, fill } from "./format.js";
import { createHistory } from "./history.js";
import { renderMe } from "./me.js";
import { clockwiseFrom, readView } from "./model.js";
import { createPreActions } from "./pre-actions.js";
import { createRabbitPanel, rabbitRows } from "./rabbit.js";
import { markDecidingCards, renderResults } from "./results.js";
import { createRunTwicePanel } from "./run-twice.js";
import { createSecondYesPanel } from "./second-yes.js";
import { createTournamentOut } from "./tournament-out.js";
import { createRebuy } from "./rebuy.js";
import { renderSeats } from "./seats.js";
import { renderStages } from "./stages.js";

const app = document.getElementById("table-app");
const config = app.dataset;
const $ = (selector) => app.querySelector(selector);
const parts = {
  seats: $("#seats"),
  board: $("#board"),
  fairness: $("#fairness"),
  results: $("#results"),
  me: $("#me"),
  out: $("#out"),
  actions: $("#actions"),
  runTwice: $("#run-twice"),
  secondYes: $("#second-yes"),
  preActions: $("#pre-actions"),
  dockStatus: $("#dock-status"),
  stage: $("#stage"),
  rabbit: $("#rabbit"),
  toast: $("#toast"),
};

// The badge of each blind, and its words: the hand view lists who posted which (engine/views.py "posts").
const BLIND_BADGES = {
  small_blind: { short: "SB", words: "small blind" },
  big_blind: { short: "BB", words: "big blind" },
  new_player_blind: { short: "BB", words: "big blind" },
  straddle: { short: "Str", words: "straddle" },
};

function blindsOf(model) {
  const blinds = new Map();
  for (const post of (model.hand && model.hand.posts) || []) {
    const badge = BLIND_BADGES[post.kind];
    if (badge && !blinds.has(post.seat)) blinds.set(post.seat, badge);
  }
  return blinds;
}

// Messages for people: plain, and they go away by themselves. While one shows, the felt makes
// room for it (table.css, --toast-space), so it covers no seat.
let toastTimer = null;
function notify(text, kind = "info") {
  parts.toast.textContent = text;
  parts.toast.dataset.kind = kind;
  parts.toast.hidden = false;
  document.documentElement.style.setProperty("--toast-space", `${parts.toast.offsetHeight}px`);
  document.body.dataset.toast = "shown";
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    parts.toast.hidden = true;
    delete document.body.dataset.toast;
  }, 6000);
}

const confirmDialog = document.getElementById("confirm");
/** Ask before an action; `mode` is the action bar's ("turn" or "early") the question belongs to. */
function confirmAction(text, okLabel, mode = "") {
  if (!confirmDialog || typeof confirmDialog.showModal !== "function") return Promise.resolve(window.confirm(text));
  confirmDialog.querySelector(".confirm-text").textContent = text;
  confirmDialog.querySelector(".confirm-ok").textContent = okLabel;
  confirmDialog.dataset.mode = mode;
  confirmDialog.returnValue = "";
  confirmDialog.showModal();
  return new Promise((resolve) => {
    confirmDialog.addEventListener("close", () => resolve(confirmDialog.returnValue === "ok"), { once: true });
  });
}

/** A question asked in another mode of the bar is out of date: closed as if cancelled. */
function dismissConfirm(mode) {
  if (confirmDialog && confirmDialog.open && confirmDialog.dataset.mode && confirmDialog.dataset.mode !== mode) {
    confirmDialog.close("cancel");
  }
}

let socket = null;
let model = null;
const actionBar = createActionBar(parts.actions, {
  send: (action) => socket.act(action),
  confirm: confirmAction,
  dismiss: dismissConfirm,
});
const announce = createAnnouncer(document.getElementById("announce"));
const renderPreActions = createPreActions(parts.preActions, { send: (action) => socket.act(action) });
const renderRunTwice = createRunTwicePanel(parts.runTwice, { send: (action) => socket.act(action) });
const renderRabbit = createRabbitPanel(parts.rabbit, { send: (action) => socket.act(action) });
const renderSecondYes = createSecondYesPanel(parts.secondYes, { send: (action) => socket.act(action) });
const turnAlert = createTurnAlert(document.title);
const keepAwake = createWakeLock();
const tournamentOut = createTournamentOut(parts.out, config.statusUrl, parts.me, (line) => announce.say(line));
const showConnection = createConnectionDisplay(document.getElementById("conn"), document.getElementById("conn-banner"));

// A rebuy asked from the table (the host approves it on their ledger page).
const rebuy =
  config.role === "player" ? createRebuy({ askUrl: config.chipsUrl, statusUrl: config.chipsStatusUrl, csrf: config.csrf }) : null;

function render(view) {
  model = readView(view, config.playerId || "");
  const blinds = blindsOf(model);
  const others = clockwiseFrom(model.seats.filter((s) => !s.isMe), model.mySeat);
  const options = { blinds, deadline: model.deadline, total: model.actionSeconds };
  renderSeats(parts.seats, others, options);
  renderBoard(parts.board, model);
  renderDockStatus(parts.dockStatus, model);
  // House games (stages.js, rabbit.js, bounty.js): each draws its own part beside the usual ones.
  renderStages(parts.stage, model);
  const rabbit = rabbitRows(model);
  if (rabbit) parts.board.append(rabbit);
  // The phone keeps what it is shown of a deal before the fairness part says whether it holds.
  if (config.role === "player") pledgeAndReveal(model, (intent) => socket.act(intent), Number(config.tableId));
  if (renderFairness(parts.fairness, model, config.nightVerifyUrl)) {
    notify("Warning: this deck is not the one you were promised. See the top of the page.", "error");
  }
  renderResults(parts.results, model);
  const bounty = parts.results.hidden ? null : bountyLines(model);
  if (bounty) parts.results.append(bounty);
  renderRabbit(model);
  renderSecondYes(model);
  renderMe(parts.me, model, { ...options, onSeat: (intent) => socket.act(intent), rebuy });
  // Gone from the table's seats (a tournament bust), though the last hand still shows me.
  if (config.role === "player") tournamentOut(model.me && !model.me.leftTable ? model.me : null);
  markDecidingCards(app, model);
  actionBar.render(model);
  renderPreActions(model);
  // While everyone all-in is asked to run it twice, the question is the only thing to answer.
  parts.actions.hidden = renderRunTwice(model);
  const title = $("#hand-title");
  if (title) {
    title.textContent = model.hand ? `Hand #${model.hand.hand_number} \u00b7 ${model.gameName}` : model.gameName || "";
  }
  showNextGame(model);
  keepResultsInSight(model);
  document.body.dataset.version = String(model.version);
  document.body.dataset.myTurn = model.myTurn ? "true" : "false";
  turnAlert(model.myTurn);
  history.yourTurn(model.myTurn);
  if (config.role === "player") announce(model);
  keepAwake(model.inProgress && Boolean(model.me && model.me.inHand));
}

// The host changed the game for the next hand: the hand being played (or the last one) keeps its
// own, and every phone says what comes next from the moment of the change until the new game is
// dealt (and once, out loud, when it changes), on a line of the felt and a notice that pushes the
// seats down rather than covering them: in Crazy Blind Man the seats show whose cards are whose.
let announcedGame = null;
function showNextGame(model) {
  const next = $("#next-game");
  const table = model.table || {};
  const coming = table.game && model.game && table.game !== model.game ? table.game_name || table.game : "";
  if (next) {
    next.textContent = coming ? `Next hand: ${coming}` : "";
    next.hidden = !coming;
  }
  const current = table.game || "";
  if (announcedGame !== null && current && current !== announcedGame) {
    // A phone that hears of it only with the new game's deal (asleep, reconnecting) says so too.
    notify(coming ? `The host changed the game: ${coming} from the next hand.` : `The host changed the game: now ${table.game_name || current}.`);
  }
  if (current) announcedGame = current;
}

// The results box sits above the dock: scrolled into sight when a hand ends, never under it.
let resultsShownFor = null;
function keepResultsInSight(model) {
  const dock = $(".dock");
  if (dock) document.documentElement.style.setProperty("--dock-height", `${dock.offsetHeight}px`);
  const bar = $(".tbar");
  if (bar) document.documentElement.style.setProperty("--tbar-height", `${bar.offsetHeight}px`);
  const number = !parts.results.hidden && model.hand ? model.hand.hand_number : null;
  if (number !== null && number !== resultsShownFor) parts.results.scrollIntoView({ block: "nearest" });
  resultsShownFor = number;
}

// Sizing a bet on a narrow screen, the board and the pot stay at the top and the dock takes what
// is left below them (table.css): the middle's height, which the zoom changes as much as a view.
const middle = parts.board;
new ResizeObserver(() => document.documentElement.style.setProperty("--middle-height", `${middle.offsetHeight}px`)).observe(
  middle,
  { box: "border-box" },
);

function start() {
  socket = connectTable(socketUrl(config.socketPath), {
    onView: (view) => render(view),
    onAck: () => actionBar.settled(),
    onError: (error) => {
      actionBar.settled();
      notify(error.message || "The table refused that.", "error");
    },
    onStatus: (status, detail) => {
      showConnection(status, detail);
      // A player the host moved to another table is refused here: the seat page knows where to go.
      if (status === "forbidden" && config.role === "player") setTimeout(() => location.assign(config.seatUrl), 1500);
    },
  });
  if (config.role === "player") withdrawWhenHidden(() => model, (intent) => socket.act(intent));
}

// Settings: the four-colour deck, kept on this phone.
const fourColour = document.getElementById("four-colour");
function applyFourColour(on) {
  document.body.classList.toggle("four-colour", on);
  if (fourColour) fourColour.setAttribute("aria-pressed", on ? "true" : "false");
}
applyFourColour(localStorage.getItem("homegame-four-colour") === "1");
fourColour?.addEventListener("click", () => {
  const on = !document.body.classList.contains("four-colour");
  localStorage.setItem("homegame-four-colour", on ? "1" : "0");
  applyFourColour(on);
});

const history = createHistory(document.getElementById("history"), {
  handsUrl: config.handsUrl,
  verifyUrl: config.verifyUrl,
  myPlayerId: config.playerId || "",
});
document.getElementById("history-open")?.addEventListener("click", () => history.open());
// The turn may have come while the history was open: its first action takes the focus on the way back.
document.getElementById("history")?.addEventListener("close", () => setTimeout(() => actionBar.reclaimFocus(), 0));

startClockTicker(app);
if (config.socketPath) start();
else fill(parts.board, el("p", { text: "No table." }));

// For the page's browser tests and the curious: the current model, and drawing a view by hand.
window.homegameTable = { render, get model() { return model; }, get socket() { return socket; }, announced: announce.said };
