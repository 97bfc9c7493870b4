"""Views: what each viewer may see (docs/design.md, "Visibility")."""

import json

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

CARD_TEXTS = {str(c) for c in STANDARD_DECK}
HOLES = {1: "AsAd", 2: "KsKd", 3: "QsQd"}


def _all_card_texts(data) -> set[str]:
    """Every string anywhere in the view that names a card."""
    if isinstance(data, dict):
        return set().union(*(_all_card_texts(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(_all_card_texts(value) for value in data))
    return {data} if isinstance(data, str) and data in CARD_TEXTS else set()


def test_a_player_sees_their_own_cards_and_nobody_elses():
    """ "Normal games: own hole cards; others' only when tabled or exposed." """
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES)
    mine = view(hand, 2)
    assert mine["your_cards"] == ["Ks", "Kd"]
    assert [s["cards"] for s in mine["seats"]] == [None, ["Ks", "Kd"], None]
    assert {"As", "Ad", "Qs", "Qd"}.isdisjoint(_all_card_texts(mine))


def test_the_host_view_of_a_live_hand_hides_hole_cards_like_the_public_one():
    """ "The host view of a live hand shows no hidden cards: the host usually plays." """
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES)
    host = view(hand, "host")
    public = view(hand, "public")
    assert all(s["cards"] is None for s in host["seats"])
    assert host["seats"] == public["seats"]
    assert host["legal_actions"] is None


def test_no_view_contains_the_deck_or_a_burn_card():
    """ "No view ever contains the deck, the shuffle seed, or a burn card." """
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES)
    play(hand, "1 call", "2 call", "3 check")
    burn = str(hand.burned[0])
    for viewer in (1, 2, 3, "host", "public", None):
        data = view(hand, viewer)
        assert "deck" not in data
        assert burn not in _all_card_texts(data)
        flop = {str(c) for c in hand.boards[0]}
        own = {str(c) for c in hand.seat(viewer).hole} if isinstance(viewer, int) else set()
        assert _all_card_texts(data) == flop | own


def test_the_view_says_whose_turn_it_is_and_gives_that_seat_its_legal_actions():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    data = view(hand, 1)
    assert data["to_act"] == 1
    assert data["legal_actions"]["actions"]["call"]["amount"] == 100
    assert view(hand, 2)["legal_actions"]["your_turn"] is False
    assert [s["bet"] for s in data["seats"]] == [0, 50, 100]
    assert data["seats"][0]["is_turn"] is True


def test_tabled_hands_are_visible_to_everyone_and_results_are_listed():
    hand = make_hand("nlhe", [1000] * 2, button=1, holes={1: "AsAd", 2: "KsKd"}, boards=["2c7d9hJc3s"])
    play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3, "2 show", "1 show")
    public = view(hand, "public")
    assert [s["cards"] for s in public["seats"]] == [["As", "Ad"], ["Ks", "Kd"]]
    assert public["results"] == [
        {
            "pot": 0,
            "board": None,
            "amount": 200,
            "winners": [{"seat": 1, "amount": 200}],
            "hand": "Pair of aces",
            # What decided it, from the tabled hands (engine.showdown_words).
            "decided": {
                "winner_words": "a pair of aces",
                "winner_cards": {"1": ["As", "Ad"]},
                "losers": [
                    {
                        "seat": 2,
                        "words": "a pair of kings",
                        "cards": ["Ks", "Kd"],
                        "plays": "a pair of aces",
                        "by_kicker": False,
                    }
                ],
            },
        }
    ]
    assert public["phase"] == "complete"
    assert [s["hand"] for s in public["seats"]] == [["Pair of aces"], ["Pair of kings"]]


def test_a_hand_not_tabled_has_no_description():
    hand = make_hand("nlhe", [1000] * 2, button=1, holes={1: "AsAd", 2: "KsKd"}, boards=["2c7d9hJc3s"])
    play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3)
    assert [s["hand"] for s in view(hand, 2)["seats"]] == [None, None]


def test_views_are_json():
    hand = make_hand("bomb_pot_double", [1000] * 3, button=1, stakes=Stakes(bomb_ante=10))
    for viewer in (1, "host", "public"):
        assert json.loads(json.dumps(view(hand, viewer))) == view(hand, viewer)
