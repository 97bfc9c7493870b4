"""No door tells a viewer a card it may not see, in every game, with the host seated.

docs/design.md, Visibility: "No view ever contains the deck, the shuffle seed, or a burn card."
and "Views are not the only door. A refusal message, a ruling preview, a log line, a
download, a verify page or a CSV must never depend on a card its reader may not see: the
host usually plays."

Each game is played to its end with random legal decisions, the host sitting in seat 1. At
every step each viewer's view (what its socket frames carry) is checked against the deck:
no burn, no card still in the deck, no seed. The cards a viewer saw in its views are the
most any other door may show it: every ruling the host panel offers is previewed or
refused for every seat, the host's live felt shows only what the public sees, and after the
hand each viewer downloads its history, its PHH file
the whole night's PHH file and the verify page; then again once the night is closed, when the
seeds are revealed except those of a hand whose deck would give a player a card the rules keep
from them for good (a card taken in Crazy Blind Man: "No player may see the card that was taken
from them."). The players are called "As", "Kd" and "7h 2c", as a night from before such names
were refused may have stored them: a name opens, shows or previews no card.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from engine import live as engine_live
from engine import views as engine_views
from engine.config import Stakes
from engine.games import GAMES
from engine.house import crazy_blind_man
from engine.house.rabbit_hunt import rabbit_positions
from engine.live.fairness import pledge_of
from engine.table import set_game
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.services.hands.hand_replay import replayed_hand
from tables.services.hosting import host_rulings, hosting
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.conftest import new_host, new_night
from tables.tests.live_helpers import random_action
from tables.tests.made_once import made_once_for_the_module
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])")
NIGHT_HANDS = re.compile(r'<section class="card stack" id="night-hands">.*?</section>', re.S)
VIEWERS: tuple[engine_live.Actor, ...] = (1, 2, 3, "host", "public")


# Names like cards, as a night from before they were refused may have stored them. A name is
# never a card: no door may open, show or preview a card because a player is called by it. The
# scans leave the names out: a view's name fields (NAME_KEYS); in any text, a name as a word.
# A card field holding a card is still read, whatever the names.
CARD_NAMES = ("As", "Kd", "7h 2c")
NAME_KEYS = frozenset({"name", "players", "display_name"})
NAMED = re.compile(rf"(?<![0-9A-Za-z])(?:{'|'.join(re.escape(n) for n in CARD_NAMES)})(?![0-9A-Za-z])")


def _without_names(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_names(item) for key, item in value.items() if key not in NAME_KEYS}
    if isinstance(value, list | tuple):
        return [_without_names(item) for item in value]
    if isinstance(value, str) and not CARD.fullmatch(value):
        return NAMED.sub("NAME", value)  # "waiting for seat 1 (As)"
    return value


def _cards(value: Any) -> set[str]:
    """The cards named in a view, an answer, a page or a download, its players' names aside."""
    text = NAMED.sub("NAME", value) if isinstance(value, str) else json.dumps(_without_names(value))
    return set(CARD.findall(text))


def _stakes(game: str) -> Stakes:
    if game == "blind_holdem":
        return Stakes(fixed_stake=4)
    if "bomb" in game:
        return Stakes(bomb_ante=10)
    return Stakes(small_blind=1, big_blind=2)


@dataclass
class Seated:
    """A night's table before its game is set: the host in seat 1, two guests beside him, 300
    chips each bought in, and hands dealt only when asked for."""

    host: User
    night: Night
    table: Table
    players: list[Player]


def seat_as_stored(table: Table, names: Sequence[str]) -> list[Player]:
    """Guests seated in seats 1, 2, 3... under `names` as a night from before names like cards
    were refused may have stored them: joined under another name, renamed in the database, then
    seated (the table takes the stored name)."""
    players = []
    for number, name in enumerate(names, start=1):
        player = joining.join_night(table.night, f"Guest {number}")
        Player.objects.filter(pk=player.pk).update(display_name=name)
        player.refresh_from_db()
        seating.move_player(player, table, number)
        players.append(player)
    return players


