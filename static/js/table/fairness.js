// The fair shuffle on the phone: this phone's pledge and value for the next deal, and the check of
// every card it saw against the deck root published at the deal (docs/shuffle.md).
import { loadRecord, noteDeal, noteValueSent, recordFile, recordProblems, saveRecord } from "./deck-record.js";
import { el, fill } from "./format.js";
import { sha256, toHex } from "./sha256.js";

export { sha256, toHex };

const ascii = (text) => new TextEncoder().encode(text);
const fromHex = (hex) => new Uint8Array((hex.match(/../g) || []).map((pair) => parseInt(pair, 16)));

function join(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether an opening {position, card, salt, path} proves its card against the deck root. */
export function checkOpening(root, opening) {
  const { position, card, salt, path } = opening || {};
  if (!Number.isInteger(position) || position < 0 || position > 63 || !Array.isArray(path) || path.length !== 6) return false;
  let node = sha256(join(ascii("leaf"), new Uint8Array([position]), ascii(String(card)), fromHex(String(salt))));
  path.forEach((sibling, level) => {
    const other = fromHex(String(sibling));
    node = sha256((position >> level) & 1 ? join(ascii("node"), other, node) : join(ascii("node"), node, other));
  });
  return toHex(node) === String(root).toLowerCase();
}

/** 32 random bytes made on this phone, as 64 hex digits. */
export function newContribution() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** The pledge of a value: the hex SHA-256 of its 32 bytes (engine.live.fairness.pledge_of). */
export function pledgeOf(value) {
  return toHex(sha256(fromHex(value)));
}

// This phone's values by their pledges, kept until the deal they were pledged for: a reload
// between the pledge and the deal must still be able to send the value, or the hand is dead.
const KEPT = "homegame.shuffle-values";
const KEEP_AT_MOST = 16;

function keptValues() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch (error) {
    return [];
  }
}

function keep(pledge, value) {
  const kept = [...keptValues().filter((entry) => entry.pledge !== pledge), { pledge, value }].slice(-KEEP_AT_MOST);
  try {
    localStorage.setItem(KEPT, JSON.stringify(kept));
  } catch (error) {
    // Storage full or refused: the value still goes out from memory below.
  }
  memory.set(pledge, value);
}

const memory = new Map(); // pledge -> value, for a browser that refuses storage
let pledgeSent = null; // {pledge, at}: the last pledge sent, until the table shows it
let valueSentFor = null; // the pledge whose value this phone last sent

// What this phone was shown of each deal it added to (deck-record.js), read once per page, and
// the table this page's entries are for.
let record = null;
let recordTable = null;
let dealSeen = ""; // the last deal publication noted, so an unchanged one costs nothing

function currentRecord() {
  if (record === null) record = loadRecord();
  return record;
}

/** Note what a view shows of the last deal, and check it against the record at once. */
function keepDeal(fairness) {
  const deal = fairness.deal;
  if (recordTable === null || !deal) return;
  const seen = JSON.stringify([recordTable, deal]);
  if (seen === dealSeen) return;
  dealSeen = seen;
  const before = JSON.stringify(currentRecord());
  record = noteDeal(currentRecord(), recordTable, deal);
  if (JSON.stringify(record) !== before) saveRecord(record);
}

/**
 * The phone's part of the shuffle (docs/shuffle.md): between hands it pledges the hash of a
 * fresh random value; when the deal is cut off it sends that value, which deals the cards.
 */
export function pledgeAndReveal(model, send, table = recordTable) {
  const fairness = model.fairness;
  recordTable = table;
  if (fairness) keepDeal(fairness);
  // Only a seated player adds to the next deal: not one whose seat is gone (the last hand still shows them).
  if (!fairness || !model.me || model.me.leftTable || !(window.crypto && crypto.getRandomValues)) return;
  const due = fairness.reveal_due;
  if (due && valueSentFor !== due) {
    const value = memory.get(due) || (keptValues().find((entry) => entry.pledge === due) || {}).value;
    const commitment = fairness.shuffle_commitment;
    if (value && commitment) {
      valueSentFor = due;
      // Kept before it goes: the value answers this commitment, and the deal must come from it.
      if (recordTable !== null) {
        const hand = fairness.shuffle_hand_number;
        record = noteValueSent(currentRecord(), { table: recordTable, hand, commitment, pledge: due, value, at: Date.now() });
        saveRecord(record);
      }
      send({ type: "shuffle_value", value, commitment });
    }
  }
  if (fairness.your_pledge) {
    pledgeSent = null;
    return;
  }
  // In the background a phone may not get to send its value in time (and its hand would be
  // dealt dead): it pledges again when it is back.
  if (document.hidden) return;
  // Not shown yet: sent and on its way, unless the cut-off took it (its value is now due) or it
  // was lost (no table shows it after a while).
  if (pledgeSent && pledgeSent.pledge !== due && Date.now() - pledgeSent.at < 10000) return;
  const value = newContribution();
  const pledge = pledgeOf(value);
  keep(pledge, value);
  pledgeSent = { pledge, at: Date.now() };
  send({ type: "shuffle_pledge", pledge });
}

