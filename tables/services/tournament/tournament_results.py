"""A tournament's prize pool, what each place pays, and who finished where with which prize.

The pool is every buy-in, rebuy and add-on paid, and all of it is paid out: by the payout
table to the places, or, for the players who ended the tournament with a deal, as they agreed
(`TournamentDeal`). The ledger writes these figures down when the tournament ends
(`tournament_money`); the pages read them from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tournament import Finish, finishers_prizes, payout_amounts, prize_pool
from tables.models.tournaments import Tournament, TournamentDeal, TournamentEntry


@dataclass(frozen=True, slots=True)
class Result:
    """A finisher: their place ("3rd", "9th-10th (shared)") and prize; `dealt` when the prize is
    their share of an agreed deal."""

    entry: TournamentEntry
    label: str
    prize: int
    dealt: bool = False


def pool(tournament: Tournament) -> int:
    """Buy-ins, rebuys and add-ons paid: all of it is paid out."""
    entries = list(tournament.entries.all())
    return prize_pool(
        buy_in=tournament.buy_in,
        entries=len(entries),
        rebuy_price=tournament.rebuy_price,
        rebuys=sum(entry.rebuys for entry in entries),
        add_on_price=tournament.add_on_price,
        add_ons=sum(entry.add_ons for entry in entries),
    )


def payouts(tournament: Tournament) -> tuple[int, ...]:
    """Each paid place's prize, 1st first, by the table of the bracket the number of entries is in
    (or the table the host fixed); places beyond the field are not paid."""
    table = tournament.get_payouts().table_for(tournament.entries.count())
    return payout_amounts(pool(tournament), table)


def payout_rule(tournament: Tournament) -> str:
    """What decides the payouts now: the bracket of today's field, or the host's fixed table."""
    return tournament.get_payouts().describe(tournament.entries.count())


def paid_payouts(tournament: Tournament) -> tuple[int, ...]:
    """Each paid place's prize as it is paid, 1st first: a deal's shares replace the table's
    prizes of the places it settled (the places out before it keep theirs)."""
    if deal_of(tournament) is None:
        return payouts(tournament)
    return tuple(row.prize for row in results(tournament) if row.prize)


def paid_payout_rule(tournament: Tournament) -> str:
    """What decided the payouts: a deal, once one settled the tournament; else `payout_rule`."""
    deal = deal_of(tournament)
    if deal is None:
        return payout_rule(tournament)
    return (
        f"Settled by a deal ({deal.get_method_display()}): the {len(deal.amounts)} players still in "
        "shared what was left; the places out before it were paid by the table"
    )


def still_to_pay(tournament: Tournament, players_left: int) -> int:
    """The prizes of the places the players still in will take: what a deal among them splits."""
    return sum(payouts(tournament)[:players_left])


def deal_of(tournament: Tournament) -> TournamentDeal | None:
    return TournamentDeal.objects.filter(tournament=tournament).first()


def results(tournament: Tournament) -> list[Result]:
    """The finishers so far, best first, with their prizes."""
    finished = [entry for entry in tournament.entries.select_related("player") if entry.is_out]
    deal = deal_of(tournament)
    agreed = {str(int(key)): int(amount) for key, amount in deal.amounts.items()} if deal else {}
    finishes = [Finish(str(entry.pk), entry.place, entry.shared_by) for entry in finished]
    prizes = finishers_prizes(finishes, payouts(tournament), agreed)
    labels = {finish.player: finish.label for finish in finishes}
    rows = [
        Result(entry, labels[str(entry.pk)], prizes[str(entry.pk)], dealt=str(entry.pk) in agreed)
        for entry in finished
    ]
    return sorted(rows, key=lambda row: (row.entry.place, row.entry.player.display_name.lower()))
