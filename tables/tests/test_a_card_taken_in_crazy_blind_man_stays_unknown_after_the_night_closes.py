"""A card taken in Crazy Blind Man stays unknown to its owner, even once the night is closed.

Crazy Blind Man: "The removed card is discarded. No player may see the card that was taken
from them." ... "B never learns which card was taken." docs/design.md, Visibility: "a removed card
is never shown to the player it was taken from, not even in history", and "a download, a
verify page or a CSV must never depend on a card its reader may not see".

The seeds of a hand give its whole deck, and the night's close reveals them (docs/design.md,
Shuffling): that is fine for folded hands, but it would tell each Crazy Blind Man player the
card taken from them. So a hand in which a card was taken is kept out of the reveal, and its
verify entry checks what can be checked without the deck: the openings of the cards its
reader saw. A No-Limit hand of the same night is revealed and checked as before.
"""

from __future__ import annotations

import copy
import html
import json
import re
import shlex
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from engine.config import Stakes
from engine.house import crazy_blind_man
from engine.live import LiveTable
from engine.shuffle import deck_root, deck_seed, shuffled_deck
from engine.shuffle import main as shuffle_command
from engine.table import set_game
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.services.hands.hand_replay import replayed_hand
from tables.services.ledger import closing
from tables.tests.conftest import new_host, new_night
from tables.tests.made_once import made_once_for_the_module
from tables.tests.test_privacy_every_game import _cards, _table, start_hand
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

HEX_64 = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])")
NIGHT_HANDS = re.compile(r'<section class="card stack" id="night-hands">.*?</section>', re.S)
BO = 2  # the seat whose card is taken, and who then goes looking for it


