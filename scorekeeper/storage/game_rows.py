"""A game record as storage's rows, and back: the one place that knows how a round is written.

A game's rows are its ``games`` row (its game, first dealer and settings), its seats, and per
round a ``rounds`` row with a ``hands`` row per seat. The same values are the game's parts in its
history (:mod:`.history`): ``game``, ``players`` and each ``round n`` (the round's row with its
seats' ``bids`` and ``tricks``), so that a history replayed gives exactly the rows stored.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.core import family
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.corrections import RoundFigures
from scorekeeper.core.family import Declaration
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.core.rules import Suit, Trump, turned_card
from scorekeeper.storage.database import Row

Entered = RoundRecord | RoundInProgress
"""A round as stored: completed, or the one at the table now."""


def rounds_by_number(record: GameRecord) -> dict[int, Entered]:
    """Every stored round of the game by number: the completed ones and the one at the table."""
    rounds: dict[int, Entered] = dict(enumerate(record.rounds, start=1))
    if record.current is not None and not record.finished:
        rounds[len(record.rounds) + 1] = record.current
    return rounds


# A round's history part names its ``rounds`` columns shortly: a history holds one for every
# round started, each bid and each round entered.
ROUND_COLUMNS = {
    "turned": "trump_turned",
    "suit": "trump_suit",
    "winners": "trick_winners",
    "done": "complete",
    "adjusted": "adjustments",
    "facts": "facts",
    "was": "corrected_from",
}


def round_row(part: dict[str, Any]) -> dict[str, Any]:
    """A round part's ``rounds`` columns (without its game and number)."""
    return {column: part[name] for name, column in ROUND_COLUMNS.items()}


def round_part(record: GameRecord, entry: Entered) -> dict[str, Any]:
    """A round as its history part: its ``rounds`` row (without its game and number, its
    columns named as :data:`ROUND_COLUMNS` says), with its seats' ``bids`` and ``tricks`` (each
    ``None`` where not entered)."""
    players = len(record.players)
    trump = entry.trump
    if isinstance(entry, RoundRecord):
        complete, facts, winners = True, entry.facts, ""
    else:
        complete, facts = False, entry.reopened_facts
        winners = _trick_winners(entry.reopened_tricks)
    return {
        "turned": trump.turned.value if trump else None,
        "suit": trump.suit.value if trump and trump.suit else None,
        "winners": winners,
        "done": int(complete),
        "adjusted": _adjustments_json(entry.adjustments),
        "facts": _facts_json(record.declaration, facts),
        "was": _original_json(record.declaration, entry.corrected_from),
        "bids": list(entry.bids or (None,) * players),
        "tricks": list(entry.tricks if isinstance(entry, RoundRecord) else (None,) * players),
    }


def game_part(record: GameRecord) -> dict[str, Any]:
    """The game's own values of its ``games`` row: which game, first dealer, settings."""
    return {
        "game": record.game,
        "first_dealer": record.first_dealer,
        # The column keeps its first name: every game's settings by key.
        "variants": json.dumps(record.declaration.to_plain(record.settings)),
    }


def parts_of(record: GameRecord) -> dict[str, Any]:
    """The game's whole state as history parts."""
    parts: dict[str, Any] = {"game": game_part(record), "players": list(record.players)}
    for number, entry in rounds_by_number(record).items():
        parts[f"round {number}"] = round_part(record, entry)
    return parts


def record_of(parts: dict[str, Any]) -> GameRecord:
    """The game record whose parts are ``parts`` (the inverse of :func:`parts_of`)."""
    numbers = sorted(int(name.split()[1]) for name in parts if name.startswith("round "))
    rounds: list[Row] = []
    hands: list[Row] = []
    for number in numbers:
        part = parts[f"round {number}"]
        bids, tricks = part["bids"], part["tricks"]
        rounds.append({**round_row(part), "number": number})
        hands.extend(
            {"number": number, "seat": seat, "bid": bid, "tricks": taken}
            for seat, (bid, taken) in enumerate(zip(bids, tricks, strict=True))
        )
    return from_rows(parts["game"], tuple(parts["players"]), rounds, hands)


def from_rows(
    game: Row, players: tuple[str, ...], rounds: list[Row], hands: list[Row]
) -> GameRecord:
    """The game record of its stored rows (rounds and hands in order)."""
    key = game["game"]
    declared = family.game(key)
    settings = declared.from_plain(json.loads(game["variants"]))
    by_round: dict[int, list[Row]] = {}
    for hand in hands:
        by_round.setdefault(hand["number"], []).append(hand)
    done: list[RoundRecord] = []
    current = None
    for row in rounds:
        seats = by_round.get(row["number"], [])
        bids = tuple(hand["bid"] for hand in seats)
        trump = None
        if row["trump_turned"] is not None:
            suit = Suit(row["trump_suit"]) if row["trump_suit"] else None
            trump = Trump(turned_card(row["trump_turned"]), suit)
        facts = _facts(declared, row["facts"])
        original = _original(declared, row["corrected_from"])
        if row["complete"] and trump is not None:
            tricks = tuple(hand["tricks"] for hand in seats)
            adjusted = _adjustments(row["adjustments"])
            done.append(RoundRecord(trump, bids, tricks, adjusted, facts, original))
        else:
            reopened = _reopened_tricks(row["trick_winners"], seats)
            current = RoundInProgress(
                trump,
                bids,
                reopened,
                adjustments=_adjustments(row["adjustments"]),
                reopened_facts=facts,
                corrected_from=original,
            )
    return GameRecord(players, game["first_dealer"], settings, tuple(done), current, key)


