// Who won which pot with what, in words. A hand that ends by folds names no cards.
import { chips, el, fill, listWords, potName } from "./format.js";
import { oddsSentence } from "./odds.js";
import { ranTwice, runTwiceSentence } from "./run-twice.js";

/** Sentences for the hand's awards: "Ann wins the main pot (120) with Two Pair". */
export function resultSentences(model) {
  const { results, seats, boards } = model;
  const names = new Map(seats.map((s) => [s.seat, s.isMe ? "You" : s.name]));
  const potCount = Math.max(model.pots.length, ...results.map((r) => (r.pot || 0) + 1), 1);
  return results.map((award) => {
    const winners = (award.winners || []).map((w) => names.get(w.seat) || `Seat ${w.seat}`);
    const who = listWords(winners);
    const verb = winners.length === 1 && who !== "You" ? "wins" : winners.length > 1 ? "split" : "win";
    let what = potName(award.pot || 0, potCount);
    if (boards.length > 1 && award.board !== null && award.board !== undefined) {
      what += ranTwice(model) ? ` in run ${award.board + 1}` : ` on board ${award.board + 1}`;
    }
    const how = award.hand ? ` with ${award.hand}` : "";
    return `${who} ${verb} ${what} (${chips(award.amount)})${how}.`;
  });
}

/** Draw the results panel; empty while the hand is being played. */
export function renderResults(container, model) {
  const { hand } = model;
  if (!hand || !hand.finished || !model.results.length) {
    container.hidden = true;
    fill(container);
    return;
  }
  container.hidden = false;
  fill(
    container,
    el("h2", { class: "results-title", text: `Hand #${hand.hand_number}` }),
    el("ul", { class: "results-list" }, resultSentences(model).map((text) => el("li", { text }))),
    runTwiceSentence(model) ? el("p", { class: "results-runs", "data-runs": model.runTwice.runs, text: runTwiceSentence(model) }) : null,
    model.allInOdds ? el("p", { class: "results-odds", text: oddsSentence(model.allInOdds, model.seats) }) : null,
  );
}
