"""The game record: the JSON that export writes, import reads and the API accepts.

Pure Python, no Flask; the one module that reads and writes the format. Reading checks only the
shape of the JSON; every rule is left to the rules engine by replaying the game with
:func:`game.new_game` and :func:`game.add_round`, exactly as if it were entered at the table.
Every problem is a :class:`RecordError` whose message a player understands. Writing renders the
score sheet, which never holds a sealed bid; the record holds completed rounds only (the round at
the table may hold sealed bids, and it is not part of what a game record can import).

Decisions:

- A field this format does not know is refused, not ignored: a misspelt ``bid_visiblity`` would
  otherwise start an open game where the table wanted hidden bids.
- ``format`` may be left out; when given it must be ``wizard-scorekeeper/1``.
- ``trump`` may be left out (or null) where the rules fix it; ``bids`` may be left out with the
  Jester bid (all zero).
- Player names are checked by the rules like the new-game form's (``rules.check_player_names``).
- Whole numbers must be JSON integers: ``1.0``, ``"1"`` and ``true`` are refused.
- A record with more rounds than its game has (by players and length) is refused as a whole,
  with its own code (``record_rounds_too_many``), before a round is replayed.
- A round's ``adjustments`` may be left out (none); written only where a round has some, so a
  record without any reads as before they existed.
- A round's own facts are its game's: Wizard's ``bomb`` (true when the Bomb was played) and
  ``cloud`` (``{"seat": s, "bid": b}``, the changed bid of the Cloud's winner), Skull King's
  bonuses and the like; each optional and written only when it happened, so a classic game's
  record is as it always was. A fact of another game is an unknown field.
- A round corrected after it was entered carries ``corrected_from``: its figures before its first
  correction (``trump``, ``bids``, ``tricks`` and the game's own facts, read and written as a
  round's, with no ``adjustments``), written only on such a round, so every other record reads
  as before. Read back, it is checked as a round of its place (all but the rules judged by the
  totals before it) and refused when it is the round's figures now
  (:mod:`scorekeeper.core.corrections`). In a correction (``PUT``) the pad keeps the first
  original itself: a ``corrected_from`` sent there is read for its shape, then not used.
- ``game`` names another game of the family (``skull_king``, ``oh_hell``); left out, and never
  written, for Wizard, so a Wizard record is as it always was. ``variants`` then holds that
  game's settings, and a Skull King round may carry its own facts
  (:mod:`scorekeeper.core.record_family`).
- ``history`` is the game's history as the pad exports it (issue 47), a list of entries after
  the rounds; left out, the game's history starts at the import. The rules do not read it:
  storage checks that it leads to the game the record holds (``scorekeeper.storage.history``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from scorekeeper.core import adjustments, game, record_family, rules
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.corrections import RoundFigures
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.record_shapes import Json as Json
from scorekeeper.core.record_shapes import RecordError as RecordError
from scorekeeper.core.record_shapes import (
    by_seat,
    fields_of,
    kind,
    option,
    whole,
)
from scorekeeper.core.record_shapes import check_text as check_text
from scorekeeper.core.rules import Reason, RuleError, Suit, Trump, Turned
from scorekeeper.core.sheet import RoundRow, Sheet

FORMAT = "wizard-scorekeeper/1"

GAME_FIELDS = ("format", "game", "players", "first_dealer", "variants", "rounds", "history")
ROUND_FIELDS = ("trump", "bids", "tricks", "adjustments", "corrected_from")
"""Every game's round fields; a game's own facts add theirs (its declaration's)."""
ADJUSTMENT_FIELDS = ("seat", "points", "reason")

# --- reading ---------------------------------------------------------------------------------


def parse_game(data: object) -> GameRecord:
    """Read a whole game record (parsed JSON) and replay its rounds through the rules.

    Raises :class:`RecordError` for a wrong shape, an unknown value, or a round the rules refuse
    (its reason then starts with the round number).
    """
    fields = fields_of(
        data, Reason("what_record"), GAME_FIELDS, required=("players", "first_dealer")
    )
    if "format" in fields and fields["format"] != FORMAT:
        raise RecordError("record_format", format=FORMAT)
    declared = record_family.parse_key(fields.get("game"))
    players = record_family.parse_players(declared, fields["players"])
    first_dealer = whole(fields["first_dealer"], '"first_dealer"')
    chosen = record_family.parse_settings(declared, fields.get("variants", {}))
    try:
        record = game.begin(declared.key, players, first_dealer, chosen)
    except RuleError as error:
        raise RecordError.because(error.reason) from error
    rounds = fields.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("record_rounds_not_list", kind=kind(rounds))
    # Refused before any is replayed: a list of a million rounds is read no further than this.
    if len(rounds) > len(record.schedule):
        raise RecordError("record_rounds_too_many", rounds=len(record.schedule))
    for entry in rounds:
        record = append_round(record, entry)
    return record


def append_round(record: GameRecord, data: object) -> GameRecord:
    """Add the next round, read from its JSON object, after the rules have checked it."""
    number = len(record.rounds) + 1
    with _in_round(number):
        game.current_setup(record)  # refuses a round past the end of the game
        return game.add_round(record, parse_round(record, number, data))


def correct_round(record: GameRecord, number: int, data: object) -> GameRecord:
    """Replace completed round ``number`` with the one read from its JSON object."""
    with _in_round(number):
        return game.replace_round(record, number, parse_round(record, number, data))


def parse_round(record: GameRecord, number: int, data: object) -> RoundRecord:
    """Read round ``number`` of ``record`` from its JSON object, filling in what the rules fix.

    Only the shape is checked here (and the trump, which needs the round); the bids and tricks
    are checked by :func:`game.check_round` when the round is added. Raises :class:`RuleError`
    (a :class:`RecordError` for the shape).
    """
    known = ROUND_FIELDS[:3] + record.declaration.facts.fields + ROUND_FIELDS[3:]
    fields = fields_of(data, Reason("what_round"), known, required=("tricks",))
    figures = _figures(record, number, fields)
    original = None
    if "corrected_from" in fields:
        original = _original(record, number, fields["corrected_from"])
    return RoundRecord(
        figures.trump,
        figures.bids,
        figures.tricks,
        _adjustments(fields.get("adjustments", []), record),
        figures.facts,
        original,
    )


def _original(record: GameRecord, number: int, data: object) -> RoundFigures:
    """A round's ``corrected_from``: its figures before its first correction, read as a round's
    are (no adjustments); a shape refused is said as part of it."""
    known = ROUND_FIELDS[:3] + record.declaration.facts.fields
    fields = fields_of(data, '"corrected_from"', known, required=("tricks",))
    try:
        return _figures(record, number, fields)
    except RuleError as error:
        raise RecordError("record_corrected_from", reason=error.reason) from error


def _figures(record: GameRecord, number: int, fields: dict[str, object]) -> RoundFigures:
    """The trump, bids, tricks and game's own facts of round ``number`` from its fields."""
    own = record.declaration.facts
    round_setup = game.setup(record, number)
    trump = _trump(record, round_setup, fields.get("trump"))
    if "bids" in fields:
        bids = tuple(
            None if bid is None else whole(bid, Reason("what_bid", name=name))
            for name, bid in by_seat(fields["bids"], "bids", record.players)
        )
    elif not round_setup.bidders:  # the Jester bid: nobody bids
        bids = round_setup.given_bids
    else:
        raise RecordError("record_bids_missing")
    tricks = tuple(
        whole(taken, Reason("what_tricks", name=name))
        for name, taken in by_seat(fields["tricks"], "tricks", record.players)
    )
    facts = own.read({key: fields[key] for key in own.fields if key in fields})
    return RoundFigures(trump, bids, tricks, None if facts.empty else facts)


def _adjustments(data: object, record: GameRecord) -> tuple[Adjustment, ...]:
    if not isinstance(data, list):
        raise RecordError("record_adjustments_not_list", kind=kind(data))
    if len(data) > adjustments.MAX_PER_ROUND:
        raise RuleError("adjustments_too_many", max=adjustments.MAX_PER_ROUND)
    read = []
    for entry in data:
        fields = fields_of(entry, Reason("what_adjustment"), ADJUSTMENT_FIELDS, ADJUSTMENT_FIELDS)
        seat = whole(fields["seat"], '"adjustments.seat"')
        points = whole(fields["points"], '"adjustments.points"')
        reason = fields["reason"]
        if not isinstance(reason, str):
            raise RecordError("record_not_text", what='"adjustments.reason"', kind=kind(reason))
        read.append(adjustments.check_adjustment(len(record.players), seat, points, reason))
    return tuple(read)


@contextmanager
def _in_round(number: int) -> Iterator[None]:
    try:
        yield
    except RuleError as error:
        raise RecordError("in_round", number=number, reason=error.reason) from error


def _trump(record: GameRecord, round_setup: RoundSetup, data: object) -> Trump:
    if data is None:
        fixed = game.fixed_trump(record, round_setup)
        if fixed is None:
            raise RecordError("record_trump_missing")
        return fixed
    fields = fields_of(data, '"trump"', ("turned", "suit"), required=("turned",))
    offered = record.declaration.can_turn(record.settings)
    known = [card for card in rules.EVERY_CARD if card in offered or card is Turned.NONE]
    turned = rules.turned_card(option(known, fields["turned"], '"trump.turned"'))
    suit = fields.get("suit")
    return game.check_trump(
        record,
        round_setup.number,
        turned,
        None if suit is None else Suit(option(Suit, suit, '"trump.suit"')),
    )


# --- writing ---------------------------------------------------------------------------------


def to_record(sheet: Sheet) -> Json:
    """The game record of a sheet: importable as is, with every variant written out."""
    named = record_family.game_json(sheet.game, sheet.settings)
    return {
        "format": FORMAT,
        **({"game": named.pop("game")} if "game" in named else {}),
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        **named,
        "rounds": [round_facts(row) for row in sheet.rounds],
    }


def round_facts(row: RoundRow) -> Json:
    """A completed round as the record writes it: trump, bids, tricks, the game's own facts
    where something happened, the adjustments where there are some, and its figures before its
    first correction where it was corrected."""
    played = figures_json(row)
    if row.adjustments:
        played["adjustments"] = adjustments_json(row.adjustments)
    if row.original is not None:
        played["corrected_from"] = figures_json(row.original)
    return played


def figures_json(row: RoundRow) -> Json:
    """A round's trump, bids, tricks and the game's own facts where something happened."""
    return {
        "trump": trump_json(row.trump),
        "bids": list(row.bids),
        "tricks": list(row.tricks),
        **row.record.declaration.facts.write(row.facts),
    }


def adjustments_json(given: tuple[Adjustment, ...]) -> list[Json]:
    """A round's adjustments as JSON, in the order entered."""
    return [{"seat": a.seat, "points": a.points, "reason": a.reason} for a in given]


def record_text(record: Json) -> str:
    """A record as a file people can read too: one line per field and one per round."""

    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    def listed(key: str) -> str:
        lines = ",\n".join(f"    {dump(item)}" for item in record[key])
        return f'  "{key}": [\n{lines}\n  ]' if lines else f'  "{key}": []'

    lists = [key for key in ("rounds", "history") if key in record]
    head = [f"  {dump(key)}: {dump(value)}" for key, value in record.items() if key not in lists]
    body = ",\n".join([*head, *(listed(key) for key in lists)])
    return "{\n" + body + "\n}\n"


def trump_json(trump: Trump) -> Json:
    """What was turned and the resulting suit (``None``: no trump)."""
    return {"turned": trump.turned.value, "suit": trump.suit.value if trump.suit else None}
