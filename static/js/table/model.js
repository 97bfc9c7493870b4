// Reading a table view (engine.live's `view`, wrapping engine/views.py's hand view) into
// what the page draws. A view leaves out what does not apply (no hand between hands, no
// legal actions for a shared screen), so everything here has a default.
import { readOdds } from "./odds.js";
import { readRunTwice } from "./run-twice.js";
import { readPendingRuling } from "./second-yes.js";

function array(value) {
  return Array.isArray(value) ? value : [];
}

function number(value, fallback = 0) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** The seats around the table, with the hand's details merged into the table's seats. */
export function seatsOf(view, myPlayerId) {
  const table = view.table || {};
  const hand = view.hand || null;
  const handSeats = new Map(array(hand && hand.seats).map((s) => [s.seat, s]));
  const live = hand && !hand.finished;
  const seats = array(table.seats).map((t) => {
    const h = handSeats.get(t.seat);
    let status = t.status || "active";
    if (h && (hand.finished || t.in_hand !== false)) status = h.status || "active";
    else if (status === "active" && live) status = "waiting";
    if (t.away && status !== "folded") status = status === "active" ? "away" : status;
    // Back in after missed blinds, but not dealt in until the hand their choice names.
    if (t.entry_chosen && !h && (status === "active" || status === "waiting")) status = "coming_back";
    return {
      seat: t.seat,
      player: t.player,
      name: t.name || (h && h.name) || `Seat ${t.seat}`,
      stack: h ? number(h.stack) : number(t.stack),
      bet: h ? number(h.bet) : 0,
      status,
      away: Boolean(t.away),
      inHand: Boolean(h),
      lastAction: h ? h.last_action || "" : "",
      cards: h ? h.cards : null,
      cardCount: h ? number(h.card_count) : 0,
      shown: Boolean(h && h.shown),
      isTurn: Boolean(h && h.is_turn && live),
      won: h ? number(h.won) : 0,
      madeHand: h && Array.isArray(h.hand) ? h.hand : null,
      faceUp: h && Array.isArray(h.face_up) ? h.face_up : [],
      outOfTurn: h && h.out_of_turn ? h.out_of_turn : null,
      isButton: (hand ? hand.button : table.button) === t.seat,
      isMe: myPlayerId !== "" && String(t.player) === String(myPlayerId),
    };
  });
  // A hand seat whose player has left the table still shows until the hand ends.
  for (const [seat, h] of handSeats) {
    if (seats.some((s) => s.seat === seat)) continue;
    seats.push({
      seat, player: h.player, name: h.name || `Seat ${seat}`, stack: number(h.stack), bet: number(h.bet),
      status: h.status || "active", away: false, inHand: true, lastAction: h.last_action || "",
      cards: h.cards, cardCount: number(h.card_count), shown: Boolean(h.shown),
      isTurn: Boolean(h.is_turn && live), won: number(h.won), isButton: hand.button === seat,
      madeHand: Array.isArray(h.hand) ? h.hand : null,
      faceUp: Array.isArray(h.face_up) ? h.face_up : [],
      outOfTurn: h.out_of_turn || null,
      isMe: String(h.player) === String(myPlayerId),
      leftTable: true,
    });
  }
  seats.sort((a, b) => a.seat - b.seat);
  return seats;
}

/** Seats in play order starting after `mySeat` (so the left neighbour comes first). */
export function clockwiseFrom(seats, mySeat) {
  if (mySeat === null || mySeat === undefined) return seats.slice();
  const after = seats.filter((s) => s.seat > mySeat);
  const before = seats.filter((s) => s.seat < mySeat);
  return [...after, ...before];
}

/** The nearest seat on my left still in the hand (Crazy Blind Man's removal target). */
export function leftNeighbour(seats, mySeat) {
  return clockwiseFrom(seats, mySeat).find((s) => s.inHand && s.status !== "folded" && s.status !== "mucked") || null;
}

/** Crazy Blind Man: the engine says "took a card from Ann" to everyone; on Ann's phone, "you". */
function sayYouForMyTakenCard(seats, removed, me) {
  if (!me) return;
  for (const r of removed) {
    const taker = seats.find((s) => s.seat === r.by);
    if (taker && r.from === me.seat && taker.lastAction === `took a card from ${me.name}`) taker.lastAction = "took a card from you";
  }
}

/** Everything the page needs from one view. */
export function readView(view, myPlayerId) {
  const hand = view.hand || null;
  const seats = seatsOf(view, myPlayerId);
  const allInOdds = readOdds(hand);
  for (const seat of seats) seat.odds = (allInOdds && allInOdds.bySeat.get(seat.seat)) || null;
  const me = seats.find((s) => s.isMe) || null;
  sayYouForMyTakenCard(seats, array(hand && hand.removed), me);
  const legal = (hand && hand.legal_actions) || null;
  const table = view.table || {};
  return {
    version: number(view.version, -1),
    table,
    hand,
    seats,
    me,
    mySeat: me ? me.seat : hand && hand.viewer ? hand.viewer.seat : null,
    inProgress: Boolean(hand && !hand.finished),
    legal,
    myTurn: Boolean(legal && legal.your_turn),
    actions: (legal && legal.actions) || {},
    yourCards: hand ? hand.your_cards : null,
    boards: array(hand && hand.boards),
    pots: array(hand && hand.pots),
    pot: number(hand && hand.pot),
    betsTotal: number(hand && hand.bets_total),
    results: array(hand && hand.results),
    potShown: potShown(hand),
    deadline: typeof view.deadline === "number" ? view.deadline : null,
    actionSeconds: number(table.options && table.options.action_seconds),
    commitment: view.commitment || null,
    revealed: view.revealed || null,
    fairness: view.fairness || null,
    pendingRuling: readPendingRuling(view),
    stakes: (hand && hand.stakes) || table.stakes || {},
    gameName: (hand && hand.game_name) || table.game_name || table.game || "",
    game: (hand && hand.game) || table.game || "",
    paused: (hand && hand.paused) || null,
    void: Boolean(hand && hand.void),
    removed: array(hand && hand.removed),
    removing: (hand && !hand.finished && hand.removing) || null,
    deadCards: array(hand && hand.dead_cards),
    allInOdds,
    runTwice: readRunTwice(hand),
    // My own setting, in my view only: muck my hand at the showdown once a shown hand beats it.
    autoMuck: view.auto_muck === true,
  };
}

/** Whether the hand's pots have been paid: it is over, or a winner by folds already has the pot
 * while asked whether to show (the 7-2 bounty: engine.house.seven_deuce). */
export function potsPaid(hand) {
  if (!hand) return false;
  return Boolean(hand.finished || (array(hand.results).length && !number(hand.pot) && !number(hand.bets_total)));
}

/** The pot the table shows: the chips in the middle while the hand is played; once it is over
 * (its pots are empty then, in every game) the chips it awarded, every run and board counted. */
function potShown(hand) {
  if (!hand) return 0;
  if (potsPaid(hand)) return array(hand.results).reduce((sum, award) => sum + number(award.amount), 0);
  return number(hand.pot) + number(hand.bets_total);
}

/** What a tabled hand makes, in words: "Two pair" or, on two boards, "1: Flush · 2: Pair". */
export function madeHandWords(madeHand) {
  if (!Array.isArray(madeHand) || !madeHand.length) return "";
  if (madeHand.length === 1) return madeHand[0];
  return madeHand.map((words, i) => `${i + 1}: ${words}`).join(" \u00b7 ");
}
