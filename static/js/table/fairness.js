// The fair shuffle on the phone: this phone's pledge and value for the next deal, and the check of
// every card it saw against the deck root published at the deal (docs/shuffle.md).
import { el, fill } from "./format.js";

// SHA-256 in plain JavaScript: crypto.subtle exists only on https pages, and the table is
// usually served over plain http on the kitchen Wi-Fi.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export function sha256(bytes) {
  const length = bytes.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = (h[i] + value) >>> 0));
  }
  const out = new Uint8Array(32);
  h.forEach((value, i) => new DataView(out.buffer).setUint32(i * 4, value));
  return out;
}

const ascii = (text) => new TextEncoder().encode(text);
const fromHex = (hex) => new Uint8Array((hex.match(/../g) || []).map((pair) => parseInt(pair, 16)));
export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

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

/**
 * The phone's part of the shuffle (docs/shuffle.md): between hands it pledges the hash of a
 * fresh random value; when the deal is cut off it sends that value, which deals the cards.
 */
export function pledgeAndReveal(model, send) {
  const fairness = model.fairness;
  // Only a seated player adds to the next deal: not one whose seat is gone (the last hand still shows them).
  if (!fairness || !model.me || model.me.leftTable || !(window.crypto && crypto.getRandomValues)) return;
  const due = fairness.reveal_due;
  if (due && valueSentFor !== due) {
    const value = memory.get(due) || (keptValues().find((entry) => entry.pledge === due) || {}).value;
    if (value) {
      valueSentFor = due;
      send({ type: "shuffle_value", value });
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

/** The commitment during the hand, this phone's value, and after the hand the check of each card it saw. */
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
  if (verifyUrl) {
    parts.push(el("p", { class: "commitment" }, el("a", { href: verifyUrl, target: "_blank", rel: "noopener", text: "Check the shuffle" })));
  }
  fill(container, parts);
}