def seat_the_host_and_two_guests(night: Night, host: User, name: str = "Main table") -> Seated:
    table = hosting.create_table(night, name=name, game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    # Seat 1 is the host's own seat: "the host usually plays".
    players = seat_as_stored(table, CARD_NAMES)
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    return Seated(host, night, table, players)


@pytest.fixture(scope="module", name="seated_once")
def seated_once_fixture(django_db_setup: None, django_db_blocker: Any) -> Iterator[Seated]:
    # Every test deals its own game at the same seated table: the seating is made once for a
    # module, each test's game and hands are rolled back after it (tables/tests/made_once.py).
    with made_once_for_the_module(django_db_blocker):
        host = new_host()
        yield seat_the_host_and_two_guests(new_night(host), host)


@pytest.fixture(name="seated")
def seated_fixture(seated_once: Seated, db: None) -> Seated:
    return copy.deepcopy(seated_once)


def _table(night: Night, host: User, game: str) -> tuple[Table, list[Player]]:
    """A new table of `night` seated for `game` (see `deal_game`), named after the game."""
    return deal_game(seat_the_host_and_two_guests(night, host, name=game), game)


def deal_game(seated: Seated, game: str) -> tuple[Table, list[Player]]:
    """The seated table set to deal `game` (and named after it), with a guest's pledge for the
    next shuffle in (deal it with `start_hand`)."""
    table, players = seated.table, seated.players
    if table.name != game:
        Table.objects.filter(pk=table.pk).update(name=game)
        table.name = game
    state = load_state(table.pk)
    state = replace(state, table=set_game(state.table, game, _stakes(game)))
    TableSnapshot.objects.filter(table=table).update(state=state.to_json(), updated_at=timezone.now())
    pledge = {"type": "shuffle_pledge", "pledge": pledge_of(GUEST_VALUE)}
    apply_intent(table.pk, player_actor(players[1].pk), pledge)
    return table, players


# The guest's value for the shuffle: pledged between hands, sent once the deal is cut off.
GUEST_VALUE = "b0" * 32


def start_hand(table: Table, players: list[Player], seed: str | None = None) -> None:
    """The host deals: the cut-off, every view checked while the deck is shuffled (the seed
    drawn at the cut-off is in no view), then the guest's value, which deals the cards. A deal
    with no pledge in (a later hand) deals at once."""
    apply_intent(table.pk, "host", {"type": "start_hand", **({"seed": seed} if seed else {})})
    state = load_state(table.pk)
    if state.shuffling is None:
        return
    for viewer in VIEWERS:
        shown = engine_live.view(state, viewer)
        assert not [s for s in _secrets(state) if s in json.dumps(shown)], f"a seed in {viewer}'s view"
        assert not _cards(shown), f"{viewer} sees a card before the deal"
    value = {"type": "shuffle_value", "value": GUEST_VALUE, "commitment": state.shuffling.commitment}
    apply_intent(table.pk, player_actor(players[1].pk), value)


def _secrets(state: engine_live.LiveTable) -> set[str]:
    shuffled = state.shuffling.seed if state.shuffling else None
    return {s for s in (state.seed, state.deck_seed, shuffled) if s}


def _check_views(state: engine_live.LiveTable, seen: dict[Any, set[str]], secrets: set[str]) -> None:
    hand = state.hand
    assert hand is not None
    # A Crazy Blind Man removal is discarded like a burn, but the other players saw that card.
    removed = {text for s in hand.seats for _, text in crazy_blind_man.removed_from(hand, s.seat)}
    # A card exposed during the deal is set aside as a burn, but face up: everyone saw it.
    exposed = {e["card"] for e in hand.extras.get("exposed", []) if e["dead"]}
    undealt = {str(c) for c in hand.deck[hand.next_card :]} | (
        {str(c) for c in hand.burned} - removed - exposed
    )
    for viewer in VIEWERS:
        data = engine_live.view(state, viewer)
        text = json.dumps(data)
        assert not [s for s in secrets if s in text], f"a seed in {viewer}'s view"
        shown = _cards(data)
        assert not shown & undealt, f"{viewer} sees {shown & undealt}, still in the deck or burned"
        seen[viewer] |= shown


def _ruling_answers(table: Table, host: User) -> list[str]:
    """Every ruling the panel offers, for every seat: the preview's changes or the refusal."""
    answers = []
    for ruling in host_rulings.available():
        for seat in ("1", "2", "3"):
            values = {"seat": seat, "stack": "50", "card_number": "1", "during_deal": "on"}
            try:
                answers += host_rulings.preview(table, host, ruling.key, values).changes
            except ActionRefused as refused:
                answers.append(str(refused))
    return answers


SYMBOL_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])")
SUIT_LETTERS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def felt_cards(client: Client, night: Night) -> set[str]:
    """The cards the host's live felt names, page and status, drawn as the phones draw them
    ("10♠") or as codes, its players' names aside (`_cards`)."""
    page = client.get(f"/host/nights/{night.pk}/felt/").content.decode()
    status = client.get(f"/host/nights/{night.pk}/felt/status.json").json()["html"]
    # CSRF tokens and links are random letters and digits: a piece of one is no card.
    text = re.sub(r'\b(value|href|src|action|content)="[^"]*"', "", page + status)
    as_codes = SYMBOL_CARD.sub(lambda m: ("T" if m[1] == "10" else m[1]) + SUIT_LETTERS[m[2]], text)
    return _cards(as_codes)


