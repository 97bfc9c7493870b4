// My place at the bottom of the screen: my cards, large, my stack and what I did last.
// In Crazy Blind Man my cards are "on my forehead": drawn as backs, never as faces.
import { cardElement, cardName, cardsName } from "./cards.js";
import { chips, el, fill, seatStatusWords } from "./format.js";
import { clockBar } from "./clock.js";
import { madeHandWords } from "./model.js";
import { seatOddsLine } from "./odds.js";
import { seatChoices } from "./seat-choices.js";
import { positionBadges } from "./seats.js";

export function renderMe(container, model, { blinds = new Map(), onSeat = null, rebuy = null } = {}) {
  const me = model.me;
  if (!me) {
    container.hidden = true;
    return fill(container);
  }
  container.hidden = false;
  // Gone from the table (a tournament bust), I watch as the public does: my tabled cards are
  // the ones the view shows at my old seat.
  const fromSeat = me.leftTable && Array.isArray(me.cards) ? me.cards : [];
  const mine = Array.isArray(model.yourCards) ? model.yourCards : fromSeat;
  const count = Math.max(mine.length, me.cardCount);
  const known = mine.filter((code) => typeof code === "string" && code.length === 2 && code !== "??");
  // Crazy Blind Man: "Every player can then see all the other players' cards but not their own."
  const forehead = me.inHand && count > 0 && known.length === 0 && /crazy/.test(model.game);
  const folded = me.status === "folded" || me.status === "mucked";
  let cards = null;
  if (me.inHand && count > 0) {
    const list = [];
    // Cards I cannot see myself but turned face up for the table (Blind Hold'em) come first.
    const faceUp = known.length ? [] : me.faceUp;
    for (const code of faceUp) list.push(cardElement(code, { size: "lg" }));
    for (let i = faceUp.length; i < count; i++) {
      const code = mine[i] && mine[i] !== "??" ? mine[i] : null;
      // A card I turned face up (Blind Hold'em) is face up for me too.
      list.push(cardElement(code, { size: "lg", label: code ? null : "Your card, hidden from you" }));
    }
    const label = forehead
      ? `Your ${count} cards are on your forehead: everyone sees them but you`
      : known.length
        ? `Your cards: ${cardsName(known)}`
        : `Your ${count} cards, face down`;
    const attrs = { class: `my-cards${folded ? " my-cards-folded" : ""}`, role: "group", "aria-label": label };
    cards = el("div", { ...attrs, "data-count": list.length }, list);
  }
  fill(
    container,
    cards,
    forehead ? el("p", { class: "my-note", text: "On your forehead: you cannot see your own cards." }) : null,
    me.madeHand ? el("p", { class: `my-hand${me.won ? " my-hand-won" : ""}`, text: madeHandWords(me.madeHand) }) : null,
    me.odds ? seatOddsLine(me.odds) : null,
    removalNote(model),
    el(
      "div",
      { class: "my-line" },
      el("span", { class: "my-name", text: `${me.name} \u00b7 seat ${me.seat}` }),
      positionBadges({ ...me, isMe: false }, blinds),
      el("span", { class: "my-stack" }, el("strong", { text: chips(me.stack) }), " chips"),
      me.bet ? el("span", { class: "seat-bet", text: `bet ${chips(me.bet)}` }) : null,
      el("span", { class: `seat-status status-${me.status}`, text: seatStatusWords(me) }),
      me.lastAction ? el("span", { class: "seat-last", text: me.lastAction }) : null,
    ),
    model.myTurn ? clockBar(model.deadline, model.actionSeconds, "Your time") : null,
    onSeat ? seatChoices(model, { onIntent: onSeat, rebuy }) : null,
  );
  container.dataset.turn = model.myTurn ? "true" : "false";
}

/** Crazy Blind Man: what I took, and that something was taken from me (never what). */
function removalNote(model) {
  const names = new Map(model.seats.map((s) => [s.seat, s.name]));
  const lines = [];
  for (const r of model.removed) {
    if (r.by === model.mySeat && r.card) lines.push(`You took the ${cardName(r.card)} from ${names.get(r.from) || "your neighbour"}.`);
    if (r.from === model.mySeat) lines.push(`${names.get(r.by) || "Your neighbour"} took one of your cards: you will not see which.`);
  }
  return lines.length ? el("p", { class: "my-note", text: lines.join(" ") }) : null;
}
