"""What the evening's page, its room screen and its PDF show of an :class:`EveningSheet`: the
sitting being played now and the next one once drawn, the standings in the reader's numbers,
and the answer to "find your table".

Which sitting is "now": the first whose tables are not all finished (a sitting drawn while the
one before is still played waits its turn), else the last drawn. "Next" is the one after it,
once drawn: players read both while they change tables.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from babel.dates import format_time
from babel.numbers import format_decimal
from flask_babel import get_locale

from scorekeeper.core.evening_standings import TIE_BREAKS
from scorekeeper.core.players import player_key
from scorekeeper.core.refusals import N_
from scorekeeper.render.evening_sheet import EveningSheet, SittingLine, TableLine
from scorekeeper.render.labels import gettext as _

# The tie-breaks after placement points, as the standings' note names them.
TIE_BREAK_WORDS = {
    "points_per_round": N_("points per round"),
    "head_to_head": N_("head to head"),
    "lots": N_("a draw of lots"),
}


@dataclass(frozen=True)
class StandingLine:
    """A line of the standings as shown."""

    rank: int
    player: str
    points: str
    games: int
    sat_out: int


@dataclass(frozen=True)
class EveningView:
    """The evening as its pages show it."""

    sheet: EveningSheet
    now: SittingLine | None
    next: SittingLine | None
    standings: tuple[StandingLine, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone in the evening, late arrivals last."""
        return self.sheet.evening.players

    @property
    def shown(self) -> tuple[SittingLine, ...]:
        """The sittings a player looks for a seat in: now, and next once drawn."""
        return tuple(s for s in (self.now, self.next) if s is not None)

    @property
    def taken_out(self) -> tuple[str, ...]:
        """What the standings say of each table taken out (:func:`taken_out`)."""
        return taken_out(self.sheet)

    @property
    def over(self) -> bool:
        """Every planned sitting drawn and every game of them played to its end."""
        sittings = self.sheet.sittings
        planned = self.sheet.evening.sittings_planned
        return len(sittings) >= planned and all(
            table.done for sitting in sittings for table in sitting.tables if table.game_id
        )


def view(built: EveningSheet) -> EveningView:
    """The evening's sittings now and next, and its standings in the reader's numbers."""
    sittings = built.sittings
    waiting = [s for s in sittings if not all(table.done for table in s.tables)]
    now = waiting[0] if waiting else (sittings[-1] if sittings else None)
    later = [s for s in sittings if now is not None and s.number == now.number + 1]
    lines = tuple(
        StandingLine(
            line.rank, line.player, points(line.placement_points), line.games, line.sat_out
        )
        for line in built.standings
    )
    return EveningView(built, now, later[0] if later else None, lines)


def points(value: Fraction) -> str:
    """Placement points with one decimal, as the reader's language writes them."""
    text: str = format_decimal(round(float(value), 1), format="#,##0.0", locale=get_locale())
    return text


def tie_breaks() -> str:
    """The sentence under the standings naming the tie-breaks, in their order."""
    named = [_(TIE_BREAK_WORDS[key]) for key in TIE_BREAKS if key in TIE_BREAK_WORDS]
    return _(
        "Ranked by placement points: 100 for first place, 0 for last, the places between in "
        "equal steps, tied players sharing their places' points (two first at a table of 4: "
        "83.3 each); 50 for a sitting sat out, none for one missed. Ties broken by %(first)s, "
        "then %(second)s, then %(third)s.",
        first=named[0],
        second=named[1],
        third=named[2],
    )


def taken_out(built: EveningSheet) -> tuple[str, ...]:
    """A sentence for each table the evening's keepers took out: which, when, and how it
    counts in the standings (as a sitting sat out for each of its players)."""
    return tuple(
        _(
            "Table %(table)s of sitting %(sitting)s was taken out by the club night's keepers "
            "at %(time)s: its game does not count, and each of its players is credited as "
            "sitting that sitting out (50 placement points, no game).",
            table=table.table,
            sitting=sitting.number,
            time=clock(table.taken_out_at or ""),
        )
        for sitting, table in built.taken_out
    )


def clock(iso: str) -> str:
    """A stored time (UTC) as the room's clock shows it: the serving machine's time zone, which
    is the room's (the pad runs on a laptop in it), hours and minutes."""
    try:
        when = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return ""
    text: str = format_time(when, "short", locale=get_locale())
    return text


def dealer(table: TableLine) -> str:
    """The name of the table's first dealer."""
    return table.players[table.first_dealer]


# --- find your table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """The answer to "find your table": the player found (or ``""``) and a line per sitting
    shown (or one line saying why nobody was found)."""

    player: str
    lines: tuple[str, ...]


def find(shown: EveningView, asked: str) -> Found:
    """Where the player named ``asked`` sits now (and next, once drawn): their name as the
    evening spells it, or the start of it when only one player's name starts so."""
    player = _match(shown.players, asked)
    if isinstance(player, list):
        if not player:
            return Found("", (_("Nobody called “%(name)s” plays tonight.", name=asked[:40]),))
        return Found(
            "",
            (
                _(
                    "Several players match “%(name)s”: %(names)s. Pick your name in the list.",
                    name=asked[:40],
                    names=", ".join(player),
                ),
            ),
        )
    if not shown.shown:
        return Found(player, (_("No sitting is drawn yet: the tables come soon."),))
    lines = tuple(_where(sitting, player, several=len(shown.shown) > 1) for sitting in shown.shown)
    return Found(player, lines)


def _match(players: tuple[str, ...], asked: str) -> str | list[str]:
    """The player ``asked`` names: the same name as the rules read names, else the only name
    with a word that starts with it, accents aside ("muller" finds Müller-Lüdenscheidt,
    "weiss" Sabine Weiß, "wilhelm" Friedrich-Wilhelm); else the names it could be (none, or
    several)."""
    key = player_key(asked)
    exact = [name for name in players if player_key(name) == key]
    if exact:
        return exact[0]
    typed = _plain(asked)
    if not typed:
        return []
    starting = [name for name in players if _plain(name).startswith(typed)]
    if not starting:
        starting = [name for name in players if _starts_a_word(_plain(name), typed)]
    return starting[0] if len(starting) == 1 else starting


def _plain(text: str) -> str:
    """``text`` as a search reads it: lower case, no accents, "ß" as "ss", words by spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(letters.replace("-", " ").split())


def _starts_a_word(name: str, typed: str) -> bool:
    return any(
        name[at:].startswith(typed) for at in range(len(name)) if at == 0 or name[at - 1] == " "
    )


def _where(sitting: SittingLine, player: str, *, several: bool) -> str:
    """Where ``player`` sits in ``sitting``: table, seat and first dealer, or sitting out."""
    line = _seat_line(sitting, player)
    if not several:
        return line
    return _("Sitting %(number)s: %(where)s", number=sitting.number, where=line)


def _seat_line(sitting: SittingLine, player: str) -> str:
    for table in sitting.tables:
        if player in table.players:
            first = dealer(table)
            seat = table.players.index(player) + 1
            if first == player:
                return _(
                    "Table %(table)s, seat %(seat)s; you deal first.", table=table.table, seat=seat
                )
            return _(
                "Table %(table)s, seat %(seat)s; %(dealer)s deals first.",
                table=table.table,
                seat=seat,
                dealer=first,
            )
    if player in sitting.sitting_out:
        return _("%(name)s sits out this sitting.", name=player)
    return _("%(name)s is not playing this sitting.", name=player)
