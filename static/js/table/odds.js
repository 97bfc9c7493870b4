// All-in odds, as on television: once the hands are tabled all-in, each player's chance,
// worked out by the server (engine/odds.py) from the cards then face up only. Said in
// words and numbers ("82% to win"), never by colour alone.
import { el } from "./format.js";

const STREET_WORDS = { preflop: "before the flop", flop: "on the flop", turn: "on the turn" };

/** The view's all-in odds with a map from seat to its chances, or null. */
export function readOdds(hand) {
  const odds = hand && hand.all_in_odds;
  if (!odds || !Array.isArray(odds.players) || !odds.players.length) return null;
  const bySeat = new Map(odds.players.map((p) => [p.seat, p]));
  return { street: odds.street || "", board: Array.isArray(odds.board) ? odds.board : [], players: odds.players, bySeat };
}

/** A fraction as a whole percentage; a chance that is not nil never reads "0%". */
export function percent(fraction) {
  const value = typeof fraction === "number" && Number.isFinite(fraction) ? fraction : 0;
  if (value > 0 && value < 0.005) return "<1%";
  if (value < 1 && value > 0.995) return ">99%";
  return `${Math.round(value * 100)}%`;
}

/** One player's chances in words: "82% to win" or "45% to win, 10% tie"; in hi-lo (the server
 * gives "scoop" and "split"): "40% to scoop, 25% a split". */
export function oddsWords(player) {
  if (player && typeof player.scoop === "number") {
    return `${percent(player.scoop)} to scoop, ${percent(player.split)} a split`;
  }
  const tie = player && player.tie >= 0.005 ? `, ${percent(player.tie)} tie` : "";
  return `${percent(player && player.win)} to win${tie}`;
}

/** "All-in on the flop" (or before the flop, or on the turn). */
export function oddsHeadline(odds) {
  return `All-in ${STREET_WORDS[odds.street] || ""}`.trim();
}

/** The line under a seat's cards; `spoken: false` where the tile already says it to screen readers. */
export function seatOddsLine(player, { spoken = true } = {}) {
  return el("div", { class: "seat-odds", "aria-hidden": spoken ? null : "true", text: oddsWords(player) });
}

/** The line above the board. */
export function oddsTitle(odds) {
  return el("p", { class: "all-in-odds-title", text: oddsHeadline(odds) });
}

/** For the results: "All-in on the flop: Ann 82% to win, Bo 18% to win." */
export function oddsSentence(odds, seats) {
  const names = new Map(seats.map((s) => [s.seat, s.isMe ? "You" : s.name]));
  const parts = odds.players.map((p) => `${names.get(p.seat) || `Seat ${p.seat}`} ${oddsWords(p)}`);
  return `${oddsHeadline(odds)}: ${parts.join("; ")}.`;
}
