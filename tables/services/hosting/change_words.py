"""What a host command changed at a table, in words, from the public views before and after.

Public views only: the host usually plays, and the log, the preview and the panel's message
are read by the players too, so no sentence here may depend on a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _names(view: Mapping[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["name"] or s["player"] for s in view["table"]["seats"]}


def _hand_changes(old: Mapping[str, Any], new: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """What changes in the hand being played, seat by seat, then the middle."""
    changes = []
    old_in = {s["seat"]: s for s in old["seats"]}
    for s in new["seats"]:
        was = old_in.get(s["seat"])
        if was is None:
            continue
        who = f"Seat {s['seat']} ({names.get(s['seat'], '?')})"
        if was["status"] != s["status"]:
            changes.append(f"{who}: {was['status'].replace('_', ' ')} → {s['status'].replace('_', ' ')}")
        if was["bet"] != s["bet"]:
            changes.append(f"{who}: bet {was['bet']} → {s['bet']}")
        if was["stack"] != s["stack"]:
            changes.append(f"{who}: {was['stack']} → {s['stack']} chips behind")
        if was.get("cards") != s.get("cards") and s.get("cards"):
            changes.append(f"{who}: shows {' '.join(s['cards'])}")
        shown_before, shown_after = was.get("face_up") or [], s.get("face_up") or []
        if shown_before != shown_after and shown_after:
            changes.append(f"{who}: face up {' '.join(map(str, shown_after))}")
    dead = [d for d in new.get("dead_cards") or [] if d not in (old.get("dead_cards") or [])]
    changes += [
        f"Seat {d['seat']} ({names.get(d['seat'], '?')}): {d['card']} is dead, shown to all" for d in dead
    ]
    if old["boards"] != new["boards"]:
        changes.append("Board: " + " | ".join(" ".join(board) for board in new["boards"]))
    if old["pot"] != new["pot"]:
        changes.append(f"Pot: {old['pot']} → {new['pot']}")
    if old.get("phase") != new.get("phase") and not new["finished"]:
        changes.append(f"The hand is {new.get('phase')}")
    if not old["finished"] and new["finished"]:
        changes.append(f"Hand #{new['hand_number']} ends")
    if old["hand_number"] != new["hand_number"]:
        changes.append(f"Hand #{new['hand_number']} is dealt")
    if old.get("to_act") != new.get("to_act") and not new["finished"] and new.get("to_act"):
        changes.append(f"To act: seat {new['to_act']} ({names.get(new['to_act'], '?')})")
    return changes


def describe_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The differences between two public views, in words."""
    changes = []
    names = _names(before) | _names(after)
    old_seats = {s["seat"]: s for s in before["table"]["seats"]}
    new_seats = {s["seat"]: s for s in after["table"]["seats"]}
    for seat in sorted(set(old_seats) | set(new_seats)):
        old, new = old_seats.get(seat), new_seats.get(seat)
        who = f"Seat {seat} ({names.get(seat, '?')})"
        if old and new and old["stack"] != new["stack"]:
            changes.append(f"{who}: stack {old['stack']} → {new['stack']} chips")
        if old and new and old["status"] != new["status"]:
            changes.append(f"{who}: {old['status'].replace('_', ' ')} → {new['status'].replace('_', ' ')}")
        if old and not new:
            changes.append(f"{who} leaves the table with {old['stack']} chips")
        if new and not old:
            changes.append(f"{who} sits down with {new['stack']} chips")
    if before["table"]["button"] != after["table"]["button"]:
        was, now = before["table"]["button"], after["table"]["button"]
        changes.append(f"Button: seat {was} → seat {now}" if was else f"Button: not placed yet → seat {now}")
    if before["table"]["dealing"] != after["table"]["dealing"]:
        changes.append("Dealing resumes" if after["table"]["dealing"] else "Dealing stops after this hand")
    old_hand, new_hand = before.get("hand"), after.get("hand")
    if old_hand and new_hand:
        changes += _hand_changes(old_hand, new_hand, names)
    elif new_hand and not old_hand:
        changes.append(f"Hand #{new_hand['hand_number']} is dealt")
    elif old_hand and not new_hand:
        changes.append(f"Hand #{old_hand['hand_number']} is called off")
    return changes or ["Nothing visible changes."]
