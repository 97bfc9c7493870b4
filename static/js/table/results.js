// Who won which pot with what, in words. A hand that ends by folds names no cards.
import { chips, el, fill, listWords, potName } from "./format.js";
import { potsPaid } from "./model.js";
import { oddsSentence } from "./odds.js";
import { ranTwice, runTwiceSentence } from "./run-twice.js";

function possessive(names) {
  if (names.length === 1 && names[0] === "You") return "your";
  return `${listWords(names)}'s`;
}

/** Sentences for the hand's awards: "Ann wins the main pot (120) with three nines, ace kicker",
 * each followed by what the beaten tabled hands were and what played (engine/showdown_words.py). */
export function resultLines(model) {
  const { results, seats, boards } = model;
  const names = new Map(seats.map((s) => [s.seat, s.isMe ? "You" : s.name]));
  const potCount = Math.max(model.pots.length, ...results.map((r) => (r.pot || 0) + 1), 1);
  const lines = [];
  for (const award of results) {
    const winners = (award.winners || []).map((w) => names.get(w.seat) || `Seat ${w.seat}`);
    const who = listWords(winners);
    const verb = winners.length === 1 && who !== "You" ? "wins" : winners.length > 1 ? "split" : "win";
    let what = potName(award.pot || 0, potCount);
    // Hi-lo: "Ann wins the high half of the pot (45) with a flush; Ben the low with 8-6-4-3-A". A high
    // that took it all because no low qualified says so.
    if (award.half && !award.scoop) what = `the ${award.half} half of ${what}`;
    if (boards.length > 1 && award.board !== null && award.board !== undefined) {
      what += ranTwice(model) ? ` in run ${award.board + 1}` : ` on board ${award.board + 1}`;
    }
    const decided = award.decided || null;
    const words = decided ? decided.winner_words : award.hand;
    const how = words ? ` with ${words}` : "";
    const noLow = award.scoop ? ": no low" : "";
    lines.push({ kind: "win", half: award.half || null, text: `${who} ${verb} ${what} (${chips(award.amount)})${how}${noLow}.` });
    for (const loser of (decided && decided.losers) || []) {
      const name = names.get(loser.seat) || `Seat ${loser.seat}`;
      const whose = possessive(winners);
      const why = loser.by_kicker
        ? `${whose} ${loser.plays} plays`
        : `${whose === "your" ? "you have" : `${who} ${winners.length > 1 ? "have" : "has"}`} ${loser.plays}`;
      lines.push({ kind: "lost", seat: loser.seat, text: `${name}: ${loser.words} — ${why}.` });
    }
  }
  return lines;
}

/** The sentences alone. */
export function resultSentences(model) {
  return resultLines(model).map((line) => line.text);
}

/** The result that the cards on the table illustrate: the main pot (of the first board). */
function illustrated(model) {
  return model.results.find((r) => r.decided && (r.pot || 0) === 0 && !r.board) || model.results.find((r) => r.decided) || null;
}

/** Mark on the table the winner's cards that decided it: on the board and in the winner's hand. */
export function markDecidingCards(root, model) {
  for (const node of root.querySelectorAll(".card-plays")) node.classList.remove("card-plays");
  const result = model.hand && model.hand.finished ? illustrated(model) : null;
  if (!result) return;
  const boards = root.querySelectorAll("#board .board");
  const board = boards[result.board || 0] || null;
  for (const [seat, codes] of Object.entries(result.decided.winner_cards || {})) {
    const mine = model.me && String(model.me.seat) === seat;
    const places = [board, root.querySelector(mine ? "#me .my-cards" : `.seat[data-seat="${seat}"]`)];
    for (const code of codes) {
      for (const place of places) place?.querySelector(`[data-card="${code}"]`)?.classList.add("card-plays");
    }
  }
}

/** Draw the results panel; empty while the hand is being played. */
export function renderResults(container, model) {
  const { hand } = model;
  if (!hand || !potsPaid(hand) || !model.results.length) {
    container.hidden = true;
    fill(container);
    return;
  }
  container.hidden = false;
  fill(
    container,
    el("h2", { class: "results-title", text: `Hand #${hand.hand_number}` }),
    el(
      "ul",
      { class: "results-list" },
      resultLines(model).map((line) =>
        el("li", { class: `result-${line.kind}`, "data-seat": line.seat, "data-half": line.half, text: line.text }),
      ),
    ),
    runTwiceSentence(model) ? el("p", { class: "results-runs", "data-runs": model.runTwice.runs, text: runTwiceSentence(model) }) : null,
    model.allInOdds ? el("p", { class: "results-odds", text: oddsSentence(model.allInOdds, model.seats) }) : null,
  );
}
