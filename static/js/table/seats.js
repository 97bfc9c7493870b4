// The seats around the table: name, stack, bet, status in words, last action, cards when
// visible, the button and the blinds, and whose turn it is with the action clock.
import { cardRow, cardsName } from "./cards.js";
import { chips, el, fill, statusWord } from "./format.js";
import { clockBar } from "./clock.js";
import { madeHandWords } from "./model.js";
import { oddsWords, seatOddsLine } from "./odds.js";

function badges(seat, blinds) {
  const list = [];
  if (seat.isButton) list.push(el("span", { class: "badge badge-button", title: "Dealer button", text: "D" }));
  const blind = blinds.get(seat.seat);
  if (blind) list.push(el("span", { class: "badge badge-blind", text: blind }));
  if (seat.isMe) list.push(el("span", { class: "badge badge-me", text: "You" }));
  return list;
}

function seatCards(seat) {
  if (!seat.inHand || seat.status === "folded" || seat.status === "mucked") return null;
  const visible = Array.isArray(seat.cards) && seat.cards.length > 0;
  // Cards turned face up one at a time (Blind Hold'em) show among the backs.
  const codes = visible ? seat.cards : seat.faceUp.concat(Array(Math.max(0, seat.cardCount - seat.faceUp.length)).fill(null));
  const known = codes.filter(Boolean);
  const label = known.length
    ? `${seat.name}'s cards: ${cardsName(known)}${known.length < codes.length ? `, and ${codes.length - known.length} face down` : ""}`
    : `${seat.name} holds ${seat.cardCount} cards face down`;
  const row = cardRow(codes, 0, { size: "sm" });
  row.classList.add("seat-cards");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label);
  for (const card of row.children) card.removeAttribute("aria-label");
  return row;
}

/** One seat's tile. */
export function seatTile(seat, { blinds = new Map(), deadline = null, total = 0 } = {}) {
  const words = [seat.name, `seat ${seat.seat}`, `${chips(seat.stack)} chips`, statusWord(seat.status)];
  if (seat.bet) words.push(`bet ${chips(seat.bet)}`);
  if (seat.lastAction) words.push(`last action: ${seat.lastAction}`);
  if (seat.isTurn) words.push("to act");
  if (seat.odds) words.push(oddsWords(seat.odds));
  const tile = el(
    "li",
    {
      class: "seat",
      "data-seat": seat.seat,
      "data-status": seat.status,
      "data-turn": seat.isTurn ? "true" : null,
      "data-me": seat.isMe ? "true" : null,
      "aria-current": seat.isTurn ? "true" : null,
    },
    el(
      "div",
      { class: "seat-top" },
      el("span", { class: "seat-name", text: seat.name }),
      el("span", { class: "seat-badges" }, badges(seat, blinds)),
    ),
    el(
      "div",
      { class: "seat-chips" },
      el("span", { class: "seat-stack", "aria-hidden": "true" }, chips(seat.stack)),
      seat.bet ? el("span", { class: "seat-bet", "aria-hidden": "true" }, `bet ${chips(seat.bet)}`) : null,
    ),
    el(
      "div",
      { class: "seat-line", "aria-hidden": "true" },
      el("span", { class: `seat-status status-${seat.status}`, text: statusWord(seat.status) }),
      seat.lastAction ? el("span", { class: "seat-last", text: seat.lastAction }) : null,
      seat.won ? el("span", { class: "seat-won", text: `won ${chips(seat.won)}` }) : null,
    ),
    seatCards(seat),
    // Only a winning hand is drawn in the winner's colour.
    seat.madeHand ? el("div", { class: `seat-hand${seat.won ? " seat-hand-won" : ""}`, text: madeHandWords(seat.madeHand) }) : null,
    seat.odds ? seatOddsLine(seat.odds, { spoken: false }) : null,
    seat.isTurn ? clockBar(deadline, total, `${seat.name}'s time`) : null,
    el("span", { class: "visually-hidden" }, words.join(", ")),
  );
  return tile;
}

/** Draw every seat but mine (mine is at the bottom of the screen), left neighbour first. */
export function renderSeats(container, seats, options = {}) {
  container.classList.toggle("seats-dense", seats.length > 10);
  fill(container, seats.map((seat) => seatTile(seat, options)));
}
