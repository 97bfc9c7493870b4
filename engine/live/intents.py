"""Every intent a live table accepts: who may send it, and the function that answers it.

`engine.live.apply` looks an intent up here. Roles: "player" (a seat acting for itself),
"host" and "system" (the dealer's timers and the app's seating; the system may send any).
"""

from __future__ import annotations

from engine.live import dealing, fairness, player_settings, rulings, seating, settings, tournament
from engine.live.base import HOST, SYSTEM, IntentKind

PLAYER = "player"
_HOST_RULING = IntentKind(rulings.rule, frozenset({HOST}), changes_hand=True)

INTENTS: dict[str, IntentKind] = {
    # Dealing and playing (engine.live.dealing)
    "start_hand": IntentKind(dealing.start_hand, frozenset({HOST}), changes_hand=True),
    "pause": IntentKind(dealing.pause, frozenset({HOST})),
    "act": IntentKind(dealing.act, frozenset({PLAYER}), changes_hand=True),
    "timeout": IntentKind(dealing.timeout, frozenset({SYSTEM}), changes_hand=True),
    "rabbit_hunt": IntentKind(dealing.rabbit_hunt, frozenset({PLAYER})),
    # Seating (engine.live.seating)
    "sit": IntentKind(seating.sit, frozenset({HOST})),
    "leave": IntentKind(seating.leave, frozenset({PLAYER, HOST})),
    "sit_out": IntentKind(seating.sit_out, frozenset({PLAYER, HOST})),
    "sit_in": IntentKind(seating.sit_in, frozenset({PLAYER, HOST})),
    "straddle": IntentKind(seating.straddle, frozenset({PLAYER})),
    "change_seat": IntentKind(seating.change_seat, frozenset({HOST})),
    "set_stack": IntentKind(seating.set_stack, frozenset({HOST})),
    "move_chips": IntentKind(seating.move_chips, frozenset({HOST})),
    "move_button": IntentKind(seating.move_button, frozenset({HOST})),
    "presence": IntentKind(seating.presence, frozenset({SYSTEM}), passive=True),
    # A player's own setting (engine.live.player_settings): it decides nothing for the others,
    # unless it mucks the player's hand there and then.
    "auto_muck": IntentKind(player_settings.auto_muck, frozenset({PLAYER}), changes_hand=True, passive=True),
    # A phone's pledge for the next deal's shuffle, and its value once the deal is cut off
    # (engine.live.fairness). The last value deals the cards.
    "shuffle_pledge": IntentKind(fairness.pledge, frozenset({PLAYER}), passive=True, any_version=True),
    "shuffle_withdraw": IntentKind(fairness.withdraw, frozenset({PLAYER}), passive=True, any_version=True),
    "shuffle_value": IntentKind(
        dealing.shuffle_value, frozenset({PLAYER}), changes_hand=True, passive=True, any_version=True
    ),
    # Table settings (engine.live.settings)
    "options": IntentKind(settings.set_options, frozenset({HOST})),
    "set_game": IntentKind(settings.set_game, frozenset({HOST})),
    # Host rulings on the hand being played (engine.live.rulings.INTENT_RULINGS, and "ruling")
    "misdeal": _HOST_RULING,
    "exposed_card": _HOST_RULING,
    "award_pot": _HOST_RULING,
    "kill_hand": _HOST_RULING,
    "fold_away": _HOST_RULING,
    "undo": _HOST_RULING,
    "pause_hand": _HOST_RULING,
    "resume_hand": _HOST_RULING,
    "settle_out_of_turn": _HOST_RULING,
    "reveal_rest": _HOST_RULING,
    "ruling": _HOST_RULING,
    # A second person's yes or no to a host's ruling that voids or replaces cards while the host
    # holds cards (engine.live.second_yes): a seated player's phone or a co-host.
    "answer_ruling": IntentKind(
        rulings.answer_ruling, frozenset({PLAYER, HOST}), changes_hand=True, any_version=True
    ),
    # A tournament's dealer waiting for the clock (engine.live.tournament)
    "deal_waits": IntentKind(tournament.deal_waits, frozenset({SYSTEM})),
}
