"""The app's models, one module per part of the night.

- `night`: the night, its players (guest identities), its tables and seats.
- `live`: a live table's snapshot, its hands and their event logs, its connections.
- `commitments`: every deal's commitment as written at its cut-off (append-only).
- `ledger`: money in and out, chip requests, co-hosts and the audit log.
- `tournaments`: tournaments, their entries, deals and their log.
- `seasons`: people across nights, their name claims, seasons and each season's log.
"""

from tables.models.commitments import DealCommitment
from tables.models.ledger import AuditEntry, ChipRequest, CoHost, LedgerEntry, TransferPaid
from tables.models.live import Hand, HandEvent, TableConnection, TableSnapshot
from tables.models.night import MAX_NAME_LENGTH, Night, NightStatus, Player, PlayerStatus, Seat, Table
from tables.models.seasons import (
    NameClaim,
    Person,
    PersonLink,
    PersonMerge,
    Season,
    SeasonAuditEntry,
    SeasonPayment,
)
from tables.models.tournaments import Tournament, TournamentDeal, TournamentEntry, TournamentLog

__all__ = [
    "MAX_NAME_LENGTH",
    "AuditEntry",
    "ChipRequest",
    "CoHost",
    "DealCommitment",
    "Hand",
    "HandEvent",
    "LedgerEntry",
    "NameClaim",
    "Night",
    "NightStatus",
    "Person",
    "PersonLink",
    "PersonMerge",
    "Player",
    "PlayerStatus",
    "Season",
    "SeasonAuditEntry",
    "SeasonPayment",
    "Seat",
    "Table",
    "TableConnection",
    "TableSnapshot",
    "Tournament",
    "TournamentDeal",
    "TournamentEntry",
    "TournamentLog",
    "TransferPaid",
]
