// The words people read for an action the engine names for the wire: "Run it twice", not
// `run_twice`. The action bar (actions.js) draws them; any other part may too.

// A house action's words on its button (the engine's names are for the wire, not for people).
export const ACTION_WORDS = { run_twice: "Run it twice", run_once: "Once" };
// The question a house action answers, said above its buttons.
export const SPECIAL_QUESTIONS = { run_twice: "Run it twice?", run_once: "Run it twice?" };

/** The words for an action's name: "run_twice" is "Run it twice"; an unknown name, spaced. */
export function actionWords(name) {
  if (ACTION_WORDS[name]) return ACTION_WORDS[name];
  const words = String(name).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
