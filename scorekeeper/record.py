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
- Player names are checked like the new-game form checks them: trimmed, at most 24 characters,
  no two the same.
- Whole numbers must be JSON integers: ``1.0``, ``"1"`` and ``true`` are refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from enum import StrEnum
from typing import Any, TypeVar

from scorekeeper import game, rules
from scorekeeper.game import GameRecord, RoundRecord
from scorekeeper.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    RoundSetup,
    RuleError,
    Suit,
    Trump,
    Turned,
    Variants,
)
from scorekeeper.sheet import Sheet

FORMAT = "wizard-scorekeeper/1"
# Names are checked like the new-game form does: trimmed, at most 24 characters, all different.
MAX_NAME_LENGTH = 24

GAME_FIELDS = ("format", "players", "first_dealer", "variants", "rounds")
ROUND_FIELDS = ("trump", "bids", "tricks")
CHOICES: dict[str, type[StrEnum]] = {
    "length": Length,
    "bid_restriction": BidRestriction,
    "bid_visibility": BidVisibility,
}
FLAGS = ("saboteur", "jester_bid", "foresight", "gizzard_fester", "pull_one")

Choice = TypeVar("Choice", bound=StrEnum)
Json = dict[str, Any]


class RecordError(ValueError):
    """A game record that cannot be read; ``str(error)`` tells the player what to fix."""


# --- reading ---------------------------------------------------------------------------------


def parse_game(data: object) -> GameRecord:
    """Read a whole game record (parsed JSON) and replay its rounds through the rules.

    Raises :class:`RecordError` for a wrong shape, an unknown value, or a round the rules refuse
    (its message then starts with the round number).
    """
    fields = _fields(data, "The game record", GAME_FIELDS, required=("players", "first_dealer"))
    if "format" in fields and fields["format"] != FORMAT:
        raise RecordError(f'This is not a game record of this app: "format" must be "{FORMAT}".')
    players = _players(fields["players"])
    first_dealer = _whole(fields["first_dealer"], '"first_dealer"')
    variants = parse_variants(fields.get("variants", {}))
    try:
        record = game.new_game(players, first_dealer, variants)
    except RuleError as error:
        raise RecordError(str(error)) from error
    rounds = fields.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError(f'"rounds" must be a list of rounds, not {_kind(rounds)}.')
    for entry in rounds:
        record = append_round(record, entry)
    return record


