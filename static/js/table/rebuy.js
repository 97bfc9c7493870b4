// A cash player out of chips asks the host for a rebuy from the table. The table draws its
// parts again with every frame, so what the player typed, the request on its way and the host's
// answer live here, not in the form: a frame arriving mid-request (one bar of signal) must not
// wipe the answer or offer the button twice. While the request waits for the host the form says
// only that, and looks again every few seconds: an approval seats the chips (the next frame
// draws the way back in), a refusal brings the form back with the host's answer.
import { el } from "./format.js";

const LOOK_AGAIN_MS = 5000;

export function createRebuy({ askUrl, statusUrl, csrf }) {
  const asked = { amount: null, sending: false, waiting: "", note: "", looked: false };
  let shown = null; // the form on the page now
  let suggested = 0;
  let timer = null;

  async function post(amount) {
    const body = new URLSearchParams({ kind: "rebuy", chips: String(amount) });
    try {
      const response = await fetch(askUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrf },
        body,
      });
      const answer = await response.json();
      return { ok: response.ok, message: answer.message || (response.ok ? "Asked the host." : "The host could not be asked.") };
    } catch (error) {
      return { ok: false, message: "No connection: try again in a moment." };
    }
  }

  // The request's state on the server: waiting for the host, or the host's last answer.
  async function look() {
    timer = null;
    try {
      const response = await fetch(statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      const status = await response.json();
      if (status.pending) asked.waiting = status.pending;
      else if (asked.waiting) {
        asked.waiting = "";
        asked.note = status.last || "";
      }
      draw();
    } catch (error) {
      // No answer this time: look again later.
    }
    if (asked.waiting && shown) timer = setTimeout(look, LOOK_AGAIN_MS);
  }

  async function send(amount) {
    if (!Number.isInteger(amount) || amount < 1) {
      asked.note = "Enter a whole number of chips.";
      return draw();
    }
    asked.sending = true;
    draw();
    const answer = await post(amount);
    asked.sending = false;
    asked.note = answer.message;
    if (answer.ok) asked.waiting = `Rebuy of ${amount} chips: waiting for the host`;
    draw();
    if (asked.waiting && !timer) timer = setTimeout(look, LOOK_AGAIN_MS);
  }

  function parts() {
    const status = el("p", { class: "my-note", role: "status", "data-field": "rebuy-status" }, asked.note);
    if (asked.waiting) {
      return [el("p", { "data-field": "rebuy-waiting", text: `${asked.waiting}.` }), status];
    }
    const input = el("input", { type: "number", inputmode: "numeric", min: 1, step: 1, value: asked.amount ?? suggested, "aria-label": "Chips to rebuy" });
    input.addEventListener("input", () => {
      asked.amount = input.value;
    });
    const button = el("button", { type: "button", class: "act-button act-raise", "data-action": "rebuy", disabled: asked.sending }, "Ask the host for a rebuy");
    button.addEventListener("click", () => send(Number(input.value)));
    return [
      el("p", { text: "You are out of chips. Rebuy to keep playing: the host approves it, then you choose how to come back in." }),
      el("div", { class: "act-row" }, input, button),
      status,
    ];
  }

  function draw() {
    if (shown) shown.replaceChildren(...parts());
  }

  return {
    /** The rebuy part of a busted player's screen, drawn from what was asked so far. */
    form(model) {
      const stakes = (model.table && model.table.stakes) || {};
      suggested = (stakes.big_blind || 2) * 100;
      shown = el("div", { class: "my-choice", role: "group", "aria-label": "Rebuy" });
      draw();
      // A request may be waiting from before this page was opened: ask the server once.
      if (!asked.looked) {
        asked.looked = true;
        look();
      }
      return shown;
    },
    /** Back at the table (or gone from it): the next bust starts afresh. */
    forget() {
      if (timer) clearTimeout(timer);
      timer = null;
      shown = null;
      Object.assign(asked, { amount: null, sending: false, waiting: "", note: "", looked: false });
    },
  };
}