/**
 * A phone going to the background takes its pledge back before the deal (docs/shuffle.md): a
 * locked phone may not send its value in time, and the deal would wait for it, then deal its
 * player a dead hand. Back in front, it pledges again.
 */
export function withdrawWhenHidden(currentModel, send) {
  document.addEventListener("visibilitychange", () => {
    const model = currentModel();
    const fairness = model && model.fairness;
    if (!fairness) return;
    if (!document.hidden) {
      pledgeAndReveal(model, send);
      return;
    }
    if (!fairness.your_pledge) return;
    pledgeSent = null;
    send({ type: "shuffle_withdraw" });
  });
}

const checked = new Map(); // "root:position" -> whether it opened

/** Save this phone's record as a file (checked offline with the reference program: docs/shuffle.md). */
export function downloadRecord(entries = currentRecord()) {
  const blob = new Blob([JSON.stringify(recordFile(entries), null, 1)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "homegame-deck-record.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

let warningShown = "";

/**
 * The phone's own warning, on top of the table, for as long as its record holds a problem: a
 * deal that is not the one its cut-off committed to, its value left out, a seed chosen after.
 * Whether a problem is new since the last time: the page says it aloud then (main.js), once.
 */
export function renderDeckWarning(container) {
  if (!container) return false;
  const problems = recordProblems(currentRecord());
  const shown = JSON.stringify(problems);
  if (shown === warningShown) return false;
  const before = warningShown ? JSON.parse(warningShown).length : 0;
  warningShown = shown;
  container.hidden = !problems.length;
  if (!problems.length) {
    fill(container);
    return false;
  }
  const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
  fill(
    container,
    el(
      "details",
      { class: "deck-warning-details" },
      el("summary", { class: "deck-warning-title" }, el("strong", { text: "Warning: this deck is not the one you were promised." }), ` ${count}: see what`),
      el("p", { text: "This phone kept what it was shown, and the server's later word does not match it." }),
      el("ul", { class: "deck-warning-list" }, problems.map((problem) => el("li", { text: problem }))),
      el("p", { class: "deck-warning-help", text: "Tell the table. Compare the commitment on each phone and on the room's screen, and keep this phone's record to check it with the reference program." }),
      el("button", { type: "button", class: "tool-button deck-warning-download", onclick: () => downloadRecord() }, "Download this phone's record"),
    ),
  );
  return problems.length > before;
}

/**
 * The commitment during the hand, this phone's value, and after the hand the check of each card
 * it saw. True when the phone's own record has just found a new problem (the warning is drawn).
 */
export function renderFairness(container, model, verifyUrl) {
  const parts = [];
  const fairness = model.fairness || {};
  if (model.inProgress && model.commitment) {
    parts.push(
      el(
        "p",
        { class: "commitment" },
        `Hand #${model.hand.hand_number} deck commitment `,
        el("code", { title: model.commitment, text: `${model.commitment.slice(0, 12)}\u2026` }),
      ),
    );
  }
  if (fairness.shuffling) {
    parts.push(
      el(
        "p",
        { class: "commitment shuffling" },
        "Shuffling with every phone's value\u2026 server seed commitment ",
        el("code", { title: fairness.shuffle_commitment || "", text: `${(fairness.shuffle_commitment || "").slice(0, 12)}\u2026` }),
      ),
    );
  }
  if (fairness.your_pledge) {
    const pledge = fairness.your_pledge;
    parts.push(el("p", { class: "commitment contribution", title: pledge }, "Your pledge for the next deal ", el("code", { text: `${pledge.slice(0, 12)}\u2026` })));
  }
  const root = model.revealed && model.revealed.deck_root;
  const openings = Array.isArray(fairness.openings) ? fairness.openings : [];
  if (root && openings.length && !model.inProgress) {
    const items = openings.map((opening) => {
      const key = `${root}:${opening.position}`;
      if (!checked.has(key)) checked.set(key, checkOpening(root, opening));
      const ok = checked.get(key);
      return el("li", { class: ok ? "opening-ok" : "opening-bad", "data-card": opening.card }, `${opening.card} ${ok ? "\u2713" : "\u2717 does not match"}`);
    });
    const good = openings.every((opening) => checked.get(`${root}:${opening.position}`));
    parts.push(
      el(
        "div",
        { class: "card-checks", id: "card-checks" },
        el("p", { class: good ? "checks-ok" : "checks-bad", text: good ? `Hand #${model.revealed.hand_number}: every card you saw was in the deck committed at the deal` : `Hand #${model.revealed.hand_number}: a card does NOT match the deck committed at the deal` }),
        el("ul", { class: "opening-list" }, items),
      ),
    );
  }
  const kept = recordTable === null ? [] : currentRecord().filter((entry) => entry.table === recordTable);
  if (verifyUrl || kept.length) {
    parts.push(
      el(
        "p",
        { class: "commitment" },
        verifyUrl ? el("a", { href: verifyUrl, target: "_blank", rel: "noopener", text: "Check the shuffle" }) : null,
        verifyUrl && kept.length ? " \u00b7 " : null,
        kept.length ? el("button", { type: "button", class: "link-button record-download", onclick: () => downloadRecord() }, "Your phone's record") : null,
      ),
    );
  }
  fill(container, parts);
  return renderDeckWarning(document.getElementById("deck-warning"));
}
