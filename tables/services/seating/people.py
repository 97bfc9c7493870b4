"""Players recognised across nights: a returning guest claims their name, the host confirms.

A player becomes a `Person` of the host's group only by the host's word: the guest picks the
name they played under on a previous night of the same host, the host confirms (or rejects)
it, and both players are then one person whose results add up. A claim that cannot be right
(a name of tonight, of another host's nights, of a later night, of someone already here
tonight) is refused before the host ever sees it, and checked again when they confirm. Every
decision goes into the night's open log.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.cards import reads_as_cards
from tables.access import check_host
from tables.errors import ActionRefused
from tables.models import NameClaim, Night, Person, PersonLink, Player
from tables.services.hosting import audit
from tables.services.seating.joining import check_not_a_card

# A guest who played: approved at some point (a player who left had been in).
PLAYED = (Player.Status.APPROVED, Player.Status.LEFT)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A name a guest may claim: the latest player of a person (or a player no one claimed yet)."""

    player_id: int
    name: str
    last_played: date
    nights: int


def person_of(player: Player) -> Person | None:
    link = PersonLink.objects.select_related("person").filter(player=player).first()
    return link.person if link else None


def candidates(player: Player) -> list[Candidate]:
    """Names from this host's earlier nights the guest may claim, most recent first.

    Players already recognised as one person show once, under their latest night; a person
    already here tonight is not offered.
    """
    night = player.night
    earlier = (
        Player.objects.filter(night__host_id=night.host_id, night__date__lte=night.date, status__in=PLAYED)
        .exclude(night=night)
        .select_related("night", "person_link")
        .order_by("-night__date", "-night__created_at", "display_name")
    )
    here = set(PersonLink.objects.filter(night=night).values_list("person_id", flat=True))
    seen: dict[int, int] = {}  # person id -> index in `found`
    found: list[Candidate] = []
    for other in earlier:
        link = getattr(other, "person_link", None)
        if link is not None and link.person_id in here:
            continue
        if link is not None and link.person_id in seen:
            first = found[seen[link.person_id]]
            found[seen[link.person_id]] = Candidate(
                first.player_id, first.name, first.last_played, first.nights + 1
            )
            continue
        if link is None and reads_as_cards(other.display_name):
            continue  # a claim would name a person like a card (_check_claim)
        if link is not None:
            seen[link.person_id] = len(found)
        found.append(Candidate(other.pk, other.display_name, other.night.date, 1))
    return found


