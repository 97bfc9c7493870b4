// Staged Blind Hold'em (rule 3.2): each stage is its own moment on every phone. The banner says
// which stage the table has reached and, during the pause the table set, what comes next and
// in how many seconds (a countdown from the view's deadline, not an action clock: nobody acts).
// The engine says where the reveal stands (`hand.staged_reveal`, docs/protocol.md).
import { clockBar } from "./clock.js";
import { el, fill } from "./format.js";

const STAGES = {
  a: { number: 1, title: "The flop", now: "Each player turns one card face up, in turn.", done: "Everyone has turned one card face up." },
  b: { number: 2, title: "The turn", done: "Every second card is face up." },
  c: { number: 3, title: "The river", done: "All five board cards are out: the best hand takes the pot." },
};
const COMING = { b: "the turn, then every second card", c: "the river" };

/** `hand.staged_reveal` as the page uses it, or null when the hand is not revealed in stages. */
export function readStages(hand) {
  const data = hand && hand.staged_reveal;
  if (!data || typeof data !== "object" || !(data.stage in STAGES)) return null;
  return {
    stage: data.stage,
    next: data.next_stage in STAGES ? data.next_stage : null,
    seconds: typeof data.seconds === "number" && data.seconds > 0 ? data.seconds : 0,
  };
}

/** "Stage 2 of 3: The turn", as the banner says it. */
export function stageWords(stage) {
  return `Stage ${STAGES[stage].number} of 3: ${STAGES[stage].title}`;
}

/** Draw the stage banner (hidden when the hand has no stages). */
export function renderStages(container, model) {
  const stages = readStages(model.hand);
  if (!stages) {
    container.hidden = true;
    delete container.dataset.stage;
    fill(container);
    return;
  }
  const stage = STAGES[stages.stage];
  const turning = stages.stage === "a" && !stages.next && !model.hand.finished;
  container.hidden = false;
  container.dataset.stage = stages.stage;
  container.dataset.next = stages.next || "";
  const parts = [
    el(
      "p",
      { class: "stage-title" },
      el("span", { class: "stage-count", text: `Stage ${stage.number} of 3` }),
      " ",
      el("strong", { text: stage.title }),
    ),
    el("p", { class: "stage-what", text: turning ? stage.now : stage.done }),
  ];
  if (stages.next) {
    const bar = clockBar(model.deadline, stages.seconds, `Time until ${COMING[stages.next]}`);
    parts.push(
      el(
        "div",
        { class: "stage-next" },
        el("span", { class: "stage-next-what", text: `Next: ${COMING[stages.next]}${bar ? " in" : ", now"}` }),
        bar,
      ),
    );
  }
  fill(container, parts);
}