def _downloads(client: Client, table: Table, number: int) -> str:
    """Every download of the hand and of the night, its players' names left out (`_cards`)."""
    urls = [
        f"/tables/{table.pk}/hands.json",
        f"/tables/{table.pk}/hands/{number}.json",
        f"/tables/{table.pk}/hands/{number}.phh",
        # The whole night: every hand this viewer may see in one file, and their summary.
        f"/tables/{table.pk}/night.phhs",
        f"/tables/{table.pk}/night.json",
    ]
    parts = []
    for url in urls:
        text = client.get(url).content.decode()
        try:
            parts.append(json.dumps(_without_names(json.loads(text))))
        except ValueError:  # a hand history, or a page saying why there is none
            parts.append(NAMED.sub("NAME", text))
    return "\n".join(parts)


Chooser = Callable[[engine_live.LiveTable, random.Random], tuple[int, dict[str, Any]]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_door_shows_a_viewer_a_card_it_may_not_see(game: str, seated: Seated) -> None:
    table, players = deal_game(seated, game)
    host = seated.host
    server_seed = f"{sorted(GAMES).index(game) + 1:02x}" * 32
    _play_checking_every_door(table, players, host, server_seed, random.Random(game), random_action)


def _all_in_and_run_twice(state: engine_live.LiveTable, rnd: random.Random) -> tuple[int, dict[str, Any]]:
    """Everyone all-in preflop, then everyone agrees to run it twice."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    if actions.get("raise", {}).get("allowed"):
        return hand.to_act, {"type": "raise", "to": actions["raise"]["max_to"]}
    return hand.to_act, {
        "type": next(name for name in ("run_twice", "call", "check", "show") if name in actions)
    }


@pytest.mark.parametrize("game", ["nlhe", "short_deck"])
def test_no_door_shows_a_card_of_a_hand_run_twice(game: str, seated: Seated) -> None:
    """The second runout's burns are never shown; both boards are, to everyone."""
    table, players = deal_game(seated, game)
    host = seated.host
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False, "run_it_twice": True})
    hand = _play_checking_every_door(table, players, host, "5e" * 32, random.Random(1), _all_in_and_run_twice)
    assert len(hand.boards) == 2 and len(hand.burned) >= 6


def _check_call_and_remove(state: engine_live.LiveTable, rnd: random.Random) -> tuple[int, dict[str, Any]]:
    """Nobody folds: every player still in loses a card in the removal, then the showdown."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    name = next(name for name in ("check", "call", "remove", "show") if actions.get(name, {}).get("allowed"))
    action: dict[str, Any] = {"type": name}
    if name == "remove":
        action["index"] = rnd.choice(actions[name]["cards"])
    return hand.to_act, action


@pytest.mark.parametrize("game", crazy_blind_man.KEYS)
def test_no_door_shows_a_card_of_a_crazy_blind_man_hand_played_to_the_showdown(
    game: str, seated: Seated
) -> None:
    """Every player loses a card to the removal; the hand's seeds stay secret for good."""
    table, players = deal_game(seated, game)
    host = seated.host
    hand = _play_checking_every_door(
        table, players, host, "c4" * 32, random.Random(game), _check_call_and_remove
    )
    assert len(crazy_blind_man.removal(hand)["done"]) == 3 and hand.showdown_order
    assert not engine_views.seeds_may_be_revealed(hand)


