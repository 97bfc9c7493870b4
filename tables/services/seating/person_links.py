""" "Same person as": the host links two people of a season who are one, and may undo it.

A guest who came back without claiming their name ("Played here before?") is a new person of
one night: the season shows two Bobs, each with half of Bob's results. The host, who knows,
says one is the other. Every player of the first becomes the second's (`PersonLink`), so their
nights, points and money add up under one name; nothing of any night changes (its ledger, its
settle-up, its log), and the season's totals stay what they were, only gathered differently.

The link is kept (`PersonMerge`) with what it moved and what it made, so an undo puts back
exactly the people there were: the links it moved go back, and the people it made for players
nobody had recognised are taken away. Each link and undo is one line in the season's log.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from tables.errors import ActionRefused
from tables.models import Night, Person, PersonLink, PersonMerge, Player, Season
from tables.services.hosting import audit
from tables.services.seasons import seasons
from tables.services.seating import people

NOT_OWNER = "Only the season's host can say who is the same person."


@dataclass(frozen=True, slots=True)
class SeasonPerson:
    """A row of the season: a person the host recognised, or a player of one night."""

    key: str  # "person:<id>" or "player:<id>", as `people.person_keys` says
    name: str
    players: tuple[Player, ...]  # their players in the season's nights, earliest first


def season_people(season: Season) -> dict[str, SeasonPerson]:
    """Everyone who played in the season's nights, by person key, earliest night first."""
    players = list(
        Player.objects.filter(night__in=season.nights.all(), status__in=people.PLAYED)
        .select_related("night")
        .order_by("night__date", "night__created_at", "joined_at", "id")
    )
    keys = people.person_keys(players)
    found: dict[str, tuple[str, list[Player]]] = {}
    for player in players:
        key, name = keys[player.pk]
        found.setdefault(key, (name, []))[1].append(player)
    # Named as the season's page names them: two people of one name get the date they first came.
    shown = seasons.shown_names(
        {key: (name, players[0].night.date) for key, (name, players) in found.items()}
    )
    return {key: SeasonPerson(key, shown[key], tuple(players)) for key, (_, players) in found.items()}


def _check_owner(season: Season, user: AbstractBaseUser | None) -> None:
    if user is None or not user.is_authenticated:
        raise ActionRefused(NOT_OWNER, "not_owner")
    if not (user.is_superuser or season.owner_id == user.pk):
        raise ActionRefused(NOT_OWNER, "not_owner")


def _person_for(side: SeasonPerson, owner_id: int, made: list[int], user: AbstractBaseUser | None) -> Person:
    """The person a season row is; a player nobody recognised yet becomes one (noted in `made`)."""
    if side.key.startswith("person:"):
        return Person.objects.select_for_update().get(pk=int(side.key.split(":")[1]))
    player = side.players[0]
    person = Person.objects.create(owner_id=owner_id, name=player.display_name)
    PersonLink.objects.create(player=player, person=person, night_id=player.night_id, linked_by=user)
    made.append(person.pk)
    return person


def _nights_of(person_or_side: Person | SeasonPerson) -> dict[int, Night]:
    if isinstance(person_or_side, SeasonPerson):
        if person_or_side.key.startswith("player:"):
            return {p.night_id: p.night for p in person_or_side.players}
        person_or_side = Person.objects.get(pk=int(person_or_side.key.split(":")[1]))
    links = PersonLink.objects.filter(person=person_or_side).select_related("night")
    return {link.night_id: link.night for link in links}


