// The deck a seed gives, and its root, exactly as docs/shuffle.md "The algorithm, exactly" says
// (engine/shuffle.py): so a phone can check a revealed seed against what it was shown, alone.
import { sha256, toHex } from "./sha256.js";

const ascii = (text) => new TextEncoder().encode(text);
export const fromHex = (hex) => new Uint8Array((String(hex).match(/../g) || []).map((pair) => parseInt(pair, 16)));

function join(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** HMAC-SHA256 (RFC 2104) over the project's own SHA-256: keys here are 32 bytes, under a block. */
export function hmacSha256(key, message) {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = block.map((b) => b ^ 0x36);
  const outer = block.map((b) => b ^ 0x5c);
  return sha256(join(outer, sha256(join(inner, message))));
}

function compareBytes(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The deck seed: the server seed alone, or HMAC(server seed, the values sorted and joined). */
export function deckSeed(serverSeed, values) {
  if (!values.length) return serverSeed;
  return hmacSha256(serverSeed, join(...[...values].sort(compareBytes)));
}

/** The deck order a deck seed gives, top card first (Fisher-Yates over an HMAC byte stream). */
export function deckOrder(seed, shortDeck = false) {
  const ranks = shortDeck ? "6789TJQKA" : "23456789TJQKA";
  const deck = [];
  for (const rank of ranks) for (const suit of "cdhs") deck.push(rank + suit);
  let stream = new Uint8Array(0);
  let counter = 0;
  const uniform = (n) => {
    for (;;) {
      while (stream.length < 4) {
        const index = new Uint8Array(8);
        new DataView(index.buffer).setUint32(4, counter);
        new DataView(index.buffer).setUint32(0, Math.floor(counter / 2 ** 32));
        stream = join(stream, hmacSha256(seed, index));
        counter += 1;
      }
      const x = new DataView(stream.buffer, stream.byteOffset, 4).getUint32(0);
      stream = stream.slice(4);
      if (x < 2 ** 32 - (2 ** 32 % n)) return x % n;
    }
  };
  for (let i = deck.length - 1; i > 0; i--) {
    const j = uniform(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The Merkle root over the deck's salted positions (hex), as published at the deal. */
export function rootOf(seed, deck) {
  let level = deck.map((card, i) => {
    const salt = hmacSha256(seed, join(ascii("salt"), new Uint8Array([i])));
    return sha256(join(ascii("leaf"), new Uint8Array([i]), ascii(card), salt));
  });
  while (level.length < 64) level.push(sha256(ascii("empty")));
  while (level.length > 1) {
    const up = [];
    for (let k = 0; k < level.length; k += 2) up.push(sha256(join(ascii("node"), level[k], level[k + 1])));
    level = up;
  }
  return toHex(level[0]);
}
