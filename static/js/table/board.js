// The middle of the table: the board (two for a double board), the pot and side pots,
// whose turn it is, and the hand's shuffle commitment.
import { cardElement, cardsName, cardText } from "./cards.js";
import { chips, el, fill, listWords, potName } from "./format.js";
import { oddsTitle } from "./odds.js";
import { ranTwice } from "./run-twice.js";

const BOARD_SIZE = 5;

function boardRow(cards, index, count, word = "Board") {
  const label = count > 1 ? `${word} ${index + 1}` : "Board";
  const slots = [];
  for (let i = 0; i < BOARD_SIZE; i++) {
    slots.push(i < cards.length ? cardElement(cards[i], { size: "md" }) : el("span", { class: "card card-md card-slot", "aria-hidden": "true" }));
  }
  return el(
    "div",
    { class: "board", role: "group", "aria-label": `${label}: ${cards.length ? cardsName(cards) : "no cards yet"}` },
    count > 1 ? el("span", { class: "board-label", "aria-hidden": "true", text: word === "Run" ? `Run ${index + 1}` : index + 1 }) : null,
    el("span", { class: "cards" }, slots),
  );
}

function potLine(model) {
  const { pots, potShown, seats, hand } = model;
  // A hand over with nothing awarded (a void hand) has no pot to show.
  if (hand && hand.finished && !potShown) return [];
  const lines = [el("p", { class: "pot-total" }, el("span", { class: "pot-label", text: "Pot" }), " ", el("strong", { text: chips(potShown) }))];
  if (pots.length > 1) {
    const names = new Map(seats.map((s) => [s.seat, s.name]));
    const items = pots.map((p, i) =>
      el(
        "li",
        { class: "side-pot" },
        `${potName(i, pots.length).replace(/^the /, "")}: ${chips(p.amount)}`,
        el("span", { class: "side-pot-who", text: ` (${listWords((p.eligible || []).map((s) => names.get(s) || `seat ${s}`))})` }),
      ),
    );
    lines.push(el("ul", { class: "side-pots", "aria-label": "Pots" }, items));
  }
  return lines;
}

// A phase's words where its name is not enough (the bar says words, not `run_it_twice`).
const PHASE_WORDS = { run_it_twice: "Run it twice?" };

function turnLine(model) {
  const { hand, seats, myTurn } = model;
  if (!hand) return el("p", { class: "turn-line", text: model.table.dealing ? "Next hand soon" : "Waiting for the host to deal" });
  if (model.void) return el("p", { class: "turn-line turn-paused", text: "This hand is void: the host called it off." });
  if (model.paused) {
    return el("p", { class: "turn-line turn-paused", text: `Hand paused: ${model.paused.message || "waiting for the host"}` });
  }
  // Between the stages of a staged reveal nobody acts: the stage banner says what comes (stages.js).
  if (hand.finished || hand.phase === "reveal_pause") return null;
  if (model.removing) return removalLine(model);
  // Everyone all-in is asked at once: the question is the line, whoever has answered.
  if (PHASE_WORDS[hand.phase]) return el("p", { class: "turn-line", text: PHASE_WORDS[hand.phase] });
  if (myTurn) return el("p", { class: "turn-line turn-mine", text: "Your turn" });
  const turn = seats.find((s) => s.isTurn);
  if (turn) return el("p", { class: "turn-line", text: `${turn.name} to act` });
  return el("p", { class: "turn-line", text: PHASE_WORDS[hand.phase] || (hand.phase || "").replace(/_/g, " ") });
}

/** Whose turn it is and the pot, for the dock (shown when the page is narrow: table.css). */
export function renderDockStatus(container, model) {
  const line = model.hand && !model.hand.finished ? turnLine(model) : null;
  if (!line) return fill(container);
  // The middle's line is the one that names its field; this is a copy for the narrow dock.
  line.removeAttribute("data-field");
  const pot = el("span", { class: "dock-pot", "aria-hidden": "true" }, "Pot ", el("strong", { text: chips(model.potShown) }));
  fill(container, line, pot);
}

/** Crazy Blind Man's removal, said by name to everyone waiting: who takes a card from whom. */
function removalLine(model) {
  const { by, from } = model.removing;
  const name = (seat) => (model.seats.find((s) => s.seat === seat) || {}).name || `seat ${seat}`;
  if (model.myTurn) return el("p", { class: "turn-line turn-mine", "data-field": "removing", text: `Your turn: take a card from ${name(from)}` });
  const text = from === model.mySeat
    ? `${name(by)} is choosing one of your cards to remove`
    : `${name(by)} is choosing a card to remove from ${name(from)}'s hand`;
  return el("p", { class: "turn-line", "data-field": "removing", text });
}

// A card flipped face up during the deal is dead: set aside as the burn, and public, so every
// screen shows it for the rest of the hand (engine/house/views.py "dead_cards").
function deadCardLines(model) {
  const names = new Map(model.seats.map((s) => [s.seat, s.name]));
  return model.deadCards.map(({ seat, card }) =>
    // Read as its words (the card's image is named): no aria-label, which a <p> may not have.
    el(
      "p",
      { class: "dead-card", "data-dead-card": card },
      el("span", { class: "dead-card-label", text: "Exposed:" }),
      cardElement(card, { size: "sm" }),
      el("span", {}, el("span", { "aria-hidden": "true", text: cardText(card) }), " — set aside as the burn"),
      el("span", { class: "dead-card-who", text: ` (dealt to ${names.get(seat) || `seat ${seat}`})` }),
    ),
  );
}

/** Draw the middle of the table. */
export function renderBoard(container, model) {
  const { boards, hand } = model;
  const count = Math.max(boards.length, 1);
  const rows = [];
  const word = ranTwice(model) ? "Run" : "Board";
  for (let i = 0; i < count; i++) rows.push(boardRow(boards[i] || [], i, count, word));
  const street = hand && hand.street && !hand.finished ? el("span", { class: "street", text: hand.street }) : null;
  fill(
    container,
    model.allInOdds ? oddsTitle(model.allInOdds) : null,
    el("div", { class: `boards boards-${count}` }, rows),
    deadCardLines(model),
    el("div", { class: "pot" }, potLine(model), street),
    turnLine(model),
  );
}