def parse_variants(data: object) -> Variants:
    """Read the ``variants`` object; every field is optional and defaults to the standard game."""
    fields = _fields(data, '"variants"', (*CHOICES, *FLAGS))
    choices = {
        name: _choice(kind, fields[name], f'"variants.{name}"')
        for name, kind in CHOICES.items()
        if name in fields
    }
    flags = {name: _flag(fields[name], f'"variants.{name}"') for name in FLAGS if name in fields}
    return Variants(**choices, **flags)  # type: ignore[arg-type]


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
    are checked by :func:`game.check_round` when the round is added. Raises :class:`RecordError`
    or :class:`RuleError`.
    """
    fields = _fields(data, "A round", ROUND_FIELDS, required=("tricks",))
    round_setup = game.setup(record, number)
    trump = _trump(record, round_setup, fields.get("trump"))
    if "bids" in fields:
        bids = tuple(
            None if bid is None else _whole(bid, f"{name}'s bid")
            for name, bid in _by_seat(fields["bids"], "bids", record.players)
        )
    elif record.variants.jester_bid:
        bids = round_setup.given_bids
    else:
        raise RecordError('"bids" is missing: one bid per player, in seat order.')
    tricks = tuple(
        _whole(taken, f"{name}'s tricks")
        for name, taken in _by_seat(fields["tricks"], "tricks", record.players)
    )
    return RoundRecord(trump, bids, tricks)


@contextmanager
def _in_round(number: int) -> Iterator[None]:
    try:
        yield
    except (RecordError, RuleError) as error:
        raise RecordError(f"Round {number}: {error}") from error


def _players(data: object) -> tuple[str, ...]:
    if not isinstance(data, list):
        raise RecordError(f'"players" must be a list of names in seat order, not {_kind(data)}.')
    try:
        rules.check_player_count(len(data))
    except RuleError as error:
        raise RecordError(str(error)) from error
    names = []
    for seat, name in enumerate(data, start=1):
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"Player {seat} needs a name.")
        if len(name.strip()) > MAX_NAME_LENGTH:
            raise RecordError(f"Player {seat}'s name is longer than {MAX_NAME_LENGTH} characters.")
        names.append(name.strip())
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        raise RecordError("Two players have the same name: tell them apart.")
    return tuple(names)


def _trump(record: GameRecord, round_setup: RoundSetup, data: object) -> Trump:
    if data is None:
        fixed = rules.fixed_trump(
            round_setup.number, round_setup.hand_size, round_setup.players, record.variants.length
        )
        if fixed is None:
            raise RecordError('"trump" is missing: say which card was turned up after the deal.')
        return fixed
    fields = _fields(data, '"trump"', ("turned", "suit"), required=("turned",))
    turned = _choice(Turned, fields["turned"], '"trump.turned"')
    suit = fields.get("suit")
    return game.check_trump(
        record,
        round_setup.number,
        turned,
        None if suit is None else _choice(Suit, suit, '"trump.suit"'),
    )


# --- writing ---------------------------------------------------------------------------------


def to_record(sheet: Sheet) -> Json:
    """The game record of a sheet: importable as is, with every variant written out."""
    return {
        "format": FORMAT,
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "variants": variants_json(sheet.variants),
        "rounds": [
            {"trump": trump_json(row.trump), "bids": list(row.bids), "tricks": list(row.tricks)}
            for row in sheet.rounds
        ],
    }


def record_text(record: Json) -> str:
    """A record as a file people can read too: one line per field and one per round."""

    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = [f"  {dump(key)}: {dump(value)}" for key, value in record.items() if key != "rounds"]
    rounds = ",\n".join(f"    {dump(played)}" for played in record["rounds"])
    body = ",\n".join([*head, f'  "rounds": [\n{rounds}\n  ]' if rounds else '  "rounds": []'])
    return "{\n" + body + "\n}\n"


def variants_json(variants: Variants) -> Json:
    """Every variant field by name, enums as their stored values."""
    return {field.name: _plain(getattr(variants, field.name)) for field in fields(Variants)}


def trump_json(trump: Trump) -> Json:
    """What was turned and the resulting suit (``None``: no trump)."""
    return {"turned": trump.turned.value, "suit": trump.suit.value if trump.suit else None}


def _plain(value: object) -> object:
    return value.value if isinstance(value, StrEnum) else value


# --- shapes ----------------------------------------------------------------------------------


def _fields(
    data: object, what: str, known: tuple[str, ...], required: tuple[str, ...] = ()
) -> dict[str, object]:
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be a JSON object {{...}}, not {_kind(data)}.")
    unknown = [key for key in data if key not in known]
    if unknown:
        raise RecordError(
            f'{what} has a field this app does not know: "{_short(unknown[0])}" '
            f"(known fields: {', '.join(known)})."
        )
    missing = [key for key in required if key not in data]
    if missing:
        raise RecordError(f'{what} is missing the field "{missing[0]}".')
    return data


def _by_seat(data: object, what: str, players: tuple[str, ...]) -> Iterator[tuple[str, object]]:
    if not isinstance(data, list) or len(data) != len(players):
        raise RecordError(
            f'"{what}" must be a list of {len(players)} numbers, one per player in seat order.'
        )
    return zip((_short(name) for name in players), data, strict=True)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be a whole number, not {_kind(value)}.")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{what} must be true or false, not {_kind(value)}.")
    return value


def _choice(kind: type[Choice], value: object, what: str) -> Choice:
    names = [member.value for member in kind]
    if not isinstance(value, str) or value not in names:
        given = f'"{_short(value)}"' if isinstance(value, str) else _kind(value)
        raise RecordError(f"{what} must be one of {', '.join(names)}, not {given}.")
    return kind(value)


def _kind(value: object) -> str:
    """How a JSON value is called in a message (never the value itself: it may be huge)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number" if isinstance(value, int) else "a decimal number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"


def _short(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
