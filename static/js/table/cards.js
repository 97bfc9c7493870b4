// Playing cards: big rank and suit, a text label for screen readers, an optional four-colour deck.
// How cards are written is the engine's table (engine.cards.card_words), served by the app, so
// a card reads the same here as on every page.
import { CARD_WORDS } from "/cards/words.js";

const { rankNames: RANK_NAMES, rankText: RANK_TEXT, suitNames: SUIT_NAMES, suitSymbols: SUIT_SYMBOLS } =
  CARD_WORDS;

/** {rank, suit} of a card code like "As" or "Td"; null for a card this viewer cannot see. */
export function parseCard(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = code[0].toUpperCase();
  const suit = code[1].toLowerCase();
  if (!(rank in RANK_NAMES) || !(suit in SUIT_NAMES)) return null;
  return { rank, suit };
}

/** "Ace of spades". */
export function cardName(code) {
  const card = parseCard(code);
  return card ? `${RANK_NAMES[card.rank]} of ${SUIT_NAMES[card.suit]}` : "Face-down card";
}

/** "7♥", "10♠": a card as a short text. */
export function cardText(code) {
  const card = parseCard(code);
  return card ? `${RANK_TEXT[card.rank]}${SUIT_SYMBOLS[card.suit]}` : "?";
}

/** "Ace of spades, King of hearts". */
export function cardsName(codes) {
  return (codes || []).map(cardName).join(", ");
}

/**
 * One card. `code` null (or "??") draws its back. Options: size ("sm" | "md" | "lg"),
 * label (overrides the spoken name), onSelect (makes it a button), selected.
 */
export function cardElement(code, { size = "md", label = null, onSelect = null, selected = false } = {}) {
  const card = parseCard(code);
  const node = document.createElement(onSelect ? "button" : "span");
  node.className = `card card-${size}`;
  if (onSelect) {
    node.type = "button";
    node.addEventListener("click", () => onSelect(code));
    node.setAttribute("aria-pressed", selected ? "true" : "false");
    if (selected) node.classList.add("card-selected");
  } else {
    node.setAttribute("role", "img");
  }
  node.setAttribute("aria-label", label || cardName(code));
  if (!card) {
    node.classList.add("card-back");
    return node;
  }
  node.classList.add(`suit-${card.suit}`);
  node.dataset.card = `${card.rank}${card.suit}`;
  const rank = document.createElement("span");
  rank.className = "card-rank";
  rank.textContent = RANK_TEXT[card.rank];
  rank.setAttribute("aria-hidden", "true");
  const suit = document.createElement("span");
  suit.className = "card-suit";
  suit.textContent = SUIT_SYMBOLS[card.suit];
  suit.setAttribute("aria-hidden", "true");
  node.append(rank, suit);
  return node;
}

/** A row of cards; `count` backs when the codes are unknown. */
export function cardRow(codes, count = 0, options = {}) {
  const row = document.createElement("span");
  row.className = "cards";
  const list = Array.isArray(codes) && codes.length ? codes : Array.from({ length: count }, () => null);
  for (const code of list) row.append(cardElement(code, options));
  return row;
}
