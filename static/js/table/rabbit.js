// Rabbit hunt: after a hand that ended before the river, a player of it may ask to see the board
// cards that would have come. The engine offers it (`legal_actions.actions.rabbit_hunt`), says it
// is still open to every screen (`hand.rabbit_open`) and, once asked, gives the cards
// (`hand.rabbit`: {by, boards}); they are drawn apart from the board, dashed and labelled, since
// they are not part of the hand's result. Requests are taken until the next deal
// (`table.next_deal_at`), whose countdown the panel shows.
import { cardElement, cardName } from "./cards.js";
import { clockBar } from "./clock.js";
import { el, fill } from "./format.js";

/** `hand.rabbit` as the page uses it: who asked and the cards per board; null before. */
export function readRabbit(hand) {
  const data = hand && hand.rabbit;
  if (!data || typeof data !== "object" || !Array.isArray(data.boards)) return null;
  return { by: data.by, boards: data.boards.map((board) => (Array.isArray(board) ? board : [])) };
}

function nameOf(model, seat) {
  const s = model.seats.find((x) => x.seat === seat);
  return s ? (s.isMe ? "You" : s.name) : `Seat ${seat}`;
}

/** The rabbit's rows for the board area (one per board), or null when nobody asked. */
export function rabbitRows(model) {
  const rabbit = readRabbit(model.hand);
  if (!rabbit) return null;
  const count = rabbit.boards.length;
  const rows = rabbit.boards.map((board, index) =>
    el(
      "div",
      { class: "rabbit-row", role: "group", "aria-label": `Would have come${count > 1 ? ` on board ${index + 1}` : ""}: ${board.map(cardName).join(", ")}` },
      count > 1 ? el("span", { class: "board-label", "aria-hidden": "true", text: index + 1 }) : null,
      el(
        "span",
        { class: "cards rabbit-cards" },
        board.map((code) => cardElement(code, { size: "md", label: `${cardName(code)}, would have come` })),
      ),
    ),
  );
  return el(
    "div",
    { class: "rabbit", "data-by": rabbit.by },
    el("p", { class: "rabbit-label", text: `Rabbit: would have come (not dealt, not part of the result) \u00b7 asked by ${nameOf(model, rabbit.by)}` }),
    rows,
  );
}

/**
 * The rabbit hunt's panel in the dock: the button for a player of the hand, a note for everyone
 * else, each with the time left until the next deal. `send(action)` sends an intent.
 */
export function createRabbitPanel(container, { send }) {
  let sentFor = -1; // the version a request was sent at: no double taps, and a refusal's next view offers it again
  const windows = new Map(); // hand number -> the seconds its window had when first seen

  function windowBar(model, number) {
    const dealAt = model.table.next_deal_at;
    if (typeof dealAt !== "number") return null;
    if (!windows.has(number)) windows.set(number, Math.max(1, dealAt - Date.now() / 1000));
    return clockBar(dealAt, windows.get(number), "Time until the next deal");
  }

  return function render(model) {
    const hand = model.hand;
    const offered = Boolean(model.actions.rabbit_hunt && model.actions.rabbit_hunt.allowed);
    if (!hand || !hand.finished || !hand.rabbit_open) {
      container.hidden = true;
      fill(container);
      return;
    }
    const number = hand.hand_number;
    container.hidden = false;
    container.dataset.mode = offered ? "offered" : "open";
    const parts = [];
    const sent = sentFor === model.version;
    if (offered && !sent) {
      parts.push(
        el(
          "button",
          {
            type: "button",
            class: "act-button rabbit-button",
            "data-action": "rabbit_hunt",
            onclick: () => {
              sentFor = model.version;
              send({ type: "rabbit_hunt" });
              render(model);
            },
          },
          "Rabbit hunt",
        ),
        el("p", { class: "rabbit-help", text: "See the board cards that would have come. Until the next deal:" }),
      );
    } else if (offered) {
      parts.push(el("p", { class: "rabbit-help", role: "status", text: "Asking for the rabbit\u2026" }));
    } else {
      parts.push(el("p", { class: "rabbit-help", text: "Players of this hand may ask for the rabbit until the next deal." }));
    }
    parts.push(windowBar(model, number));
    fill(container, parts);
  };
}
