// The player's chips on their phone: their stack, what they bought, their request to the host.
import { poll } from "./poll.js";

const card = document.getElementById("my-chips");

function show(status) {
  card.hidden = !status.enabled;
  if (!status.enabled) return;
  const set = (name, text) => {
    const element = card.querySelector(`[data-field="${name}"]`);
    if (element) element.textContent = text;
  };
  set("chips-stack", status.stack === null ? "not seated" : String(status.stack));
  set("chips-bought", String(status.bought));
  set("chips-pending", status.pending);
  set("chips-last", status.last);
}

async function refresh() {
  try {
    const response = await fetch(card.dataset.statusUrl, { credentials: "same-origin", cache: "no-store" });
    if (response.ok) show(await response.json());
  } catch (error) {
    // The next poll tries again.
  }
}

if (card) {
  refresh();
  poll(() => card.dataset.statusUrl, show, 2000);
}