def link_people(
    season: Season, merged_key: str, into_key: str, user: AbstractBaseUser | None, why: str = ""
) -> PersonMerge:
    """Say that the season's person `merged_key` is `into_key`: every player of the first becomes
    the second's. Refused, changing nothing, for one person with themselves, a key that is not
    a player of the season's nights, or two people who both played one night."""
    _check_owner(season, user)
    if merged_key == into_key:
        raise ActionRefused("That is the same person twice: choose two different people.", "oneself")
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        everyone = season_people(season)
        merged, into = everyone.get(merged_key), everyone.get(into_key)
        if merged is None or into is None:
            raise ActionRefused(
                "Choose two people who played in this season's nights (the page may be out of date: "
                "reload it).",
                "not_in_season",
            )
        both = set(_nights_of(merged)) & set(_nights_of(into))
        if both:
            night = _nights_of(into)[min(both)]
            raise ActionRefused(
                f"{merged.name} and {into.name} both played {night.name} ({night.date:%d %b %Y}): "
                "one person plays once a night, so they are two people.",
                "same_night",
            )
        made: list[int] = []
        into_person = _person_for(into, season.owner_id, made, user)
        merged_person = _person_for(merged, season.owner_id, made, user)
        moved = list(PersonLink.objects.filter(person=merged_person).values_list("pk", flat=True))
        PersonLink.objects.filter(pk__in=moved).update(person=into_person)
        link = PersonMerge.objects.create(
            owner_id=season.owner_id,
            season=season,
            merged=merged_person,
            into=into_person,
            merged_name=merged.name,
            into_name=into.name,
            moved_links=moved,
            created_people=made,
        )
        nights = len(_nights_of(into_person))
        audit.record_season(
            season,
            user,
            f"Same person: {merged.name} is {into.name}; their results add up over "
            f"{nights} night{'s' if nights != 1 else ''}",
            why,
            payload={"person_merge": link.pk, "merged": merged_key, "into": into_key},
        )
    return link


def undo_link(season: Season, merge_id: int, user: AbstractBaseUser | None, why: str = "") -> PersonMerge:
    """Two people again, exactly as before the link. Refused while a later link builds on it
    (undo that one first) or once it was undone."""
    _check_owner(season, user)
    with transaction.atomic():
        link = PersonMerge.objects.select_for_update().filter(pk=merge_id, season=season).first()
        if link is None:
            raise ActionRefused("No such link in this season.", "no_link")
        if link.undone_at is not None:
            raise ActionRefused(
                f"The link of {link.merged_name} to {link.into_name} was already undone.", "undone"
            )
        involved = [link.into_id, link.merged_id]
        later = (
            PersonMerge.objects.filter(undone_at__isnull=True, pk__gt=link.pk)
            .filter(Q(merged__in=involved) | Q(into__in=involved))
            .first()
        )
        if later is not None:
            raise ActionRefused(
                f"A later link builds on this one ({later.merged_name} is {later.into_name}): undo it first.",
                "later_link",
            )
        moved = PersonLink.objects.filter(pk__in=link.moved_links)
        if moved.exclude(person_id=link.into_id).exists() or moved.count() != len(link.moved_links):
            raise ActionRefused(
                f"{link.merged_name} was recognised differently since: this link cannot be undone.",
                "later_link",
            )
        try:
            with transaction.atomic():
                moved.update(person_id=link.merged_id)
                for person in Person.objects.filter(pk__in=link.created_people):
                    # Made for one player by this link: gone with it. A guest who claimed the
                    # person since (the host confirmed) keeps them, with that player.
                    if person.links.count() == 1:
                        person.delete()
        except IntegrityError:
            raise ActionRefused(
                f"{link.merged_name} was recognised again since: undo that first.", "later_link"
            ) from None
        link.undone_at = timezone.now()
        link.save(update_fields=["undone_at"])
        audit.record_season(
            season,
            user,
            f"Undid same person: {link.merged_name} and {link.into_name} are two people again",
            why,
            payload={"person_merge": link.pk, "undone": True},
        )
    return link


def links_in(season: Season) -> list[PersonMerge]:
    """The links said on this season's page, newest first, those still in force first."""
    return list(PersonMerge.objects.filter(season=season).order_by("undone_at", "-made_at", "-id"))
