// Small helpers shared by the table modules: building elements and saying things in words.

/** An element with attributes (class, text, aria-*, data-*, on* handlers) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Chips as people read them: 1,250. */
export function chips(amount) {
  const n = Number(amount);
  return Number.isFinite(n) ? n.toLocaleString("en-US") : "";
}

const STATUS_WORDS = {
  active: "In",
  folded: "Folded",
  mucked: "Mucked",
  all_in: "All-in",
  away: "Away",
  sitting_out: "Sitting out",
  busted: "Busted",
  waiting: "Next hand",
  coming_back: "Coming back",
};

/** A seat's status as a word (never only a colour). */
export function statusWord(status) {
  return STATUS_WORDS[status] || status || "";
}

/** Whether a seat won chips without its hand being shown. */
export function wonUnseen(seat) {
  return seat.won > 0 && !seat.shown && seat.status !== "folded";
}

/** A seat's status in words, with what it won: a winner who did not show (everyone else
 * folded, or a hand kept face down) "won 4, not shown", never "Mucked" beside "won 4". */
export function seatStatusWords(seat) {
  if (wonUnseen(seat)) return `won ${chips(seat.won)}, not shown`;
  return statusWord(seat.status);
}

/** The pot's name: the first is the main pot, the rest side pots. */
export function potName(index, count) {
  if (count <= 1 || index === 0) return count <= 1 ? "the pot" : "the main pot";
  return count > 2 ? `side pot ${index}` : "the side pot";
}

/** "Ann, Bo and Cy". */
export function listWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** Replace a container's content in one step. */
export function fill(container, ...children) {
  container.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}
