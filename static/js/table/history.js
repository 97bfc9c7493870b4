// Hand history: the last hands at this table, a step-through replay of each (as this viewer
// saw it: the server replays the hand through the engine's views), and a PHH download.
import { cardRow, cardsName } from "./cards.js";
import { chips, el, fill } from "./format.js";
import { readView } from "./model.js";
import { resultSentences } from "./results.js";

function eventWords(event, names) {
  if (!event) return "";
  const who = (seat) => names.get(seat) || `Seat ${seat}`;
  switch (event.type) {
    case "hole_cards": return "Cards are dealt.";
    case "board": return "Board cards are dealt.";
    case "fold": return `${who(event.seat)} folds.`;
    case "check": return `${who(event.seat)} checks.`;
    case "call": return `${who(event.seat)} calls ${chips(event.amount)}.`;
    case "bet_or_raise": return `${who(event.seat)} bets or raises to ${chips(event.to)}.`;
    case "show": return `${who(event.seat)} shows.`;
    case "muck": return `${who(event.seat)} mucks.`;
    case "hands_tabled": return "Hands are turned face up.";
    case "showdown_started": return "Showdown.";
    case "round_ended": return "The betting round ends.";
    case "pots_awarded": return "The pots are pushed.";
    default: return event.type.replace(/_/g, " ");
  }
}

function stepModel(step, myPlayerId) {
  const model = readView({ version: 0, table: { seats: [] }, hand: step }, myPlayerId);
  return { model, names: new Map(model.seats.map((s) => [s.seat, s.name])) };
}

function stepView(step, myPlayerId) {
  const { model, names } = stepModel(step, myPlayerId);
  const seats = model.seats.map((s) =>
    el(
      "li",
      { class: "replay-seat", "data-status": s.status },
      el("span", { class: "seat-name", text: `${s.name}${s.isMe ? " (you)" : ""}` }),
      el("span", { class: "seat-stack", text: chips(s.stack) }),
      s.bet ? el("span", { class: "seat-bet", text: `bet ${chips(s.bet)}` }) : null,
      Array.isArray(s.cards) && s.cards.length ? cardRow(s.cards, 0, { size: "sm" }) : null,
      s.lastAction ? el("span", { class: "seat-last", text: s.lastAction }) : null,
    ),
  );
  const boards = model.boards.map((b, i) =>
    el("div", { class: "board", "aria-label": `Board ${i + 1}: ${cardsName(b) || "none"}` }, cardRow(b, 0, { size: "sm" })),
  );
  return el(
    "div",
    { class: "replay-step" },
    el("p", { class: "replay-event", text: eventWords(step.event, names) }),
    boards,
    el("p", { class: "pot-total", text: `Pot ${chips(model.potShown)}` }),
    el("ul", { class: "replay-seats" }, seats),
    model.hand.finished ? el("ul", { class: "results-list" }, resultSentences(model).map((text) => el("li", { text }))) : null,
  );
}

/** Wire the history dialog: `open()` loads the list. */
/** The query that checks a revealed hand: its seed, commitment, root and every phone's value. */
function seedQuery(h) {
  const query = new URLSearchParams({ seed: h.seed, commitment: h.commitment, root: h.deck_root || "" });
  for (const value of Object.values(h.contributions || {})) query.append("contribution", value);
  return query;
}

export function createHistory(dialog, { handsUrl, verifyUrl, myPlayerId }) {
  const body = dialog.querySelector(".history-body");

  async function getJson(url) {
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`The server said ${response.status}`);
    return response.json();
  }

  async function showList() {
    fill(body, el("p", { class: "muted", text: "Loading\u2026" }));
    try {
      const data = await getJson(handsUrl);
      if (!data.hands.length) return fill(body, el("p", { class: "muted", text: "No finished hands at this table yet." }));
      fill(
        body,
        el(
          "ul",
          { class: "history-list" },
          data.hands.map((h) =>
            el(
              "li",
              {},
              el("button", { type: "button", class: "history-hand", onclick: () => showHand(h) }, `Hand #${h.number} \u00b7 ${h.game_name}`),
              el("a", { href: h.phh_url, download: "", class: "history-phh", text: "PHH" }),
              el("a", {
                // The night's verify page; once the night is closed, this hand's seed checked too.
                href: h.seed ? `${verifyUrl}${verifyUrl.includes("?") ? "&" : "?"}${seedQuery(h)}` : verifyUrl,
                target: "_blank",
                rel: "noopener",
                class: "history-verify",
                text: "Verify",
              }),
            ),
          ),
        ),
      );
    } catch (error) {
      fill(body, el("p", { class: "error", text: `Could not load the history: ${error.message}` }));
    }
  }

  async function showHand(summary) {
    fill(body, el("p", { class: "muted", text: "Loading\u2026" }));
    let data;
    try {
      data = await getJson(summary.url);
    } catch (error) {
      return fill(body, el("p", { class: "error", text: `Could not load hand #${summary.number}: ${error.message}` }));
    }
    let index = data.steps.length - 1;
    const stage = el("div", { class: "replay" });
    const counter = el("span", { class: "replay-counter" });
    // Each step says one line ("Step 3 of 9: Bo calls 10."), not the whole table again.
    const spoken = el("p", { class: "visually-hidden", role: "status" });
    const draw = () => {
      const step = data.steps[index];
      fill(stage, stepView(step, myPlayerId));
      counter.textContent = `Step ${index + 1} of ${data.steps.length}`;
      spoken.textContent = `${counter.textContent}: ${eventWords(step.event, stepModel(step, myPlayerId).names)}`;
      prev.disabled = index === 0;
      next.disabled = index === data.steps.length - 1;
    };
    const prev = el("button", { type: "button", class: "act-quick", onclick: () => { index = Math.max(0, index - 1); draw(); } }, "\u2190 Back");
    const next = el("button", { type: "button", class: "act-quick", onclick: () => { index = Math.min(data.steps.length - 1, index + 1); draw(); } }, "Next \u2192");
    const first = el("button", { type: "button", class: "act-quick", onclick: () => { index = 0; draw(); } }, "Start");
    fill(
      body,
      el("button", { type: "button", class: "link-button", onclick: showList }, "\u2190 All hands"),
      el("h3", { text: `Hand #${data.number}` }),
      el("div", { class: "replay-controls" }, first, prev, counter, next),
      spoken,
      stage,
      el("p", {}, el("a", { href: summary.phh_url, download: "", text: "Download PHH" })),
    );
    if (data.steps.length) draw();
  }

  // With the history open, the table is out of sight: say when the turn comes round.
  const turnNote = dialog.querySelector(".history-turn");
  dialog.querySelector(".history-back")?.addEventListener("click", () => dialog.close());
  const summary = dialog.querySelector(".history-summary");

  async function showSummary() {
    if (!summary || !summary.dataset.url) return;
    try {
      const data = await getJson(summary.dataset.url);
      summary.textContent = data.summary;
    } catch (error) {
      summary.textContent = "";
    }
  }

  return {
    yourTurn(myTurn) {
      if (turnNote) turnNote.hidden = !(myTurn && dialog.open);
      if (myTurn && dialog.open) turnNote?.scrollIntoView({ block: "nearest" });
    },
    open() {
      if (turnNote) turnNote.hidden = true;
      showSummary();
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      showList();
    },
  };
}
