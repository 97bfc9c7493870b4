// The player's seat page: shows the night, the table and the seat, kept current by a poll.
import { poll } from "./poll.js";

const card = document.getElementById("player-status");

function show(status) {
  card.dataset.state = status.state;
  for (const element of card.querySelectorAll("[data-field]")) {
    const value = status[element.dataset.field];
    element.textContent = value === null || value === undefined ? "" : String(value);
    if (element.dataset.field === "seat") element.hidden = !value;
  }
}

if (card) poll(() => card.dataset.statusUrl, show);
