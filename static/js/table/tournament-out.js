// A tournament player with no chips left is no longer at the table's seats, so the table's view
// has nothing of theirs to draw: their standing comes from the seat page's status
// (tables/services/tournament/tournament_play.py `standing_of`). While a rebuy is open, the screen offers
// it with its price and chips; once out for good, it says the finishing place (the winner, who
// leaves the table with the tournament's end, reads that they won).
import { chips, el, fill } from "./format.js";

const POLL_MS = 5000;

function rebuyScreen(standing) {
  const left = standing.rebuys_left === 1 ? "1 rebuy left" : `${standing.rebuys_left} rebuys left`;
  const price = standing.price ? `${chips(standing.price)} ${standing.currency}` : "free";
  return el(
    "div",
    { class: "my-choice out-screen", role: "group", "aria-label": "You are out", "data-field": "tournament-rebuy" },
    el("p", { class: "out-title", text: "You are out of chips" }),
    el("p", { class: "out-offer", text: `Rebuy (${price}, ${chips(standing.chips)} chips)` }),
    el("p", { text: `${left}, until the end of level ${standing.until_level}. Pay the host: they record your rebuy and you are dealt back in.` }),
  );
}

function closingScreen() {
  return el(
    "div",
    { class: "my-choice out-screen", role: "group", "aria-label": "You are out", "data-field": "tournament-closing" },
    el("p", { class: "out-title", text: "You are out of chips" }),
    el("p", { text: "The rebuy window has closed: your finishing place follows in a moment." }),
  );
}

function placeScreen(standing) {
  const prize = standing.prize ? `You won ${chips(standing.prize)} ${standing.currency}.` : "Thanks for playing.";
  if (standing.won) {
    // The tournament's end takes the winner's chips out of play too: their seat is gone as well.
    return el(
      "div",
      { class: "my-choice out-screen", role: "group", "aria-label": "You won", "data-field": "tournament-place" },
      el("p", { class: "out-title", text: `You won ${standing.tournament}` }),
      el("p", { text: `1st of ${standing.players} players. ${prize}` }),
    );
  }
  return el(
    "div",
    { class: "my-choice out-screen", role: "group", "aria-label": "You are out", "data-field": "tournament-place" },
    el("p", { class: "out-title", text: `You finished ${standing.place}` }),
    el("p", { text: `${standing.tournament}: out for good, ${standing.players} players. ${prize}` }),
  );
}

/** The out-of-chips screen of a tournament player, kept current while they wait for a rebuy.
 * It takes the place of `replaces` (my place at the bottom of the screen): on a small phone
 * the screen and the last hand's results would not both fit above it. `say(line)` announces. */
export function createTournamentOut(container, statusUrl, replaces = null, say = null) {
  let standing = null;
  let timer = null;
  let asking = false;

  async function ask() {
    if (asking || !statusUrl) return;
    asking = true;
    try {
      const response = await fetch(statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) standing = (await response.json()).tournament || null;
    } catch (error) {
      // No connection: the next poll tries again.
    } finally {
      asking = false;
    }
    draw();
  }

  let seated = true;
  let drawn = "";
  function draw() {
    if (seated || !standing) return;
    const key = JSON.stringify(standing);
    if (key === drawn) return; // the same standing: leave the screen be
    drawn = key;
    container.hidden = false;
    if (replaces) replaces.hidden = true;
    const screens = { out: placeScreen, closing: closingScreen, rebuy: rebuyScreen };
    fill(container, (screens[standing.state] || rebuyScreen)(standing));
    // One line for a screen reader ("You finished 3rd"), not the whole screen: the section is not live.
    const title = container.querySelector(".out-title");
    if (say && title) say(`${title.textContent}.`);
  }

  /** Called with every view: `me` is my seat in it (null once my chips are gone). Asks once
   * when I lose my seat, then every few seconds until I am seated again or out for good. */
  return function update(me) {
    seated = Boolean(me);
    if (seated) {
      clearInterval(timer);
      timer = null;
      standing = null;
      drawn = "";
      container.hidden = true;
      fill(container);
      return;
    }
    if (standing && replaces) replaces.hidden = true; // drawn again by this view
    draw();
    if (timer !== null) return;
    ask();
    timer = setInterval(() => {
      if (!standing || standing.state !== "out") ask();
    }, POLL_MS);
  };
}