def _folded(name: str) -> str:
    """A name as two people would agree it is the same: case, accents and spacing aside."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def names_match(typed: str, name: str) -> bool:
    """Whether a typed name finds `name`: the same name, or the same first word(s) of it.

    >>> names_match("ann", "Ann B"), names_match("Ann B", "Ann"), names_match("An", "Ann")
    (True, True, False)
    """
    typed, name = _folded(typed), _folded(name)
    if not typed or not name:
        return False
    return typed == name or name.startswith(typed + " ") or typed.startswith(name + " ")


def matching_candidates(player: Player, typed: str) -> list[Candidate]:
    """The candidates a typed name finds: holding tonight's code shows nobody the names of
    earlier guests, only the ones a guest already knows."""
    return [c for c in candidates(player) if names_match(typed, c.name)]


def _check_claim(player: Player, claimed: Player) -> None:
    """Refuse a claim that cannot be right, whoever makes or confirms it."""
    night = player.night
    if player.status not in (Player.Status.PENDING, Player.Status.APPROVED):
        raise ActionRefused(f"{player.display_name} is no longer in this night.", "not_in_night")
    if claimed.night.host_id != night.host_id or claimed.status not in PLAYED:
        raise ActionRefused("That name is not from this host's earlier nights.", "not_in_group")
    if claimed.night_id == night.pk:
        raise ActionRefused(
            f"{claimed.display_name} plays tonight: claim a name from an earlier night.", "same_night"
        )
    if claimed.night.date > night.date:
        raise ActionRefused(
            "That night comes after this one: claim a name from an earlier night.", "later_night"
        )
    mine = person_of(player)
    if mine is not None:
        raise ActionRefused(f"{player.display_name} is already recognised as {mine.name}.", "already_linked")
    theirs = person_of(claimed)
    if theirs is not None and PersonLink.objects.filter(person=theirs, night=night).exists():
        raise ActionRefused(f"{theirs.name} is already here tonight as someone else.", "person_here")
    if theirs is None:
        # The claim would name a person as the claimed player was named, from before such
        # names were refused.
        check_not_a_card(claimed.display_name)


def claim_name(player: Player, claimed_player_id: int, *, same_phone: bool = False) -> NameClaim:
    """The guest says they are `claimed_player_id` of an earlier night; the host will confirm.
    `same_phone`: nobody said it, the phone did (`claim_from_the_same_phone`)."""
    claimed = Player.objects.select_related("night").filter(pk=claimed_player_id).first()
    if claimed is None:
        raise ActionRefused("That name is not from this host's earlier nights.", "not_in_group")
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("night").get(pk=player.pk)
        _check_claim(player, claimed)
        if NameClaim.objects.filter(player=player, status=NameClaim.Status.PENDING).exists():
            raise ActionRefused(
                "Your claim is waiting for the host: they confirm it or turn it down.", "pending"
            )
        claim = NameClaim.objects.create(player=player, claimed=claimed, same_phone=same_phone)
        when = f"{claimed.night.date:%d %b %Y}"
        said = (
            f"{player.display_name} joined on the phone that played as {claimed.display_name} on {when}: "
            "the same person?"
            if same_phone
            else f"{player.display_name} says they are {claimed.display_name} of {when}"
        )
        audit.record(
            player.night,
            None,
            said,
            payload={
                "name_claim": claim.pk,
                "player": player.pk,
                "claimed": claimed.pk,
                "same_phone": same_phone,
            },
        )
    return claim


def claim_from_the_same_phone(player: Player, earlier: Player | None) -> NameClaim | None:
    """A phone that played an earlier night of the same host joins again: it asks the host, for
    the guest, "same person as last time?" (a claim the host confirms or rejects, as if the guest
    had tapped "Played here before?"). Never a link by itself: a phone may change hands, so the
    host's word decides. A claim that cannot be right (another host's night, a person already
    here tonight) is simply not made."""
    if earlier is None or earlier.night_id == player.night_id:
        return None
    try:
        return claim_name(player, earlier.pk, same_phone=True)
    except ActionRefused:
        return None


def _locked_claim(claim_id: int, user: AbstractBaseUser | None) -> NameClaim:
    claim = NameClaim.objects.select_related("player__night").filter(pk=claim_id).first()
    if claim is None:
        raise ActionRefused("No such claim.", "no_claim")
    check_host(user, claim.player.night)
    claim = NameClaim.objects.select_for_update().get(pk=claim_id)
    if claim.status != NameClaim.Status.PENDING:
        raise ActionRefused(f"This claim was already {claim.get_status_display().lower()}.", "decided")
    return claim


def _link(player: Player, person: Person, user: AbstractBaseUser | None) -> PersonLink:
    try:
        with transaction.atomic():
            return PersonLink.objects.create(
                player=player,
                person=person,
                night_id=player.night_id,
                linked_by=user if user and user.is_authenticated else None,
            )
    except IntegrityError:
        raise ActionRefused(
            f"{person.name} is already here tonight as someone else.", "person_here"
        ) from None


def confirm_claim(claim_id: int, user: AbstractBaseUser | None) -> PersonLink:
    """The host confirms: the guest and the claimed player are one person from now on."""
    with transaction.atomic():
        claim = _locked_claim(claim_id, user)
        player = Player.objects.select_related("night").get(pk=claim.player_id)
        claimed = Player.objects.select_related("night").get(pk=claim.claimed_id)
        _check_claim(player, claimed)
        person = person_of(claimed)
        if person is None:
            # The claimed player's first recognition: the person is named as they were then.
            person = Person.objects.create(owner_id=player.night.host_id, name=claimed.display_name)
            _link(claimed, person, user)
        link = _link(player, person, user)
        claim.status, claim.decided_at = NameClaim.Status.CONFIRMED, timezone.now()
        claim.save(update_fields=["status", "decided_at"])
        audit.record(
            player.night,
            user,
            f"Recognised {player.display_name} as {person.name} of {claimed.night.date:%d %b %Y}",
            payload={"name_claim": claim.pk, "player": player.pk, "person": person.pk},
        )
    return link


def reject_claim(claim_id: int, user: AbstractBaseUser | None, why: str = "") -> NameClaim:
    """The host turns a claim down: the guest stays a new person (they may claim another name)."""
    with transaction.atomic():
        claim = _locked_claim(claim_id, user)
        claim.status, claim.decided_at = NameClaim.Status.REJECTED, timezone.now()
        claim.save(update_fields=["status", "decided_at"])
        player = claim.player
        audit.record(
            player.night,
            user,
            f"Did not recognise {player.display_name} as {claim.claimed.display_name}",
            why,
            payload={"name_claim": claim.pk, "player": player.pk, "claimed": claim.claimed_id},
        )
    return claim


def pending_claims(night: Night) -> list[NameClaim]:
    return list(
        NameClaim.objects.filter(player__night=night, status=NameClaim.Status.PENDING)
        .select_related("player", "claimed__night")
        .order_by("created_at", "id")
    )


def person_keys(players: list[Player]) -> dict[int, tuple[str, str]]:
    """Who each player counts as across nights, by player id: (a stable key, a name).

    A recognised player is their person; anyone else is a person of one night, never merged
    with another player of the same name.
    """
    links = {
        link.player_id: link.person
        for link in PersonLink.objects.filter(player__in=players).select_related("person")
    }
    keys: dict[int, tuple[str, str]] = {}
    for player in players:
        person = links.get(player.pk)
        keys[player.pk] = (
            (f"person:{person.pk}", person.name) if person else (f"player:{player.pk}", player.display_name)
        )
    return keys


def played_in(player: Player | None, nights: list[int]) -> bool:
    """Whether this guest (or the person the host recognised them as) played in any of `nights`."""
    if player is None:
        return False
    if player.night_id in nights and player.status in PLAYED:
        return True
    person = person_of(player)
    return person is not None and PersonLink.objects.filter(person=person, night_id__in=nights).exists()
