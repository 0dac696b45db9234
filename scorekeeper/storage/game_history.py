"""A game's history read and brought back (issue 47): its entries, the game as it stood after
any of them, and a restore to that state, itself an entry (so a restore can be undone too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import RuleError
from scorekeeper.storage import history
from scorekeeper.storage.database import Database, writing
from scorekeeper.storage.game_rows import parts_of, record_of
from scorekeeper.storage.games import GAMES, StoredGame, save
from scorekeeper.storage.history import Entry, UnknownEntry


def game_history(db: Database, game_id: str) -> list[Entry]:
    """The game's entries, oldest first (empty for a game kept from before histories, until
    its first change)."""
    return history.entries(db, GAMES, game_id)


def game_after(entries: list[Entry], number: int) -> GameRecord:
    """The game as it stood after entry ``number`` of ``entries``; :class:`UnknownEntry` for a
    number the history does not hold."""
    if not any(entry.entry == number for entry in entries):
        raise UnknownEntry(number)
    return record_of(history.replayed(entries, number))


def restore_game_to(db: Database, stored: StoredGame, number: int) -> StoredGame:
    """Bring the game back to how it stood after entry ``number``, as a new entry.

    :class:`~scorekeeper.storage.Conflict` when the game moved on since ``stored`` (a restore
    racing a new round is refused, never merged); :class:`UnknownEntry` for an unknown entry."""
    with writing(db):
        record = game_after(game_history(db, stored.id), number)
        return save(db, stored, record, {"code": "restored_to", "entry": number})


def repeats_last_change(
    db: Database, stored: StoredGame, move: Callable[[GameRecord], GameRecord]
) -> bool:
    """Whether ``move`` is the game's last change sent again by the phone that made it (a
    double tap on a page without its script, a form sent again before its answer came): the
    game as stored is what ``move`` makes of the game before that change. Such a form was
    entered once, not refused as old."""
    entries = game_history(db, stored.id)
    if len(entries) < 2 or entries[-1].phone != history.this_phone(db):
        return False
    try:
        again = move(record_of(history.replayed(entries, entries[-2].entry)))
    except RuleError:
        return False
    return parts_of(again) == parts_of(stored.record)


def replays_to_stored(db: Database, stored: StoredGame) -> bool:
    """Whether the game's history replayed from its first entry gives the game as stored."""
    return history.replayed(game_history(db, stored.id)) == parts_of(stored.record)


def sealed_from(entries: list[Entry], number: int, sealed: object = None) -> list[Entry]:
    """``entries`` with round ``number``'s bids shown as ``sealed`` wherever that round was at
    the table: its bids are sealed now (hidden or delayed bids), and a history shows nobody what
    the round's screen does not. Where the round was complete its bids were open, as they are."""
    name, found = f"round {number}", []
    state: history.Parts = {}
    for entry in entries:
        state = history.applied(state, entry.parts)
        part = entry.parts.get(name)
        if isinstance(part, dict) and "bids" in part and not state.get(name, {}).get("done"):
            hidden = [None if bid is None else sealed for bid in part["bids"]]
            entry = replace(entry, parts={**entry.parts, name: {**part, "bids": hidden}})
        found.append(entry)
    return found


def last_rounds(db: Database, game_ids: Sequence[str]) -> dict[str, float]:
    """When each of ``game_ids`` last had a round saved (seconds since 1970, UTC), from its
    history; a game with none is left out. One indexed read a game: the room screen asks it
    at every change of the evening."""
    found: dict[str, float] = {}
    for game_id in game_ids:
        at = history.last_at(db, GAMES, game_id, "round_entered")
        if at is not None:
            found[game_id] = float(at)
    return found
