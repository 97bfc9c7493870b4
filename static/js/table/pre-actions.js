// Pre-actions: "Check/Fold" and "Call any", chosen before your turn, on this phone only.
//
// Not binding, unlike acting out of turn (actions.js): nothing leaves the phone until the action
// reaches you, and then only as your ordinary action. A choice is dropped as soon as the bet in
// front of you changes (a bet or raise, the next street, the next hand): it was made for that
// bet, so you decide again.
import { el, fill } from "./format.js";

export const PRE_ACTIONS = [
  // (A break after the slash, for the compact row of a narrow phone.)
  { name: "check_fold", label: "Check/\u200bFold" },
  { name: "call_any", label: "Call any" },
];

/** The bet in front of me, as a key: a choice holds only while it stays the same. */
export function betKey(model) {
  const hand = model.hand || {};
  const me = model.me || {};
  return [hand.hand_number, hand.street, hand.current_bet, me.bet].join(":");
}

/** What a chosen pre-action sends once it is my turn, or null (nothing fits: I decide). */
export function actionFor(choice, actions) {
  const allowed = (name) => Boolean(actions && actions[name] && actions[name].allowed);
  if (choice === "check_fold") return allowed("check") ? { type: "check" } : allowed("fold") ? { type: "fold" } : null;
  if (choice === "call_any") return allowed("check") ? { type: "check" } : allowed("call") ? { type: "call" } : null;
  return null;
}

/** Whether pre-actions are offered: I am in a hand's betting round and it is not my turn. */
function offered(model) {
  const { hand, me } = model;
  return Boolean(hand && !hand.finished && hand.phase === "betting" && me && me.inHand && me.status === "active" && !model.myTurn);
}

/**
 * The pre-action toggles. `send(action)` sends an ordinary action. The returned `render(model)`
 * draws them and, when my turn comes with a choice still standing, sends it (once).
 */
// The most of the screen's height the pre-actions may take.
const ROOM_SHARE = 0.12;

export function createPreActions(container, { send }) {
  let choice = null;
  let key = "";
  let sentFor = -1;

  // A convenience, not needed to play: where the screen is short for the text size (a larger
  // text setting, a zoomed page, a phone on its side) it gives its room back to the cards, the
  // pot and the buttons, also when the text grows after it was drawn.
  function giveRoomBackIfShort() {
    if (!container.hidden && container.getBoundingClientRect().height > window.innerHeight * ROOM_SHARE) {
      choice = null;
      container.hidden = true;
      fill(container);
    }
  }
  if (typeof ResizeObserver === "function") new ResizeObserver(giveRoomBackIfShort).observe(container);

  function draw(model) {
    const row = PRE_ACTIONS.map((pre) =>
      el(
        "button",
        {
          type: "button",
          class: "pre-action",
          "data-action": `pre-${pre.name}`,
          "aria-pressed": choice === pre.name ? "true" : "false",
          onclick: () => {
            choice = choice === pre.name ? null : pre.name;
            draw(model);
          },
        },
        pre.label,
      ),
    );
    container.hidden = false;
    fill(
      container,
      el(
        "p",
        { class: "pre-action-label" },
        "Not binding",
        el("span", { class: "visually-hidden", text: ": chosen before your turn, not binding, cleared if the bet changes" }),
      ),
      el("div", { class: "act-row pre-action-row", role: "group", "aria-label": "Before your turn, not binding" }, row),
    );
  }

  return function render(model) {
    const now = betKey(model);
    if (now !== key) {
      choice = null; // the bet in front of me changed: the choice was for the old one
      key = now;
    }
    if (model.myTurn && choice) {
      const action = actionFor(choice, model.actions);
      choice = null;
      if (action && sentFor !== model.version) {
        sentFor = model.version;
        send(action);
      }
    }
    if (!offered(model)) {
      container.hidden = true;
      fill(container);
      return;
    }
    draw(model);
    giveRoomBackIfShort();
  };
}
