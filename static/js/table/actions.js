// The action bar: what the player can do now, with the reasons for what they cannot.
//
// On your turn: Fold, Check or Call, Bet or Raise (slider, quick sizes, exact entry; the
// fixed size in fixed-limit; capped at the pot in pot-limit), Show or Muck at showdown, and
// the game-specific choices (Crazy Blind Man's removal, Blind Hold'em's reveal).
// Before your turn: Fold, Check or Call offered as binding out-of-turn actions (house rule:
// "Acting out of turn isn't allowed, but if you do, it's binding"), kept here and sent when
// the action reaches you.
import { clamp, quickSizes } from "./amounts.js";
import { cardElement, cardName } from "./cards.js";
import { SPECIAL_QUESTIONS, actionWords } from "./action-words.js";
import { chips, el, fill } from "./format.js";
import { leftNeighbour } from "./model.js";

const BETTING_ACTIONS = new Set(["fold", "check", "call", "bet", "raise"]);

function reasonId(name) {
  return `reason-${name}`;
}

function button(label, { kind = "", disabled = false, reason = "", onClick, name = "" } = {}) {
  return el(
    "button",
    {
      type: "button",
      class: `act-button ${kind}`.trim(),
      disabled: disabled || null,
      "aria-describedby": disabled && reason ? reasonId(name) : null,
      "data-action": name || null,
      onclick: disabled ? null : onClick,
    },
    label,
  );
}

/** The chips a call would put in (0 when there is nothing to call). */
function callAmount(actions) {
  return actions.call && actions.call.allowed ? actions.call.amount : 0;
}

function reasons(actions, names) {
  const items = names
    .filter((name) => actions[name] && !actions[name].allowed && actions[name].reason)
    .map((name) => el("li", { id: reasonId(name), text: actions[name].reason }));
  return items.length ? el("ul", { class: "act-reasons" }, items) : null;
}

/** Whether the bar may move the keyboard's focus: not out of a dialog, nor from a field being typed in. */
function mayTakeFocus(container) {
  if (document.querySelector("dialog[open]")) return false;
  const active = document.activeElement;
  if (!active || active === document.body || container.contains(active) || active.contains(container)) return true;
  return !active.matches("input, select, textarea, [contenteditable]");
}

/**
 * The action bar. `send(action)` sends an intent and returns its client id; `confirm(text,
 * ok, mode)` resolves true when the player confirms; `dismiss(mode)` closes a confirmation
 * asked in another mode than `mode` (an early action's, once the turn has come).
 *
 * The keyboard: focus goes to the first action when the turn comes, to the amount field when
 * Raise is opened from the keyboard, back to Raise on Escape; a control redrawn under the focus
 * hands it to its new self, or to the bar, never to the top of the page.
 */
