// What I can choose about my seat, said with its reasons: straddle the next hand, come back after
// missing blinds (post now or wait for the big blind, with the amounts and the hand each deals me
// in), sit out, and rebuy once out of chips. Amounts and hands come from the engine's view.
import { chips, el } from "./format.js";

const POST_WORDS = {
  new_player_blind: "live",
  big_blind: "big blind",
  dead_small_blind: "dead",
  small_blind: "small blind",
};

/** "hand #14 (the next hand)" or "hand #16 (in 3 hands)". */
export function whichHand(number, handCount) {
  if (typeof number !== "number") return "when the table allows it";
  const ahead = number - handCount;
  return `hand #${number} (${ahead <= 1 ? "the next hand" : `in ${ahead} hands`})`;
}

/** "hand #16 (in 3 hands; sooner if Ann or Bob stays out)": players coming back together are
 * dealt in one big blind at a time, so the hand depends on whether those before me come back. */
function whenDealt(choice, handCount, seats) {
  const hand = whichHand(choice.hand_number, handCount);
  const before = (choice.sooner_if_out || []).map((number) => {
    const seat = seats.find((s) => s.seat === number);
    return seat ? seat.name || `seat ${number}` : `seat ${number}`;
  });
  if (typeof choice.sooner !== "number" || !before.length) return hand;
  const ahead = choice.sooner - handCount;
  const when = ahead <= 1 ? "the next hand" : `in ${ahead} hands`;
  const who = before.length === 1 ? `${before[0]} stays` : `${before.slice(0, -1).join(", ")} and ${before[before.length - 1]} stay`;
  return `${hand}, or ${when} if ${who} out`;
}

function postWords(posts) {
  const total = posts.reduce((sum, p) => sum + p.amount, 0);
  const parts = posts.map((p) => `${chips(p.amount)} ${POST_WORDS[p.kind] || p.kind.replace(/_/g, " ")}`);
  return { total, parts: parts.join(" + ") };
}

/** My seat in the table part of the view (status, requests, what I owe). */
export function mySeat(model) {
  return (model.table.seats || []).find((s) => model.me && s.seat === model.me.seat) || null;
}

/** "Straddle next hand": offered to the seat under the gun for the next hand, any time before it. */
export function straddleToggle(model, onIntent) {
  const next = model.table.next_hand || {};
  const mine = mySeat(model);
  if (!mine || next.straddle_seat !== mine.seat || mine.status !== "active") return null;
  const on = Boolean(mine.straddle);
  if (next.straddle_refusal && !on) {
    // "it must be exactly double the big blind": the reason, not a button that would be refused.
    return el("p", { class: "seat-note seat-straddle-refused" }, next.straddle_refusal);
  }
  const words = on
    ? `Straddling next hand: ${chips(next.straddle)} (tap to cancel)`
    : `Straddle next hand (${chips(next.straddle)})`;
  return seatToggle("straddle", on, words, onIntent);
}

/** A setting of my seat the table keeps, switched on and off by one intent with `on`. */
function seatToggle(intent, on, words, onIntent) {
  return el(
    "button",
    {
      type: "button",
      class: `seat-toggle seat-${intent.replace(/_/g, "-")}`,
      "data-action": intent,
      "aria-pressed": on ? "true" : "false",
      onclick: () => onIntent({ type: intent, on: !on }),
    },
    words,
  );
}

/** "Auto-muck beaten hands": my own setting, kept by the table; a hand it mucks is never shown. */
export function autoMuckToggle(model, onIntent) {
  const mine = mySeat(model);
  if (!mine) return null;
  const on = Boolean(model.autoMuck);
  return seatToggle("auto_muck", on, `Auto-muck beaten hands: ${on ? "on" : "off"}`, onIntent);
}

function postButton(post, handCount, seats, onIntent, instead = false) {
  const { total, parts } = postWords(post.posts);
  return el(
    "button",
    { type: "button", class: "act-button act-call", "data-action": "sit_in_post", onclick: () => onIntent({ type: "sit_in", entry: "post" }) },
    `Post ${chips(total)} now${instead ? " instead" : ""} (${parts}): dealt in ${whenDealt(post, handCount, seats)}`,
  );
}

function waitButton(wait, handCount, seats, onIntent, label = "Wait for the big blind") {
  return el(
    "button",
    { type: "button", class: "act-button", "data-action": "sit_in_wait", onclick: () => onIntent({ type: "sit_in", entry: "wait_for_big_blind" }) },
    `${label}: dealt in ${whenDealt(wait, handCount, seats)}`,
  );
}

/** Back after missing blinds: the casino rule's two ways in, each with its cost and its hand.
 * Once back, the other way stays offered until the deal that deals me in. */
function comingBack(model, mine, onIntent) {
  const choices = mine.entry_choices || [];
  const post = choices.find((c) => c.entry === "post");
  const wait = choices.find((c) => c.entry === "wait_for_big_blind");
  const handCount = model.table.hand_count || 0;
  const seats = model.table.seats || [];
  let text;
  const buttons = [];
  if (mine.status === "active" && mine.entry_chosen === "wait_for_big_blind" && wait) {
    text = `Waiting for the big blind: you are dealt in ${whenDealt(wait, handCount, seats)} and post only the big blind.`;
    if (post) buttons.push(postButton(post, handCount, seats, onIntent, true));
  } else if (mine.status === "active" && mine.entry_chosen === "post" && post) {
    const { total, parts } = postWords(post.posts);
    text = `You post ${chips(total)} (${parts}) and are dealt in ${whenDealt(post, handCount, seats)}.`;
    if (wait) buttons.push(waitButton(wait, handCount, seats, onIntent, "Wait for the big blind instead"));
  } else if (mine.status === "active") {
    return null;
  } else {
    text = "You missed blinds while you were out. Post them now to play sooner, or wait until the big blind reaches you and post nothing extra.";
    if (post) buttons.push(postButton(post, handCount, seats, onIntent));
    if (wait) buttons.push(waitButton(wait, handCount, seats, onIntent));
  }
  return el(
    "div",
    { class: "my-choice", role: "group", "aria-label": "Coming back in", "data-field": "entry-choice", "data-chosen": mine.entry_chosen || "" },
    el("p", { "data-field": "entry-note", text }),
    buttons.length ? el("div", { class: "act-row" }, buttons) : null,
  );
}

/** Every choice about my seat that applies now (between hands or when I am out of this one). */
export function seatChoices(model, { onIntent, rebuy }) {
  const mine = mySeat(model);
  if (!mine) {
    if (rebuy) rebuy.forget();
    return [];
  }
  if (mine.status === "busted") return rebuy ? [rebuy.form(model)] : [];
  if (rebuy) rebuy.forget();
  const list = [straddleToggle(model, onIntent)];
  if ((mine.entry_choices || []).length) list.push(comingBack(model, mine, onIntent));
  const me = model.me;
  const folded = me.status === "folded" || me.status === "mucked";
  const between = !model.inProgress || !me.inHand || folded;
  // A setting, chosen between hands: in a hand the room is the cards', the pot's and the buttons'.
  if (between) list.push(autoMuckToggle(model, onIntent));
  if (between && !(mine.status === "sitting_out" && (mine.entry_choices || []).length)) {
    const out = mine.status === "sitting_out";
    list.push(
      el(
        "button",
        { type: "button", class: "seat-toggle", "data-action": out ? "sit_in" : "sit_out", onclick: () => onIntent({ type: out ? "sit_in" : "sit_out" }) },
        out ? "I'm back: deal me in" : "Sit out next hands",
      ),
    );
  }
  return list.filter(Boolean);
}
