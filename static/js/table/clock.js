// The action clock: a bar that empties as the player's time runs out. Deadlines are stored
// by the server as epoch seconds; one ticker updates every bar on the page.
import { el } from "./format.js";

/** A clock bar for a deadline (epoch seconds) out of `total` seconds; null when there is no clock. */
export function clockBar(deadline, total, label) {
  if (typeof deadline !== "number" || !total) return null;
  const bar = el(
    "div",
    { class: "clock", role: "timer", "aria-label": label, "data-deadline": deadline, "data-total": total },
    el("span", { class: "clock-fill" }),
    el("span", { class: "clock-text", "aria-hidden": "true" }),
  );
  updateClock(bar, Date.now() / 1000);
  return bar;
}

function updateClock(bar, now) {
  const deadline = Number(bar.dataset.deadline);
  const total = Number(bar.dataset.total);
  const left = Math.max(0, deadline - now);
  const share = total > 0 ? Math.min(1, left / total) : 0;
  bar.style.setProperty("--left", share.toFixed(3));
  bar.classList.toggle("clock-low", left <= Math.min(10, total / 3));
  const text = bar.querySelector(".clock-text");
  if (text) text.textContent = `${Math.ceil(left)}s`;
}

/** Keep every clock on the page current. */
export function startClockTicker(root = document) {
  setInterval(() => {
    const now = Date.now() / 1000;
    for (const bar of root.querySelectorAll(".clock[data-deadline]")) updateClock(bar, now);
  }, 250);
}