def _passive(state: LiveTable) -> tuple[int, dict[str, Any]]:
    """Check or call to the end; a removal takes the first card offered."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    for name in ("check", "call", "remove", "show"):
        if actions.get(name, {}).get("allowed"):
            action: dict[str, Any] = {"type": name}
            if name == "remove":
                action["index"] = actions[name]["cards"][0]
            return hand.to_act, action
    raise AssertionError(f"no passive action in {sorted(actions)}")


def _play(table: Table, players: list[Player], seed: str) -> Hand:
    start_hand(table, players, seed)
    while (state := load_state(table.pk)).hand_in_progress:
        seat, action = _passive(state)
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": action})
    return Hand.objects.get(table=table, number=state.hand.config.hand_number)


def _switch_game(table: Table, game: str) -> None:
    state = load_state(table.pk)
    state = replace(state, table=set_game(state.table, game, Stakes(small_blind=1, big_blind=2)))
    TableSnapshot.objects.filter(table=table).update(state=state.to_json(), updated_at=timezone.now())


def _gives_the_deck(text: str, row: Hand) -> list[str]:
    """Every 64-hex-digit value in `text` from which the deck committed for `row` comes, taken
    as its server seed (mixed with the phones' values) or as the deck seed itself."""
    values = [bytes.fromhex(v) for v in row.contributions.values()]
    found = []
    for token in set(HEX_64.findall(text)):
        seed = bytes.fromhex(token)
        if any(deck_root(c, shuffled_deck(c)) == row.deck_root for c in (seed, deck_seed(seed, values))):
            found.append(token)
    return found


def _doors(client: Client, table: Table, night: Night, numbers: list[int]) -> dict[str, str]:
    """Every page and download a player can fetch about the night's hands, by address."""
    urls = [
        f"/verify/?table={table.pk}",
        f"/tables/{table.pk}/hands.json",
        f"/tables/{table.pk}/night.phhs",
        f"/tables/{table.pk}/night.json",
        f"/nights/{night.pk}/recap/",
    ]
    for number in numbers:
        urls += [
            f"/tables/{table.pk}/hands/{number}.json",
            f"/tables/{table.pk}/hands/{number}.phh",
            f"/nights/{night.pk}/recap/hands/{table.pk}/{number}/",
        ]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = response.content.decode()
    return pages


def _verify_entry(page: str, row: Hand) -> str:
    """The verify page's entry for one hand (the page also explains the algorithm, with a test
    deck naming every card)."""
    [hands] = NIGHT_HANDS.findall(page)
    [entry] = [e for e in hands.split('<li class="verify-hand"') if f"hand #{row.number}</strong>" in e]
    return entry


@pytest.fixture(scope="module")
def played_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    # The tests only look at the closed night (through sessions of their own): it is played
    # once for the module (tables/tests/made_once.py keeps each test's changes apart).
    with made_once_for_the_module(django_db_blocker):
        host = new_host()
        night = new_night(host)
        yield {**play_the_night(night, host), "night": night}


@pytest.fixture
def played(played_once: dict[str, Any], db: None) -> dict[str, Any]:
    return copy.deepcopy(played_once)


def play_the_night(night: Night, host: User) -> dict[str, Any]:
    """A No-Limit hand, then a Crazy Blind Man hand played through its removal to the
    showdown, at one table; then the night is closed."""
    table, players = _table(night, host, "nlhe")
    nlhe = _play(table, players, "a1" * 32)
    _switch_game(table, "crazy_blind_man")
    blind = _play(table, players, "b2" * 32)
    closing.close_night(night, host)
    hand = replayed_hand(blind)
    [(_, taken)] = crazy_blind_man.removed_from(hand, BO)
    return {"table": table, "players": players, "nlhe": nlhe, "blind": blind, "taken": taken}


def test_no_door_gives_a_player_the_deck_of_the_hand_their_card_was_taken_from(
    played: dict[str, Any],
) -> None:
    table, blind, taken, night = played["table"], played["blind"], played["taken"], played["night"]
    assert blind.game == "crazy_blind_man" and blind.seed and blind.deck_root
    # The check can fail: the stored seed gives the deck, and so the card taken from Bo.
    assert _gives_the_deck(blind.seed, blind) == [blind.seed]

    bo = phone_of(played["players"][BO - 1])
    pages = _doors(bo, table, night, [played["nlhe"].number, blind.number])
    for url, text in pages.items():
        assert blind.seed not in text, f"{url} shows the seed of the hand Bo's card was taken from"
        derived = _gives_the_deck(text, blind)
        assert not derived, f"{url} gives Bo the deck, and so the card taken from them ({taken}): {derived}"
    # Nor does any door about that hand name the card (the No-Limit hand had its own deck).
    about_it = [
        text for url, text in pages.items() if f"/{blind.number}." in url or url.endswith(f"/{blind.number}/")
    ]
    about_it.append(_verify_entry(pages[f"/verify/?table={table.pk}"], blind))
    for text in about_it:
        assert taken not in _cards(text), "a door shows Bo the card taken from them"


def test_the_night_s_no_limit_hand_still_reveals_its_seeds_and_verifies(played: dict[str, Any]) -> None:
    table, nlhe = played["table"], played["nlhe"]
    bo = phone_of(played["players"][BO - 1])
    page = bo.get("/verify/", {"table": table.pk}).content.decode()
    assert nlhe.seed in page
    assert page.count("seed, contributions and deck match what was published") == 1
    hands = {h["number"]: h for h in bo.get(f"/tables/{table.pk}/hands.json").json()["hands"]}
    assert hands[nlhe.number]["seed"] == nlhe.seed
    assert bo.get(f"/tables/{table.pk}/hands/{nlhe.number}.json").json()["seed"] == nlhe.seed
    assert _gives_the_deck(page, nlhe) == [nlhe.seed]


def test_the_verify_page_says_why_the_deck_stays_secret_and_checks_the_cards_bo_saw(
    played: dict[str, Any],
) -> None:
    table, blind, taken = played["table"], played["blind"], played["taken"]
    bo = phone_of(played["players"][BO - 1])
    entry = _verify_entry(bo.get("/verify/", {"table": table.pk}).content.decode(), blind)
    assert "This hand's deck stays secret" in entry
    assert "No player may see the card that was taken from them" in entry
    # docs/shuffle.md, "What such a hand proves, and what it does not": said where it is checked.
    said = " ".join(entry.split())
    assert "This proves every card you saw was where the deal committed it" in said
    assert "It does not prove that this deck came from its seed and the phones' values" in said
    assert blind.commitment in entry and blind.deck_root in entry
    # Every card Bo saw in that hand (the others' cards, the board, Bo's own at the showdown)
    # is opened against the root and checked; the card taken from Bo is not among them.
    hand = replayed_hand(blind)
    others = {str(c) for s in hand.seats if s.seat != BO for c in s.hole}
    own = {str(c) for c in hand.seat(BO).hole}
    board = {str(c) for c in hand.boards[0]}
    checked = set(re.findall(r'data-opened="([2-9TJQKA][cdhs])"', entry))
    assert others | own | board <= checked
    assert taken not in checked
    assert entry.count("matches the root") == len(checked)
    # The command given checks the same openings, and nothing else, with the project's code.
    [command] = re.findall(r"<code>(python -m engine.shuffle verify --root .*?)</code>", entry, re.S)
    args = shlex.split(html.unescape(command))
    assert args[:4] == ["python", "-m", "engine.shuffle", "verify"]
    assert shuffle_command(args[3:]) == 0
    opened = {json.loads(args[i + 1])["card"] for i, arg in enumerate(args) if arg == "--opening"}
    assert opened == checked
