"""A club evening as a program asks for it: the evening (players, game, settings, sittings,
table sizes) and each sitting's request, read from JSON and checked by the rules of the game and
of the evening (issue 34, docs/club-night.md). Pure Python; every refusal is a
:class:`RecordError` with a stable code.

Decisions:

- Players are named as at a table (:func:`rules.check_player_names`): two names the rules call
  the same are refused, so nobody can be drawn to two tables.
- The table sizes default to every size the game seats with its settings;
  :func:`evening.table_sizes` prefers 4, then 4 and 5 mixed, before 3 or 6. A size the
  settings cannot seat (an anniversary deck at 7) is refused with the game's own refusal.
- A name present at a sitting that is not yet the evening's joins it (a late arrival); one that
  is the evening's under another spelling is that player, spelt as the evening first wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.core import family, game, record_family, rules
from scorekeeper.core.evening import Seating, Sitting, Table, table_sizes
from scorekeeper.core.family import Declaration
from scorekeeper.core.game import GameRecord
from scorekeeper.core.players import player_key
from scorekeeper.core.record_shapes import RecordError, fields_of, kind, option, whole

MAX_PLAYERS = 120
"""Players of one evening: a large club's night, well inside a group's roster (200)."""
MAX_SITTINGS = 12
MAX_SEED = 2**53 - 1
"""The largest seed: a whole number every JSON reader keeps exactly."""
EVENING_FIELDS = ("players", "game", "variants", "sittings", "table_sizes")
SITTING_FIELDS = ("seating", "present", "seed", "number")


@dataclass(frozen=True)
class EveningPlan:
    """What an evening is: who is in it, the game and its settings, the sittings planned and
    the table sizes allowed."""

    players: tuple[str, ...]
    game: str
    settings: Any
    sittings: int
    table_sizes: tuple[int, ...]

    @property
    def declaration(self) -> Declaration[Any, Any]:
        """The evening's game, declared."""
        return family.game(self.game)


@dataclass(frozen=True)
class SittingAsked:
    """A request for a sitting; ``None`` where it leaves the choice to the evening."""

    seating: Seating | None = None
    present: tuple[str, ...] | None = None
    seed: int | None = None
    number: int | None = None


def parse_evening(data: object) -> EveningPlan:
    """Read an evening (parsed JSON) and check it against its game's rules."""
    fields = fields_of(data, '"evening"', EVENING_FIELDS, required=("players", "sittings"))
    players = parse_names(fields["players"])
    if not players:
        raise RecordError("evening_too_few_players", num=0, smallest=1)
    declared = record_family.parse_key(fields.get("game"))
    settings = record_family.parse_settings(declared, fields.get("variants", {}))
    sittings = fields["sittings"]
    if isinstance(sittings, bool) or not isinstance(sittings, int):
        raise RecordError("evening_sittings", max=MAX_SITTINGS)
    if not 1 <= sittings <= MAX_SITTINGS:
        raise RecordError("evening_sittings", max=MAX_SITTINGS)
    if "table_sizes" in fields:
        sizes = _sizes(fields["table_sizes"])
        for size in sizes:
            _seats(declared, size, settings)
    else:
        sizes = seated_sizes(declared, settings)
    return EveningPlan(players, declared.key, settings, sittings, sizes)


def seated_sizes(declared: Declaration[Any, Any], settings: Any) -> tuple[int, ...]:
    """Every table size the game seats with these settings."""
    sizes = []
    for size in range(declared.min_players, declared.max_players + 1):
        try:
            declared.check_settings(size, settings)
        except rules.RuleError:
            continue
        sizes.append(size)
    return tuple(sizes)


def _seats(declared: Declaration[Any, Any], size: int, settings: Any) -> None:
    try:
        declared.check_settings(size, settings)
    except rules.RuleError as error:
        raise RecordError.because(error.reason) from error


def _sizes(data: object) -> tuple[int, ...]:
    if not isinstance(data, list) or not data:
        raise RecordError("evening_table_sizes")
    sizes = [whole(size, '"table_sizes"') for size in data]
    if len(set(sizes)) != len(sizes):
        raise RecordError("evening_table_sizes")
    return tuple(sorted(sizes))


def parse_names(data: object) -> tuple[str, ...]:
    """A list of players' names, each once, as the rules name players.

    A name given twice ("ana  lopez" typed as a late arrival while "Ana Lopez" is ticked) is
    refused with the name said, not by seat numbers: an evening's list has no seats.
    """
    if not isinstance(data, list):
        raise RecordError("record_players_not_list", kind=kind(data))
    if len(data) > MAX_PLAYERS:
        raise RecordError("evening_too_many_players", max=MAX_PLAYERS)
    try:
        return rules.check_player_names(data, count=False)
    except RecordError:
        raise
    except rules.RuleError as error:
        if error.reason.code == "names_same":
            first = rules.normalise_name(str(data[error.reason.params["first"] - 1]))
            raise RecordError("evening_name_twice", name=first) from error
        raise RecordError.because(error.reason) from error


