// The 7-2 bounty in the results: who collected it, as announced in big blinds, the total, and
// what each player paid. Every amount comes from the view (`hand.seven_deuce`,
// engine.house.seven_deuce.view); nothing is worked out here.
import { chips, el } from "./format.js";

/** `hand.seven_deuce` as the page uses it, or null when no bounty was paid. */
export function readBounty(hand) {
  const data = hand && hand.seven_deuce;
  if (!data || typeof data !== "object" || !Array.isArray(data.payments)) return null;
  return data;
}

/** The bounty's lines for the results box, or null. */
export function bountyLines(model) {
  const bounty = readBounty(model.hand);
  if (!bounty) return null;
  const names = new Map(model.seats.map((s) => [s.seat, s.isMe ? "You" : s.name]));
  const name = (seat) => names.get(seat) || `Seat ${seat}`;
  const winner = name(bounty.winner);
  const verb = winner === "You" ? "win" : "wins";
  const each = `${bounty.big_blinds} BB (${chips(bounty.bounty)})`;
  const payments = bounty.payments.map((p) => {
    const who = name(p.seat);
    const short = p.chips < bounty.bounty ? " (all they had)" : "";
    return el("li", { class: "bounty-paid", "data-seat": p.seat }, `${who} ${who === "You" ? "pay" : "pays"} `, el("strong", { text: `\u2212${chips(p.chips)}` }), short);
  });
  return el(
    "div",
    { class: "bounty", "data-winner": bounty.winner },
    el(
      "p",
      { class: "bounty-title" },
      `${winner} ${verb} with 7-2: ${each} from each player: `,
      el("strong", { class: "bounty-total", text: `+${chips(bounty.collected)}` }),
    ),
    payments.length ? el("ul", { class: "bounty-payments", "aria-label": "Who paid the 7-2 bounty" }, payments) : null,
  );
}
