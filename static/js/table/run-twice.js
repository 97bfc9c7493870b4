// Run it twice: the question everyone all-in is asked (with its countdown), who has agreed,
// and once the hand is over, how many times it was run. The engine decides everything; this draws
// `hand.run_it_twice` (docs/protocol.md) and sends `run_twice` / `run_once`.
import { clockBar } from "./clock.js";
import { el, fill, listWords } from "./format.js";

/** What the page needs to know of it, from a view's hand (null when the table does not run it twice). */
export function readRunTwice(hand) {
  const data = hand && hand.run_it_twice;
  if (!data || typeof data !== "object") return null;
  return {
    asked: Array.isArray(data.asked) ? data.asked : [],
    answers: new Map((Array.isArray(data.answers) ? data.answers : []).map((a) => [a.seat, Boolean(a.agreed)])),
    waitingFor: Array.isArray(data.waiting_for) ? data.waiting_for : [],
    runs: data.runs === 1 || data.runs === 2 ? data.runs : null,
    asking: data.runs === null && !hand.finished,
  };
}

/** For the results: how many times the hand was run, or null when nobody was asked. */
export function runTwiceSentence(model) {
  const runTwice = model.runTwice;
  if (!runTwice || runTwice.asking || runTwice.runs === null) return null;
  return runTwice.runs === 2
    ? "Ran it twice: each run won half of every pot."
    : "Run once: not everyone agreed to run it twice.";
}

/** Whether the board shows two runs of one hand (the board and results say "run", not "board"). */
export function ranTwice(model) {
  return Boolean(model.runTwice && model.runTwice.runs === 2);
}

function answerWord(runTwice, seat) {
  if (!runTwice.answers.has(seat)) return runTwice.asking ? "deciding\u2026" : "did not answer";
  return runTwice.answers.get(seat) ? "twice" : "once";
}

function whoList(model, runTwice) {
  const names = new Map(model.seats.map((s) => [s.seat, s.isMe ? "You" : s.name]));
  return el(
    "ul",
    { class: "rit-who", "aria-label": "Answers" },
    runTwice.asked.map((seat) => {
      const word = answerWord(runTwice, seat);
      const state = runTwice.answers.has(seat) ? (runTwice.answers.get(seat) ? "yes" : "no") : "waiting";
      return el(
        "li",
        { class: "rit-answer", "data-answer": state },
        el("span", { class: "rit-name", text: names.get(seat) || `Seat ${seat}` }),
        el("span", { class: "rit-word", text: word }),
      );
    }),
  );
}

/**
 * The run-it-twice panel. `send(action)` sends an intent. Returns whether the panel is asking
 * the question (the page then hides the usual action bar, which has nothing to offer meanwhile).
 */
export function createRunTwicePanel(container, { send }) {
  let sentFor = -1; // the version an answer was sent at: no double taps

  function answer(type, version) {
    sentFor = version;
    send({ type });
  }

  return function render(model) {
    const runTwice = model.runTwice;
    if (!runTwice || !runTwice.asking) {
      // Once answered, the board and the results say how it was run: the dock stays small.
      container.hidden = true;
      fill(container);
      return false;
    }
    container.hidden = false;
    container.dataset.mode = "asking";
    const total = (model.table.options && model.table.options.run_it_twice_seconds) || 15;
    const mine = model.actions.run_twice && model.actions.run_twice.allowed;
    const sent = sentFor === model.version;
    const names = new Map(model.seats.map((s) => [s.seat, s.isMe ? "you" : s.name]));
    const waiting = listWords(runTwice.waitingFor.map((seat) => names.get(seat) || `seat ${seat}`));
    const parts = [
      el("h2", { class: "rit-title", text: "Run it twice?" }),
      el("p", {
        class: "rit-help",
        text: "Everyone is all-in. Deal the rest of the board twice, each run winning half of every pot? Everyone must agree.",
      }),
      clockBar(model.deadline, total, "Time to answer"),
      whoList(model, runTwice),
    ];
    if (mine && !sent) {
      parts.push(
        el(
          "div",
          { class: "act-row rit-buttons", role: "group", "aria-label": "Run it twice?" },
          el("button", { type: "button", class: "act-button act-call", "data-action": "run_twice", onclick: () => answer("run_twice", model.version) }, "Run it twice"),
          el("button", { type: "button", class: "act-button", "data-action": "run_once", onclick: () => answer("run_once", model.version) }, "Once"),
        ),
      );
    } else {
      parts.push(el("p", { class: "rit-waiting", role: "status", text: sent ? "Sending\u2026" : `Waiting for ${waiting}` }));
    }
    fill(container, parts);
    return true;
  };
}
