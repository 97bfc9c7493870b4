// What a screen reader hears: one short line when something happens to this player ("Your
// turn: call 10, pot 16"), never a whole section re-read on every view, and nothing while
// nothing happens (a presence change or a ping redraws the page but says nothing).
import { cardsName } from "./cards.js";
import { chips } from "./format.js";
import { resultSentences } from "./results.js";
import { readStages, stageWords } from "./stages.js";

/** What the player is asked to do, in a few words: "call 10", "check", "show or muck". */
export function turnWords(actions) {
  const allowed = (name) => Boolean(actions[name] && actions[name].allowed);
  if ("show" in actions || "muck" in actions) return "show or muck";
  if (allowed("remove")) return "take one of your neighbour's cards";
  if (allowed("reveal")) return "turn one of your cards face up";
  const raise = allowed("raise") ? " or raise" : allowed("bet") ? " or bet" : "";
  if (allowed("check")) return `check${raise}`;
  if (allowed("call")) {
    const call = actions.call;
    return call.all_in ? `call ${chips(call.amount)}, all-in` : `call ${chips(call.amount)}${raise}`;
  }
  return "fold";
}

/** The line for a turn that has just come round. */
export function turnLine(model) {
  const pot = model.potShown;
  return `Your turn: ${turnWords(model.actions || {})}, pot ${chips(pot)}`;
}

/** The lines one view brings, compared with what was said before (`said` keeps the keys). */
export function linesFor(model, said) {
  const lines = [];
  const hand = model.hand;
  const me = model.me;
  if (!hand || !me) return lines;
  const number = hand.hand_number;
  // Each deal has its own commitment: after a misdeal the same hand number is dealt again, with
  // new cards, and the line must name them (not stay silent because the number is the same).
  const deal = `${number}:${model.commitment || ""}`;
  if (me.inHand && said.dealt !== deal && !model.void) {
    const again = said.dealtNumber === number;
    said.dealt = deal;
    said.dealtNumber = number;
    const mine = (Array.isArray(model.yourCards) ? model.yourCards : []).filter((c) => typeof c === "string" && c !== "??");
    const title = again ? `Hand #${number} dealt again` : `Hand #${number}`;
    lines.push(mine.length ? `${title}: your cards ${cardsName(mine)}.` : again ? `${title}.` : `${title} is dealt.`);
  }
  if (model.paused && said.paused !== number) {
    said.paused = number;
    lines.push(`Hand paused: ${model.paused.message || "waiting for the host"}.`);
  }
  const turn = model.myTurn ? `${number}:${hand.street}:${hand.phase}:${hand.current_bet}:${Object.keys(model.actions || {}).join()}` : "";
  if (turn && said.turn !== turn) lines.push(`${turnLine(model)}.`);
  said.turn = turn;
  const early = me.outOfTurn ? `${number}:${me.outOfTurn.action}:${me.outOfTurn.to || ""}` : "";
  if (early && said.early !== early) {
    const what = me.outOfTurn.to ? `${me.outOfTurn.action} to ${chips(me.outOfTurn.to)}` : me.outOfTurn.action;
    lines.push(`Out of turn, binding: ${what}.`);
  }
  said.early = early;
  // Staged Blind Hold'em: each stage is a moment for everyone at the table.
  const stages = readStages(hand);
  const stage = stages ? `${number}:${stages.stage}` : "";
  if (stage && said.stage !== stage) lines.push(`${stageWords(stages.stage)}.`);
  said.stage = stage;
  const asked = model.runTwice && model.runTwice.asking && model.actions.run_twice && model.actions.run_twice.allowed;
  if (asked && said.runTwice !== number) {
    said.runTwice = number;
    lines.push("Everyone is all-in: run it twice, or once?");
  }
  if (hand.finished && model.results.length && said.finished !== number) {
    said.finished = number;
    lines.push(`Hand #${number}: ${resultSentences(model).join(" ")}`);
  }
  return lines;
}

/**
 * Announce through `region` (a role=status element). Returns `announce(model)`; every line said
 * is kept in `announce.said` (the page's browser tests read it).
 */
export function createAnnouncer(region) {
  const keys = {};
  const history = [];
  function say(text) {
    history.push(text);
    // Emptied first, so a line equal to the last one is still a change the reader notices.
    region.textContent = "";
    setTimeout(() => {
      region.textContent = text;
    }, 100);
  }
  function announce(model) {
    const lines = linesFor(model, keys);
    if (lines.length) say(lines.join(" "));
  }
  announce.said = history;
  /** A line about something the views do not carry (a tournament standing from the seat page). */
  announce.say = say;
  return announce;
}