def _play_checking_every_door(
    table: Table,
    players: list[Player],
    host: User,
    server_seed: str,
    rnd: random.Random,
    choose: Chooser,
    after_deal: Callable[[], None] | None = None,
) -> Any:
    """Play a hand with `choose` making each decision, checking every view at every step,
    the ruling previews every third step, and every download after the hand; returns the hand.
    `after_deal` runs once the cards are dealt (a host's ruling)."""
    start_hand(table, players, server_seed)
    if after_deal is not None:
        after_deal()
    host_client = Client()
    host_client.force_login(host)
    state = load_state(table.pk)
    secrets = _secrets(state) | {server_seed}
    seen: dict[Any, set[str]] = {viewer: set() for viewer in VIEWERS}
    steps = 0
    while True:
        state = load_state(table.pk)
        secrets |= _secrets(state)
        _check_views(state, seen, secrets)
        if steps % 3 == 0:
            knows = seen["host"] | seen[1]  # the host's own screen, and the cards of his seat
            for answer in _ruling_answers(table, host):
                assert not _cards(answer) - knows, f"{answer!r} tells the host a card"
            felt = felt_cards(host_client, table.night)
            assert not felt - seen["public"], f"the host's felt shows {felt - seen['public']}"
        if not state.hand_in_progress:
            break
        seat, action = choose(state, rnd)
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": action})
        steps += 1
    number = state.hand.config.hand_number
    assert Hand.objects.get(table=table, number=number).seed in secrets
    clients: dict[Any, Client] = {seat: phone_of(player) for seat, player in enumerate(players, 1)}
    clients["host"] = Client()
    clients["host"].force_login(host)
    clients["public"] = Client()
    for viewer, client in clients.items():
        text = _downloads(client, table, number)
        assert not _cards(text) - seen[viewer], f"{viewer}'s downloads show {_cards(text) - seen[viewer]}"
        page = client.get("/verify/", {"table": table.pk}).content.decode()
        assert not [s for s in secrets if s in text + page], f"a seed reaches {viewer}"
    _check_doors_once_closed(table, number, clients, seen, secrets)
    return state.hand


def _check_doors_once_closed(
    table: Table, number: int, clients: dict[Any, Client], seen: dict[Any, set[str]], secrets: set[str]
) -> None:
    """The night closes: its seeds are revealed, except those of a hand that would give a
    player a card kept from them for good (a card taken in Crazy Blind Man), whose verify entry
    opens instead the cards each reader saw. Still no door shows a viewer a card it did not see."""
    Night.objects.filter(pk=table.night_id).update(status=Night.Status.CLOSED)
    row = Hand.objects.get(table=table, number=number)
    kept = not engine_views.seeds_may_be_revealed(replayed_hand(row))
    for viewer, client in clients.items():
        text = _downloads(client, table, number)
        page = client.get("/verify/", {"table": table.pk}).content.decode()
        # The page also explains the algorithm, with a test deck naming every card: only its
        # hands count.
        hands_part = "".join(NIGHT_HANDS.findall(page))
        shown = _cards(text + hands_part) - seen[viewer]
        assert not shown, f"{viewer} sees {shown} once the night is closed"
        if kept:
            assert not [s for s in secrets if s in text + page], f"a kept seed reaches {viewer}"
        elif viewer != "public":  # the public may not read a closed night
            assert row.seed in page, f"{viewer} is not given the seed of hand {number}"