# Which change a save made, the most telling first where it changed several rounds (a round
# entered opens the next).
_TELLING = (
    "round_corrected",
    "round_entered",
    "round_reopened",
    "adjustment",
    "bids",
    "trump",
    "round_undone",
)


def change_of(
    before: dict[int, Entered], after: dict[int, Entered], changed: set[int]
) -> dict[str, Any]:
    """What a save that changed the rounds ``changed`` did, as a history entry's ``change``: its
    code and round."""
    kinds = {number: _round_change(before.get(number), after.get(number)) for number in changed}
    if not kinds:
        return {"code": "game_changed"}
    number = min(kinds, key=lambda n: (_TELLING.index(kinds[n]), n))
    return {"code": kinds[number], "round": number}


def _round_change(old: Entered | None, new: Entered | None) -> str:
    if isinstance(new, RoundRecord):
        if not isinstance(old, RoundRecord):
            return "round_entered"
        figures = (old.trump, old.bids, old.tricks, old.facts)
        same = figures == (new.trump, new.bids, new.tricks, new.facts)
        return "adjustment" if same else "round_corrected"
    if isinstance(old, RoundRecord):
        return "round_reopened"
    if new is None:
        return "round_undone"
    if old is None:
        return "bids" if _made(new) else "trump"
    if _made(new) < _made(old) or (new.trump is None and old.trump is not None):
        return "round_undone"  # a bid or the trump taken back
    if new.bids != old.bids:
        return "bids"
    if new.trump != old.trump:
        return "trump"
    return "adjustment" if new.adjustments != old.adjustments else "round_undone"


def _made(entry: RoundInProgress) -> int:
    return sum(bid is not None for bid in entry.bids)


# The column of a round in progress keeps the seat that took each trick, as it did when tricks
# were counted one by one during play: a reopened round's tricks are written that way, and a row
# from those days reads as the tricks counted so far, where the tricks step starts.
def _trick_winners(tricks: tuple[int, ...]) -> str:
    return ",".join(str(seat) for seat, taken in enumerate(tricks) for _ in range(taken))


def _reopened_tricks(winners: str, seats: list[Row]) -> tuple[int, ...]:
    by_seat = [int(seat) for seat in winners.split(",") if seat]
    if not by_seat:
        return ()
    return tuple(by_seat.count(seat) for seat in range(len(seats)))


def _adjustments_json(given: tuple[Adjustment, ...]) -> str | None:
    if not given:
        return None
    return json.dumps([[a.seat, a.points, a.reason] for a in given], ensure_ascii=False)


def _adjustments(column: str | None) -> tuple[Adjustment, ...]:
    if not column:
        return ()
    return tuple(Adjustment(seat, points, reason) for seat, points, reason in json.loads(column))


def _facts_json(declared: Declaration[Any, Any], facts: Facts | None) -> str | None:
    if facts is None:
        return None
    return json.dumps(declared.facts.write(facts), ensure_ascii=False)


def _facts(declared: Declaration[Any, Any], column: str | None) -> Facts | None:
    """A round's own facts as its game reads them; ``None`` where nothing happened."""
    if column is None:
        return None
    return declared.recorded(declared.facts.read(json.loads(column)))


def _original_json(declared: Declaration[Any, Any], original: RoundFigures | None) -> str | None:
    """A corrected round's figures from before, as the record writes them, compact."""
    if original is None:
        return None
    trump = original.trump
    figures = {
        "trump": {"turned": trump.turned.value, "suit": trump.suit.value if trump.suit else None},
        "bids": list(original.bids),
        "tricks": list(original.tricks),
        **(declared.facts.write(original.facts) if original.facts is not None else {}),
    }
    return json.dumps(figures, ensure_ascii=False, separators=(",", ":"))


def _original(declared: Declaration[Any, Any], column: str | None) -> RoundFigures | None:
    """A corrected round's figures from before; ``None`` for a round never corrected."""
    if column is None:
        return None
    figures = json.loads(column)
    trump = figures.pop("trump")
    suit = Suit(trump["suit"]) if trump["suit"] else None
    bids, tricks = tuple(figures.pop("bids")), tuple(figures.pop("tricks"))
    # What is left are the game's own facts, written as a round's fields.
    facts = declared.recorded(declared.facts.read(figures)) if figures else None
    return RoundFigures(Trump(turned_card(trump["turned"]), suit), bids, tricks, facts)
