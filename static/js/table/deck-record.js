// What this phone was shown of each deal it added its value to, kept in its own storage, and the
// check of every later publication against it (docs/shuffle.md, "What your phone keeps"). The
// server can rewrite its own database; it cannot rewrite what a phone remembers.
//
// One entry per cut-off this phone answered: the table and hand, the commitment shown at the
// cut-off, its pledge and value; then what the deal published (commitment, root, values,
// pledges); then, once the seeds are out (the verify page), the seed. Each entry lists its
// problems, in words, and keeps them.
import { deckOrder, deckSeed, fromHex, rootOf } from "./deck.js";
import { sha256, toHex } from "./sha256.js";

const RECORD = "homegame.deck-record";
const KEEP_AT_MOST = 300;

/** This phone's record, oldest first (an empty one when storage is refused or unreadable). */
export function loadRecord(storage = globalThis.localStorage) {
  try {
    const entries = JSON.parse((storage && storage.getItem(RECORD)) || "[]");
    return Array.isArray(entries) ? entries.filter((entry) => entry && typeof entry === "object") : [];
  } catch (error) {
    return [];
  }
}

export function saveRecord(entries, storage = globalThis.localStorage) {
  try {
    if (storage) storage.setItem(RECORD, JSON.stringify(entries.slice(-KEEP_AT_MOST)));
  } catch (error) {
    // Storage full or refused: the record lives on in this page until it is closed.
  }
}

const short = (hex) => String(hex || "").slice(0, 12);

/** The entry for a value this phone is sending: what the cut-off showed it. */
export function noteValueSent(entries, { table, hand, commitment, pledge, value, at }) {
  if (entries.some((entry) => entry.table === table && entry.cut_off === commitment && entry.pledge === pledge)) return entries;
  const entry = { table, hand, cut_off: commitment, pledge, value, sent_at: at, deal: null, seed: null, problems: [] };
  return [...entries, entry];
}

function addProblem(entry, text) {
  if (!entry.problems.includes(text)) entry.problems.push(text);
}

/** The problems of a deal's publication against what this phone was shown at its cut-off. */
export function dealProblems(entry, deal) {
  const problems = [];
  const hand = `Hand #${entry.hand}`;
  if (deal.commitment !== entry.cut_off) {
    problems.push(`${hand}: the deal's commitment ${short(deal.commitment)} is not the ${short(entry.cut_off)} this phone was shown before it sent its value.`);
  }
  const contributions = deal.contributions || {};
  const seat = Object.keys(contributions).find((s) => contributions[s] === entry.value);
  if (seat === undefined) {
    problems.push(`${hand}: this phone sent its value, and the deal was dealt without it.`);
  } else if ((deal.pledges || {})[seat] !== entry.pledge || toHex(sha256(fromHex(entry.value))) !== entry.pledge) {
    problems.push(`${hand}: this phone's value is listed without the pledge it made.`);
  }
  return problems;
}

/**
 * The record once a view shows what a deal published (`fairness.deal`): the deal goes to the
 * newest entry of its table and hand still waiting for one, and is checked at once; a deal
 * already kept, published again with other contents, is a problem too.
 */
export function noteDeal(entries, table, deal) {
  if (!deal || !Number.isInteger(deal.hand_number)) return entries;
  const same = entries.filter((entry) => entry.table === table && entry.hand === deal.hand_number);
  const kept = same.find((entry) => entry.deal && entry.deal.commitment === deal.commitment);
  if (kept) {
    const before = JSON.stringify([kept.deal.deck_root, kept.deal.contributions, kept.deal.pledges]);
    if (before !== JSON.stringify([deal.deck_root, deal.contributions || {}, deal.pledges || {}])) {
      addProblem(kept, `Hand #${kept.hand}: the deal was published again with another root or other values.`);
    }
    return entries;
  }
  const waiting = same.filter((entry) => !entry.deal).pop();
  if (!waiting) return entries;
  waiting.deal = {
    commitment: deal.commitment,
    deck_root: deal.deck_root,
    contributions: deal.contributions || {},
    pledges: deal.pledges || {},
  };
  for (const problem of dealProblems(waiting, deal)) addProblem(waiting, problem);
  return entries;
}

/** The problems of a revealed seed against what this phone kept of its deal. */
export function seedProblems(entry, published) {
  const problems = [];
  const hand = `Hand #${entry.hand}`;
  const seed = fromHex(published.seed);
  if (toHex(sha256(seed)) !== entry.cut_off) {
    problems.push(`${hand}: the revealed seed does not give the commitment ${short(entry.cut_off)} this phone was shown before it sent its value: the seed was chosen after.`);
  }
  const deal = entry.deal;
  const values = Object.values(deal.contributions || {}).map(fromHex);
  const root = rootOf(deckSeed(seed, values), deckOrder(deckSeed(seed, values), Boolean(published.short_deck)));
  if (root !== deal.deck_root) {
    problems.push(`${hand}: the deck from the revealed seed and the values is not the one committed at the deal (root ${short(deal.deck_root)}).`);
  }
  if (JSON.stringify(published.contributions || {}) !== JSON.stringify(deal.contributions || {})) {
    problems.push(`${hand}: the values published now are not the ones published at the deal.`);
  }
  return problems;
}

/**
 * The record checked against the hands a verify page publishes ({table_id, number, commitment,
 * deck_root, contributions, seed, short_deck}): a hand is this phone's when its deal was kept,
 * or when its values include this phone's value (then it must be the deal kept).
 */
export function noteSeeds(entries, hands) {
  for (const published of hands || []) {
    const same = entries.filter((entry) => entry.table === published.table_id && entry.hand === published.number && entry.deal);
    const values = Object.values(published.contributions || {});
    const entry =
      same.find((e) => e.deal.commitment === published.commitment) || same.find((e) => values.includes(e.value));
    if (!entry) continue;
    if (entry.deal.commitment !== published.commitment || entry.deal.deck_root !== published.deck_root) {
      addProblem(entry, `Hand #${entry.hand}: the commitment or root published now is not the one published at the deal.`);
    }
    if (!published.seed || entry.seed === published.seed) continue;
    entry.seed = published.seed;
    entry.short_deck = Boolean(published.short_deck);
    for (const problem of seedProblems(entry, published)) addProblem(entry, problem);
    entry.seed_checked = true;
  }
  return entries;
}

/** Every problem the record holds, oldest first. */
export function recordProblems(entries) {
  return entries.flatMap((entry) => entry.problems || []);
}

/** The record as a file a person keeps, checked with the reference program of docs/shuffle.md. */
export function recordFile(entries) {
  return {
    about: "What this phone was shown of each deal it added its value to (Homegame, docs/shuffle.md).",
    check: "python3 reference.py this-file.json  (the reference program in docs/shuffle.md and on the verify page)",
    hands: entries,
  };
}