export function createActionBar(container, { send, confirm, dismiss = () => {} }) {
  let signature = "";
  let amount = null; // the chosen bet/raise "to", kept across views of the same decision
  let amountKey = "";
  let selectedCard = null;
  let sizing = ""; // the decision whose bet sizing panel is open
  let waiting = false; // an intent is on its way: no double taps
  let focusedTurn = ""; // the decision whose first action has had the focus
  let focusNext = ""; // a selector to focus after the next drawing (the amount field, Raise...)

  /** Open or close the sizing panel; from the keyboard, the focus follows. */
  function openSizing(decision, event) {
    sizing = decision;
    signature = "";
    focusNext = event && event.detail === 0 ? ".act-exact" : "";
    render(lastModel);
  }

  function closeSizing(back) {
    sizing = "";
    signature = "";
    focusNext = back;
    render(lastModel);
  }

  function act(action) {
    waiting = true;
    signature = "";
    send(action);
    render(lastModel);
  }

  let lastModel = null;
  let lastVersion = -1;

  /** Everything the bar's drawing depends on: the same key means nothing to redraw. */
  function keyOf(model) {
    // Not the version itself: a view that only says who is connected must not redraw the bar
    // under the player's thumb (or the amount they are typing).
    const hand = model.hand || {};
    const me = model.me || {};
    return JSON.stringify([
      waiting, amount, selectedCard, model.myTurn, sizing, model.legal,
      hand.hand_number, hand.phase, hand.street, hand.current_bet, hand.finished,
      me.seat, me.bet, me.stack, me.status, me.inHand, me.outOfTurn,
    ]);
  }

  /** "turn", "early" (acting out of turn is offered) or "idle". */
  function modeOf(model) {
    const { hand, me } = model;
    if (!hand || !me || !me.inHand) return "idle";
    if (model.myTurn) return "turn";
    if (!hand.finished && hand.phase === "betting" && me.status === "active") return "early";
    return "idle";
  }

  function render(model) {
    lastModel = model;
    if (!model) return;
    if (model.version !== lastVersion) {
      // A newer view answers whatever was on its way.
      lastVersion = model.version;
      waiting = false;
    }
    const mode = modeOf(model);
    // "It is not your turn..." must not stay on screen once it is.
    dismiss(mode);
    const key = keyOf(model);
    if (key === signature) return;
    signature = key;
    const active = document.activeElement;
    const hadFocus = container.contains(active);
    const focusedAction = hadFocus && active.dataset ? active.dataset.action || "" : "";
    container.dataset.mode = "idle";
    if (mode === "turn") renderTurn(model);
    else if (mode === "early") renderOutOfTurn(model);
    else fill(container);
    settleFocus(model, mode, hadFocus, focusedAction);
  }

  /** Focus the first action of a turn not focused yet (when nothing else holds the keyboard). */
  function takeTurnFocus(model, mode) {
    const hand = model.hand || {};
    const decision = mode === "turn" && !waiting ? `${hand.hand_number}:${hand.street}:${hand.phase}:${hand.current_bet}` : "";
    if (!decision || decision === focusedTurn || !mayTakeFocus(container)) return false;
    focusedTurn = decision;
    const first = container.querySelector("button:not(:disabled), input");
    if (first) first.focus();
    return Boolean(first);
  }

  function settleFocus(model, mode, hadFocus, focusedAction) {
    const wanted = focusNext ? container.querySelector(focusNext) : null;
    focusNext = "";
    if (wanted) {
      wanted.focus();
      if (wanted.select) wanted.select();
      return;
    }
    if (takeTurnFocus(model, mode)) return;
    if (!hadFocus) return;
    // An empty bar is not drawn at all (table.css), so the focus cannot stay on it.
    const active = document.activeElement;
    if (container.contains(active) && (active !== container || container.childElementCount)) return;
    // What had the focus was redrawn: its new self if there is one, else the bar (or the dock
    // around it when the bar is empty), so the next Tab goes on from here.
    const again = focusedAction ? container.querySelector(`[data-action="${focusedAction}"]:not(:disabled)`) : null;
    const home = container.childElementCount ? container : container.closest("[tabindex]:not(#actions)");
    (again || home)?.focus();
  }

  // Your turn ---------------------------------------------------------------------------------

  function renderTurn(model) {
    const { actions } = model;
    container.dataset.mode = "turn";
    if (waiting) {
      return fill(container, el("p", { class: "act-waiting", text: "Sending\u2026" }));
    }
    const names = Object.keys(actions);
    const special = names.filter((name) => !BETTING_ACTIONS.has(name) && name !== "show" && name !== "muck");
    if (special.length) return renderSpecial(model, special);
    if ("show" in actions || "muck" in actions) return renderShowdown(model);
    return renderBetting(model);
  }

  function renderBetting(model) {
    const { actions, hand, me } = model;
    const row = [];
    const disabled = [];
    const checkIsFree = Boolean(actions.check && actions.check.allowed);
    const fold = async () => {
      // A fold when checking costs nothing is almost always a slip of the thumb: ask first.
      if (checkIsFree && !(await confirm("Checking costs nothing. Fold anyway?", "Fold", "turn"))) return;
      act({ type: "fold" });
    };
    row.push(button("Fold", { kind: "act-fold", name: "fold", onClick: fold }));
    if (checkIsFree) {
      row.push(button("Check", { kind: "act-check", name: "check", onClick: () => act({ type: "check" }) }));
    } else if (actions.call && actions.call.allowed) {
      const label = actions.call.all_in ? `All-in ${chips(actions.call.amount)}` : `Call ${chips(actions.call.amount)}`;
      row.push(button(label, { kind: "act-call", name: "call", onClick: () => act({ type: "call" }) }));
    } else {
      const info = actions.check || {};
      row.push(button("Check", { kind: "act-check", name: "check", disabled: true, reason: info.reason }));
      disabled.push("check");
    }
    const word = actions.raise && actions.raise.allowed ? "raise" : actions.bet && actions.bet.allowed ? "bet" : null;
    const Word = word === "raise" ? "Raise" : "Bet";
    const decision = `${hand.hand_number}:${hand.street}:${hand.current_bet}`;
    const parts = [];
    if (word && actions[word].fixed) {
      const to = actions[word].min_to;
      row.push(button(`${Word} to ${chips(to)}`, { kind: "act-raise", name: word, onClick: () => act({ type: word, to }) }));
      parts.push(el("p", { class: "act-note", text: `Fixed limit: ${word}s are ${chips(to - (hand.current_bet || 0))}.` }));
    } else if (word && sizing !== decision) {
      // The sizing panel opens on demand, so the felt keeps the screen the rest of the time.
      row.push(button(`${Word}\u2026`, { kind: "act-raise", name: "size", onClick: (event) => openSizing(decision, event) }));
    } else if (word) {
      parts.push(amountPanel(model, word, actions[word], { toCall: callAmount(actions) }));
    } else {
      const name = hand.current_bet ? "raise" : "bet";
      row.push(button(name === "raise" ? "Raise" : "Bet", { kind: "act-raise", name, disabled: true, reason: (actions[name] || {}).reason }));
      disabled.push(name);
    }
    fill(
      container,
      el("div", { class: "act-row", role: "group", "aria-label": "Your action" }, row),
      parts,
      reasons(actions, disabled),
      el("p", { class: "visually-hidden", text: `You have ${chips(me.stack)} chips behind.` }),
    );
  }

  /**
   * The bet sizing panel: what there is to call, the quick sizes, the slider and the exact amount
   * (its body, which scrolls by itself where the screen is short), then Cancel and the bet. `opener`
   * is the data-action of the button that opened it (focus goes back there).
   */
  function amountPanel(model, word, info, { submitTo = (to) => act({ type: word, to }), opener = "size", toCall = 0 } = {}) {
    const { hand, me } = model;
    const Word = word === "raise" ? "Raise" : "Bet";
    const low = info.min_to;
    const high = info.max_to;
    const key = `${hand.hand_number}:${hand.street}:${hand.current_bet}:${low}:${high}`;
    if (key !== amountKey || amount === null) {
      amountKey = key;
      amount = low;
    }
    amount = clamp(amount, low, high);
    const table = { pot: model.pot, betsTotal: model.betsTotal, currentBet: hand.current_bet || 0, myBet: me.bet };
    // What is sent is the amount the button reads: never a number re-read from the field.
    const submit = button(`${Word} to ${chips(amount)}`, {
      kind: "act-raise",
      name: word,
      onClick: () => {
        if (amount !== null) submitTo(amount);
      },
    });
    const slider = el("input", {
      type: "range",
      class: "act-slider",
      min: low,
      max: high,
      step: 1,
      value: amount,
      "aria-label": `${Word} to`,
    });
    const exact = el("input", {
      type: "number",
      class: "act-exact",
      inputmode: "numeric",
      min: low,
      max: high,
      step: 1,
      value: amount,
      "aria-label": `${Word} to, exact amount from ${low} to ${high}`,
    });
    const hint = el("p", { class: "act-note act-range", role: "status", hidden: true });
    const setAmount = (value, from) => {
      amount = clamp(value, low, high);
      submit.textContent = `${Word} to ${chips(amount)}`;
      submit.disabled = false;
      hint.hidden = true;
      if (from !== slider) slider.value = String(amount);
      if (from !== exact) exact.value = String(amount);
      signature = keyOf(model); // the panel already shows this amount: no redraw needed
    };
    // Every keystroke: a number in range moves the slider and the button with it; anything else
    // (a half-typed 1 on the way to 150) leaves nothing to send until it is one.
    const typed = () => {
      const text = exact.value.trim();
      const value = Number(text);
      if (text !== "" && Number.isInteger(value) && value >= low && value <= high) return setAmount(value, exact);
      amount = null;
      submit.textContent = `${Word} to \u2026`;
      submit.disabled = true;
      hint.textContent = `Type an amount from ${chips(low)} to ${chips(high)}.`;
      if (hint.hidden) {
        hint.hidden = false;
        // Where the panel scrolls by itself (a short screen), the reason Raise waits comes into sight.
        hint.scrollIntoView({ block: "nearest" });
      }
      signature = keyOf(model); // keep what is being typed through views that change nothing here
    };
    slider.addEventListener("input", () => setAmount(slider.value, slider));
    exact.addEventListener("input", typed);
    // Enter sends what the button reads, and only an amount typed in range (never one brought
    // into range behind the player's back); otherwise it brings the amount into range, shown.
    exact.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      if (amount !== null && String(amount) === exact.value.trim()) submitTo(amount);
      else setAmount(exact.value, null);
    });
    // When the player is done typing, an amount out of range is brought into it, shown everywhere.
    exact.addEventListener("change", () => setAmount(exact.value, null));
    exact.addEventListener("blur", () => setAmount(exact.value, null));
    const quick = quickSizes(info, table).map((size) =>
      el("button", { type: "button", class: "act-quick", onclick: () => setAmount(size.to, null) }, size.label),
    );
    const cap = high < info.all_in_to ? el("p", { class: "act-note", text: `Pot limit: at most ${chips(high)}.` }) : null;
    const cancel = () => closeSizing(`[data-action="${opener}"]`);
    // Said again here: on a narrow screen the panel takes Call's place (table.css).
    const owed = el("p", { class: "act-note act-to-call" }, toCall ? ["To call: ", el("strong", { text: chips(toCall) })] : "Nothing to call");
    return el(
      "div",
      {
        class: "act-amount",
        role: "group",
        "aria-label": `${Word} amount`,
        // Escape cancels the raise, as Cancel does.
        onkeydown: (event) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          cancel();
        },
      },
      owed,
      el(
        "div",
        { class: "act-amount-body" },
        el("div", { class: "act-quick-row", role: "group", "aria-label": "Quick sizes" }, quick),
        el("div", { class: "act-amount-row" }, slider, exact),
        hint,
        cap,
      ),
      el("div", { class: "act-row act-amount-end" }, el("button", { type: "button", class: "act-quick act-cancel", "data-action": "cancel-size", onclick: cancel }, "Cancel"), submit),
    );
  }

  function renderShowdown(model) {
    const { actions } = model;
    const row = [];
    for (const [name, label] of [["show", "Show"], ["muck", "Muck"]]) {
      const info = actions[name];
      if (!info) continue;
      // "Mucked cards are dead": a hand nothing tabled beats yet is mucked only after one question.
      const mayWin = name === "muck" && info.could_win;
      const onClick = async () => {
        if (mayWin && !(await confirm("No hand shown beats yours. Muck it anyway? Mucked cards are dead.", "Muck", "turn"))) return;
        act({ type: name });
      };
      row.push(button(label, { kind: `act-${name}`, name, disabled: !info.allowed, reason: info.reason, onClick }));
    }
    fill(
      container,
      el("p", { class: "act-note", text: "Showdown: show your hand or muck it. If time runs out, the cards speak: a winning hand is shown." }),
      el("div", { class: "act-row", role: "group", "aria-label": "Showdown" }, row),
      reasons(actions, ["show", "muck"]),
    );
  }

  // Game-specific choices: pick a card ---------------------------------------------------------

  function renderSpecial(model, names) {
    const { actions } = model;
    const name = names[0];
    const info = actions[name] || {};
    if (!info.allowed) {
      return fill(container, el("p", { class: "act-note", text: info.reason || `You cannot ${actionWords(name).toLowerCase()} now.` }));
    }
    if (name === "remove") return renderPicker(model, name, info, removalChoices(model, info));
    if (name === "reveal") return renderPicker(model, name, info, revealChoices(model, info));
    // Words, never the engine's names: "Run it twice?", not `run_twice`.
    const allowed = names.filter((n) => actions[n] && actions[n].allowed);
    const question = SPECIAL_QUESTIONS[name] || "";
    fill(
      container,
      question ? el("p", { class: "act-note", text: question }) : null,
      el(
        "div",
        { class: "act-row", role: "group", "aria-label": question || "Your action" },
        allowed.map((n) => button(actionWords(n), { name: n, onClick: () => act({ type: n }) })),
      ),
    );
  }

  function removalChoices(model, info) {
    // The engine names the seat (`from_seat`) and offers the cards by index, in the order
    // this viewer's view lists that seat's cards.
    const fromSeat = typeof info.from_seat === "number" ? info.from_seat : info.from;
    const from = typeof fromSeat === "number" ? model.seats.find((s) => s.seat === fromSeat) : leftNeighbour(model.seats, model.mySeat);
    const codes = from && Array.isArray(from.cards) ? from.cards : [];
    const offered = Array.isArray(info.cards) ? info.cards : codes.map((_, index) => index);
    return {
      title: `Take one of ${from ? from.name : "your left neighbour"}'s cards`,
      help: "They will never see which card you took.",
      cards: offered.map((item, position) => {
        const index = typeof item === "number" ? item : position;
        const code = typeof item === "string" ? item : codes[index] || null;
        return { code, index, label: code ? `the ${cardName(code)}` : `card ${index + 1}` };
      }),
      verb: "Remove",
      param: info.param || "index",
    };
  }

  function revealChoices(model, info) {
    // Blind Hold'em offers the hole cards by index; I may or may not see them myself.
    const mine = Array.isArray(model.yourCards) ? model.yourCards : [];
    const count = mine.length || (model.me && model.me.cardCount) || 2;
    const offered = Array.isArray(info.cards) ? info.cards : Array.from({ length: count }, (_, i) => i);
    const up = new Set((model.me && model.me.faceUp) || []);
    const cards = offered
      .map((item, position) => (typeof item === "number" ? item : position))
      .map((index) => {
        const code = typeof mine[index] === "string" ? mine[index] : null;
        const where = index === 0 ? "your first card" : index === 1 ? "your second card" : `your card ${index + 1}`;
        return { code, index, label: code ? `${where} (${cardName(code)})` : where };
      })
      .filter((c) => !c.code || !up.has(c.code));
    return { title: "Turn one of your cards face up", help: "", cards, verb: "Turn", param: info.param || "index" };
  }

  function renderPicker(model, name, info, choice) {
    container.dataset.mode = "pick";
    const options = choice.cards.map((c) =>
      cardElement(c.code, {
        size: "lg",
        label: c.label,
        selected: selectedCard === c.index,
        onSelect: () => {
          selectedCard = c.index;
          render(model);
        },
      }),
    );
    const chosen = choice.cards.find((c) => c.index === selectedCard) || null;
    const value = (c) => (choice.param === "index" ? c.index : c.code);
    const go = button(chosen ? `${choice.verb} ${chosen.label}` : `Choose a card`, {
      kind: "act-raise",
      name,
      disabled: !chosen,
      onClick: async () => {
        if (!(await confirm(`${choice.verb} ${chosen.label}?`, choice.verb, "turn"))) return;
        selectedCard = null;
        act({ type: name, [choice.param]: value(chosen) });
      },
    });
    fill(
      container,
      el("p", { class: "act-title", text: choice.title }),
      choice.help ? el("p", { class: "act-note", text: choice.help }) : null,
      el("div", { class: "act-pick", role: "group", "aria-label": choice.title }, options),
      el("div", { class: "act-row" }, go),
    );
  }

  // Out of turn -------------------------------------------------------------------------------

  function earlyConfirmText(label) {
    return `It is not your turn. Acting out of turn isn't allowed, but if you do, it's binding: "${label}" will be your action when it reaches you.`;
  }

  function renderOutOfTurn(model) {
    const { me } = model;
    container.dataset.mode = "early";
    // The engine keeps a binding out-of-turn action: it offers the choice and says what is pending.
    const early = model.legal && model.legal.out_of_turn ? model.legal.out_of_turn : null;
    const posted = me.outOfTurn || (early && early.pending) || null;
    if (posted) {
      const what = posted.to && posted.action !== "fold" && posted.action !== "check" ? `${posted.action} to ${chips(posted.to)}` : posted.action;
      return fill(container, el("p", { class: "act-early-queued" }, `Out of turn, binding: ${what}. It stands when the action reaches you.`));
    }
    if (!early) return fill(container);
    return renderEngineOutOfTurn(model, early);
  }

  function renderEngineOutOfTurn(model, early) {
    if (!early.allowed) return fill(container);
    const { hand } = model;
    const actions = early.actions || {};
    const choices = [];
    if (actions.fold && actions.fold.allowed) choices.push({ type: "fold", label: "Fold" });
    if (actions.check && actions.check.allowed) choices.push({ type: "check", label: "Check" });
    else if (actions.call && actions.call.allowed) choices.push({ type: "call", label: `Call ${chips(actions.call.amount)}` });
    const bind = async (label, action) => {
      if (!(await confirm(earlyConfirmText(label), `${label} out of turn`, "early"))) return;
      sizing = "";
      act({ ...action, out_of_turn: true });
    };
    const row = choices.map((c) =>
      button(c.label, { kind: "act-early", name: `early-${c.type}`, onClick: () => bind(c.label, { type: c.type }) }),
    );
    const word = actions.raise && actions.raise.allowed ? "raise" : actions.bet && actions.bet.allowed ? "bet" : null;
    const decision = `early:${hand.hand_number}:${hand.street}:${hand.current_bet}`;
    let panel = null;
    if (word && sizing !== decision) {
      const Word = word === "raise" ? "Raise" : "Bet";
      row.push(button(`${Word}\u2026`, { kind: "act-early", name: "early-size", onClick: (event) => openSizing(decision, event) }));
    } else if (word) {
      const Word = word === "raise" ? "Raise" : "Bet";
      panel = amountPanel(model, word, actions[word], {
        submitTo: (to) => bind(`${Word} to ${chips(to)}`, { type: word, to }),
        opener: "early-size",
        toCall: callAmount(actions),
      });
    }
    fill(
      container,
      el("p", { class: "act-early-label", text: "Act now: binding" }),
      el("div", { class: "act-row act-row-early", role: "group", "aria-label": "Act out of turn (binding)" }, row),
      panel,
    );
  }

  return {
    render,
    /** A dialog closed: the turn that came meanwhile takes the focus now. */
    reclaimFocus() {
      if (lastModel) takeTurnFocus(lastModel, modeOf(lastModel));
    },
    /** The server answered (view, ack or error): the bar may be used again. */
    settled() {
      waiting = false;
      signature = "";
      render(lastModel);
    },
  };
}
