"""A deck nobody can choose, checked without revealing it (docs/design.md, "Shuffling").

"The server commits to its seed before the deal; the seated phones add their own random
contributions; the deck comes from all of them together." and "Each deck position is
committed at the deal (hash of position, card and a per-position salt; a Merkle root over
them). After the hand each viewer gets the openings of what they may see."
"""

from __future__ import annotations

import hashlib
import json

from engine.shuffle import (
    DeckCommitment,
    check_opening,
    deck_root,
    deck_seed,
    main,
    opening,
    shuffled_deck,
)

SERVER = hashlib.sha256(b"server").digest()
PHONES = [hashlib.sha256(f"phone {i}".encode()).digest() for i in range(3)]


def test_a_phone_that_sends_nothing_is_not_included_and_the_server_seed_alone_gives_the_deck():
    assert deck_seed(SERVER, []) == SERVER


def test_every_contribution_changes_the_deck_and_their_order_does_not():
    mixed = deck_seed(SERVER, PHONES)
    assert mixed == deck_seed(SERVER, list(reversed(PHONES)))
    decks = {shuffled_deck(mixed), shuffled_deck(SERVER)}
    decks |= {shuffled_deck(deck_seed(SERVER, PHONES[:k])) for k in (1, 2)}
    decks.add(shuffled_deck(deck_seed(hashlib.sha256(b"other server").digest(), PHONES)))
    assert len(decks) == 5


def test_an_opening_proves_its_card_against_the_root():
    deck = shuffled_deck(SERVER)
    committed = DeckCommitment(SERVER, deck)
    assert committed.root == deck_root(SERVER, deck)
    for position in range(len(deck)):
        proof = committed.opening(position)
        assert proof["card"] == str(deck[position]) and check_opening(committed.root, proof)


def test_a_wrong_card_salt_position_or_path_does_not_open_the_root():
    deck = shuffled_deck(SERVER)
    root = deck_root(SERVER, deck)
    proof = opening(SERVER, deck, 7)
    other = str(deck[8])
    assert not check_opening(root, {**proof, "card": other})
    assert not check_opening(root, {**proof, "position": 8})
    assert not check_opening(root, {**proof, "salt": "00" * 32})
    assert not check_opening(root, {**proof, "path": list(reversed(proof["path"]))})
    assert not check_opening(root, {**proof, "path": proof["path"][:-1]})
    assert not check_opening(root, {"position": "x"})
    assert not check_opening(deck_root(SERVER, shuffled_deck(PHONES[0])), proof)


def test_an_opening_tells_nothing_of_the_other_cards():
    """Its salt is one position's; the path holds hashes only: no other card's name."""
    deck = shuffled_deck(SERVER)
    text = json.dumps(opening(SERVER, deck, 0))
    assert not [str(c) for c in deck[1:] if f'"{c}"' in text]
    assert SERVER.hex() not in text


def test_the_short_deck_commits_its_36_positions():
    deck = shuffled_deck(SERVER, short_deck=True)
    committed = DeckCommitment(SERVER, deck)
    assert check_opening(committed.root, committed.opening(35))


def test_the_verify_command_checks_a_revealed_seed_with_contributions_and_root(capsys):
    mixed = deck_seed(SERVER, PHONES)
    root = deck_root(mixed, shuffled_deck(mixed))
    published = hashlib.sha256(SERVER).hexdigest()
    args = ["verify", SERVER.hex(), published, "--root", root]
    assert main([*args, *(f"--contribution={p.hex()}" for p in PHONES)]) == 0
    assert "commitment and deck root match" in capsys.readouterr().out
    # Leave out a phone's contribution: not the deck that was committed.
    assert main([*args, *(f"--contribution={p.hex()}" for p in PHONES[:2])]) == 1
    assert "DOES NOT MATCH" in capsys.readouterr().out


def test_the_verify_command_checks_openings(capsys):
    deck = shuffled_deck(SERVER)
    committed = DeckCommitment(SERVER, deck)
    good = json.dumps(committed.opening(3))
    bad = json.dumps({**committed.opening(4), "card": str(deck[5])})
    assert main(["verify", "--root", committed.root, "--opening", good]) == 0
    assert f"position 3: {deck[3]} opens the root" in capsys.readouterr().out
    assert main(["verify", "--root", committed.root, "--opening", good, "--opening", bad]) == 1
    assert "DOES NOT MATCH" in capsys.readouterr().out
    assert main(["verify", "--opening", good]) == 2


def test_the_reference_program_in_the_docs_checks_seeds_with_contributions_and_openings():
    """docs/shuffle.md: "a reference program using only the standard library" does both checks."""
    from engine.tests.test_shuffle import _doc_reference_program

    program = _doc_reference_program()
    mixed = deck_seed(SERVER, PHONES)
    assert program["deck_seed"](SERVER, PHONES) == mixed  # type: ignore[operator]
    deck = shuffled_deck(mixed)
    assert program["deck_order"](mixed) == [str(c) for c in deck]  # type: ignore[operator]
    committed = DeckCommitment(mixed, deck)
    assert program["root_of"](mixed, [str(c) for c in deck]) == committed.root  # type: ignore[operator]
    assert program["check_opening"](committed.root, committed.opening(9))  # type: ignore[operator]
    assert not program["check_opening"](committed.root, {**committed.opening(9), "card": str(deck[10])})  # type: ignore[operator]