def parse_sitting(data: object) -> SittingAsked:
    """Read a sitting's request (parsed JSON): every field optional."""
    fields = fields_of(data, '"sitting"', SITTING_FIELDS)
    seating = None
    if "seating" in fields:
        seating = Seating(option([s.value for s in Seating], fields["seating"], '"seating"'))
    present = parse_names(fields["present"]) if "present" in fields else None
    seed = None
    if "seed" in fields:
        given = fields["seed"]
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given <= MAX_SEED:
            raise RecordError("evening_seed", max=MAX_SEED)
        seed = given
    number = whole(fields["number"], '"number"') if "number" in fields else None
    return SittingAsked(seating, present, seed, number)


def join(players: Sequence[str], present: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The evening's players once ``present`` came (new names last) and the present players as
    the evening spells them."""
    spelt = {player_key(name): name for name in players}
    here = tuple(spelt.get(player_key(name), name) for name in present)
    joined = tuple(players) + tuple(name for name in here if player_key(name) not in spelt)
    if len(joined) > MAX_PLAYERS:
        raise RecordError("evening_too_many_players", max=MAX_PLAYERS)
    return joined, here


def check_next(drawn: int, planned: int, number: int | None) -> int:
    """The number of the sitting to draw after ``drawn`` of ``planned``; ``number`` (a repeat
    of a request) must be it."""
    upcoming = drawn + 1
    if number is not None and 1 <= number <= drawn:
        raise RecordError("evening_sitting_exists", number=number, next=upcoming)
    if drawn >= planned:
        raise RecordError("evening_all_sittings_drawn", num=planned)
    if number is not None and number != upcoming:
        raise RecordError("evening_sitting_not_next", next=upcoming)
    return upcoming


def check_redraw(number: int, drawn: int, started: int) -> None:
    """A sitting is drawn again only while it is the last one and none of its games started."""
    if number != drawn:
        raise RecordError("evening_redraw_not_last", last=drawn)
    if started:
        raise RecordError("evening_sitting_started", number=number)


def parse_end(data: object) -> tuple[str, ...]:
    """Read the request ending a table early (parsed JSON, ``{}`` or ``{"left": [names]}``):
    who left."""
    fields = fields_of(data, '"end"', ("left",))
    return parse_names(fields["left"]) if "left" in fields else ()


def check_left(
    left: Sequence[str], players: Sequence[str], sitting: int, table: int
) -> tuple[str, ...]:
    """Who left, as the table spells them; a name that is not the table's is refused."""
    spelt = {player_key(name): name for name in players}
    named = []
    for name in left:
        found = spelt.get(player_key(name))
        if found is None:
            raise RecordError("evening_not_at_table", name=name, table=table, sitting=sitting)
        named.append(found)
    return tuple(named)


def check_end(done: bool, sitting: int, table: int) -> None:
    """A table is ended early only while its game is played: not once it finished or was
    taken out (ended already: its leavers may be said again)."""
    if done:
        raise RecordError("evening_table_over", table=table, sitting=sitting)


def parse_planned(data: object, drawn: int) -> int:
    """Read the sittings an evening plans (``{"sittings_planned": n}``): at least the sittings
    drawn (and 1), at most :data:`MAX_SITTINGS`."""
    fields = fields_of(data, '"evening"', ("sittings_planned",), required=("sittings_planned",))
    least = max(drawn, 1)
    given = fields["sittings_planned"]
    if isinstance(given, bool) or not isinstance(given, int) or not least <= given <= MAX_SITTINGS:
        raise RecordError("evening_sittings_planned", least=least, max=MAX_SITTINGS)
    return given


def check_tables(present: Sequence[str], allowed: Sequence[int]) -> tuple[int, ...]:
    """The sizes of the tables the present players fill, or a refusal when too few are here."""
    sizes = table_sizes(len(present), allowed)
    if not sizes:
        raise RecordError("evening_too_few_players", num=len(present), smallest=min(allowed))
    return sizes


def check_standings_ready(playing: int) -> None:
    """A sitting by standings waits for every earlier game to end."""
    if playing:
        raise RecordError("evening_standings_not_ready", num=playing)


def table_games(plan: EveningPlan, sitting: Sitting) -> tuple[GameRecord, ...]:
    """The game of each table of ``sitting``: its players in seat order, its first dealer, the
    evening's game and settings."""
    return tuple(
        game.begin(plan.game, table.players, table.first_dealer, plan.settings)
        for table in sitting.tables
    )


def sitting_of(tables: Sequence[tuple[Sequence[str], int]], sitting_out: Sequence[str]) -> Sitting:
    """A sitting from its tables (players, first dealer) and who sat out."""
    return Sitting(
        tuple(Table(tuple(players), first) for players, first in tables), tuple(sitting_out)
    )