@pytest.mark.parametrize("game", ["nlhe", "plo", "short_deck"])
def test_an_exposed_card_shows_every_viewer_that_card_and_nothing_else(game: str, seated: Seated) -> None:
    """ "That card is set aside and treated as a burn": flipped face up, so every screen shows
    it, and nothing else changes hands: the card that replaces it is its owner's alone. Then the
    hand is played out through every door."""
    table, players = deal_game(seated, game)
    host = seated.host
    ruled: dict[str, Any] = {}

    def rule_exposed() -> None:
        state = load_state(table.pk)
        before = {viewer: _cards(engine_live.view(state, viewer)) for viewer in VIEWERS}
        dead = str(state.hand.seat(2).hole[0])
        values = {"seat": "2", "card_number": "1", "during_deal": "on"}
        host_rulings.apply_ruling(
            table, host, "exposed_card", values, "flipped as it was dealt", state.version
        )
        after = load_state(table.pk)
        replacement = str(after.hand.seat(2).hole[0])
        assert replacement != dead
        for viewer in VIEWERS:
            new = _cards(engine_live.view(after, viewer)) - before[viewer]
            # Seat 2 knew its own card already, and now holds the replacement.
            assert new == ({replacement} if viewer == 2 else {dead}), (viewer, new)
            assert engine_live.view(after, viewer)["hand"]["dead_cards"] == [{"seat": 2, "card": dead}]
        ruled["dead"] = dead

    hand = _play_checking_every_door(
        table, players, host, "3c" * 32, random.Random(game), random_action, after_deal=rule_exposed
    )
    assert ruled["dead"] in {str(c) for c in hand.burned}


RABBIT_GAMES = sorted(key for key, game in GAMES.items() if any(o.key == "rabbit_hunt" for o in game.options))


@pytest.mark.parametrize("game", RABBIT_GAMES)
def test_the_rabbit_shows_every_viewer_only_the_board_that_would_have_come(game: str, seated: Seated) -> None:
    """Rabbit hunt: "only board cards, never anyone's hole cards". Everyone folds to the big
    blind; a player asks for the rabbit; no view or download shows more than before plus the
    board cards that would have come, and never a burn."""
    table, players = deal_game(seated, game)
    state = load_state(table.pk)
    options = replace(state.options, game_options={"rabbit_hunt": True})
    TableSnapshot.objects.filter(table=table).update(state=replace(state, options=options).to_json())
    start_hand(table, players, "ab" * 32)
    seen: dict[Any, set[str]] = {viewer: set() for viewer in VIEWERS}
    while (state := load_state(table.pk)).hand_in_progress:
        _check_views(state, seen, _secrets(state))
        apply_intent(
            table.pk, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        )
    hand = state.hand
    _check_views(state, seen, _secrets(state))
    asker = next(p for number, p in enumerate(players, 1) if number != 1 and hand.seat(number))
    apply_intent(table.pk, player_actor(asker.pk), {"type": "rabbit_hunt"})
    after = load_state(table.pk)
    rabbit = {str(after.hand.deck[p]) for board in rabbit_positions(hand) for p in board}
    assert len(rabbit) == 5 and not rabbit & {str(c) for s in hand.seats for c in s.hole}
    for viewer in VIEWERS:
        data = engine_live.view(after, viewer)
        assert {c for board in data["hand"]["rabbit"]["boards"] for c in board} == rabbit
        assert _cards(data) - seen[viewer] == rabbit, f"{viewer} sees more than the rabbit"
        seen[viewer] |= rabbit
    # The request is in the hand's log, and a second one is refused.
    assert (
        Hand.objects.get(table=table, number=hand.config.hand_number)
        .events.filter(kind="rabbit_hunt")
        .exists()
    )
    with pytest.raises(ActionRefused, match="hunted already"):
        apply_intent(table.pk, player_actor(players[0].pk), {"type": "rabbit_hunt"})
    clients: dict[Any, Client] = {seat: phone_of(player) for seat, player in enumerate(players, 1)}
    clients["public"] = Client()
    for viewer, client in clients.items():
        text = _downloads(client, table, hand.config.hand_number)
        assert not _cards(text) - seen[viewer], f"{viewer}'s downloads show {_cards(text) - seen[viewer]}"
