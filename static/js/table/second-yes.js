// A host's ruling that voids or replaces cards, asked while the host holds cards, waits for a
// second person's yes (engine/live/second_yes.py). Everyone at the table sees what waits; a
// seated player other than the host's own answers it here with `answer_ruling`.
import { el, fill } from "./format.js";

/** The pending ruling of a view, or null. */
export function readPendingRuling(view) {
  const data = view && view.pending_ruling;
  if (!data || typeof data !== "object" || typeof data.id !== "number") return null;
  return {
    id: data.id,
    words: String(data.words || ""),
    reason: String(data.reason || ""),
    host: String(data.host || "the host"),
    expiresAt: typeof data.expires_at === "number" ? data.expires_at : null,
    mayAnswer: Boolean(data.may_answer),
  };
}

/** The panel: `send(intent)` sends the answer. */
export function createSecondYesPanel(container, { send }) {
  let answered = null; // the ruling id this phone answered: no double taps

  function answer(id, yes) {
    answered = id;
    send({ type: "answer_ruling", id, answer: yes ? "yes" : "no" });
  }

  return function render(model) {
    const pending = model.pendingRuling;
    const expired = pending && pending.expiresAt !== null && pending.expiresAt * 1000 < Date.now();
    if (!pending || expired) {
      container.hidden = true;
      fill(container);
      return;
    }
    container.hidden = false;
    const parts = [
      el("h2", { class: "sy-title", text: "A ruling waits for a second yes" }),
      el("p", { class: "sy-words", text: pending.words }),
      el("p", { class: "sy-help", text: `Asked by ${pending.host}, who holds cards in this hand: another person must agree.${pending.reason ? ` Reason: ${pending.reason}` : ""}` }),
    ];
    if (pending.mayAnswer && answered !== pending.id) {
      parts.push(
        el(
          "div",
          { class: "act-row sy-buttons", role: "group", "aria-label": "Agree with the ruling?" },
          el("button", { type: "button", class: "act-button act-call", "data-answer": "yes", onclick: () => answer(pending.id, true) }, "Agree"),
          el("button", { type: "button", class: "act-button", "data-answer": "no", onclick: () => answer(pending.id, false) }, "Refuse"),
        ),
      );
    } else {
      const waiting = answered === pending.id ? "Sending\u2026" : "Waiting for a co-host or another player to answer";
      parts.push(el("p", { class: "sy-waiting", role: "status", text: waiting }));
    }
    fill(container, parts);
  };
}
