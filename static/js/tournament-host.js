// The host's tournament page: the time left counts down live, read from the same stored
// times as the clock screen (the buttons themselves are ordinary forms).
import { formatDuration, readClock } from "./clock.js";

const card = document.getElementById("clock-controls");
const countdown = card && card.querySelector("[data-countdown]");

if (card && countdown) {
  let state = null;
  let offsetMs = 0;

  async function refresh() {
    try {
      const sent = Date.now();
      const response = await fetch(card.dataset.stateUrl, { cache: "no-store" });
      if (!response.ok) return;
      const data = await response.json();
      offsetMs = data.server_now * 1000 - (sent + Date.now()) / 2;
      state = data;
      draw();
    } catch (error) {
      // Try again at the next refresh.
    }
  }

  function draw() {
    if (!state) return;
    const reading = readClock(state.clock, state.structure, (Date.now() + offsetMs) / 1000);
    countdown.textContent = formatDuration(reading.secondsLeft);
  }

  refresh();
  setInterval(refresh, 10000);
  setInterval(draw, 500);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
}
