// Bet and raise sizes. The engine's view gives the legal range (min_to..max_to, as "to"
// amounts); the page only ever offers and sends amounts inside it.

/** A whole number inside [low, high]. */
export function clamp(value, low, high) {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return low;
  return Math.min(high, Math.max(low, n));
}

/**
 * The "to" amount of a bet or raise of `fraction` of the pot: the pot counted after calling
 * (chips in the middle, every bet in front, and my call), as players size pot raises.
 */
export function potFractionTo(fraction, { pot, betsTotal, currentBet, myBet }) {
  const toCall = Math.max(0, currentBet - myBet);
  const potAfterCall = pot + betsTotal + toCall;
  return currentBet + Math.floor(potAfterCall * fraction);
}

/** Quick sizes that fit the legal range, without duplicates: [{label, to}]. When the least
 * raise is the whole stack, the one size is named for what it is: All-in, not Min. */
export function quickSizes(info, table) {
  const { min_to: low, max_to: high, all_in_to: allIn } = info;
  const capped = typeof allIn === "number" && high < allIn;
  const top = { label: capped ? "Max (pot)" : "All-in", to: high };
  if (low >= high) return [top];
  const sizes = [{ label: "Min", to: low }];
  for (const [label, fraction] of [["\u00bd pot", 0.5], ["\u00be pot", 0.75], ["Pot", 1]]) {
    const to = potFractionTo(fraction, table);
    if (to > low && to < high) sizes.push({ label, to });
  }
  sizes.push(top);
  return sizes;
}
