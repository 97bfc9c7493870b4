// The seats around the table: name, stack, bet, status in words, last action, cards when
// visible, the button and the blinds, and whose turn it is with the action clock.
import { cardRow, cardsName } from "./cards.js";
import { chips, el, fill, seatStatusWords, statusWord, wonUnseen } from "./format.js";
import { clockBar } from "./clock.js";
import { madeHandWords } from "./model.js";
import { oddsWords, seatOddsLine } from "./odds.js";

/** A badge: the letters on screen, the words for a screen reader ("SB" is read "small blind"). */
function badge(kind, short, words) {
  return el(
    "span",
    { class: `badge badge-${kind}` },
    el("span", { "aria-hidden": "true", text: short }),
    el("span", { class: "visually-hidden", text: ` ${words} ` }),
  );
}

/** The dealer button and the blind a seat posted (`blinds`: seat -> {short, words}). */
export function positionBadges(seat, blinds) {
  const list = [];
  if (seat.isButton) list.push(badge("button", "D", "dealer"));
  const blind = blinds.get(seat.seat);
  if (blind) list.push(badge("blind", blind.short, blind.words));
  if (seat.isMe) list.push(badge("me", "You", "you"));
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
  // The row is the one picture with one name: its cards are parts of it, not images of their own.
  for (const card of row.children) {
    card.removeAttribute("aria-label");
    card.removeAttribute("role");
  }
  return row;
}

/** One seat's tile. */
export function seatTile(seat, { blinds = new Map(), deadline = null, total = 0 } = {}) {
  // The name and badges are read from the tile itself; the rest, drawn for the eyes, from here.
  const words = [`seat ${seat.seat}`, `${chips(seat.stack)} chips`, seatStatusWords(seat)];
  // A winner who did not show says so once, in the winner's colour.
  const unseen = wonUnseen(seat);
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
      el("span", { class: "seat-badges" }, positionBadges(seat, blinds)),
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
      unseen ? null : el("span", { class: `seat-status status-${seat.status}`, text: statusWord(seat.status) }),
      seat.lastAction ? el("span", { class: "seat-last", text: seat.lastAction }) : null,
      seat.won ? el("span", { class: "seat-won", text: unseen ? seatStatusWords(seat) : `won ${chips(seat.won)}` }) : null,
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
