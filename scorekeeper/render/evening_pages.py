"""What the evening's page, its room screen and its PDF show of an :class:`EveningSheet`: the
sitting being played now and the next one once drawn, the standings in the reader's numbers,
and the answer to "find your table".

Which sitting is "now": the first whose tables are not all finished (a sitting drawn while the
one before is still played waits its turn), else the last drawn. "Next" is the one after it,
once drawn: players read both while they change tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from babel.dates import format_time
from babel.numbers import format_decimal
from flask_babel import get_locale

from scorekeeper.core.evening_standings import SAT_OUT, TIE_BREAKS, SittingPoints
from scorekeeper.core.players import name_found, player_key, search_fold
from scorekeeper.core.refusals import N_
from scorekeeper.render import game_facts, game_words
from scorekeeper.render.evening_sheet import EveningSheet, SittingLine, TableLine
from scorekeeper.render.labels import gettext as _
from scorekeeper.render.labels import ngettext
from scorekeeper.storage import StoredEvening

# The tie-breaks after placement points, as the standings' note names them.
TIE_BREAK_WORDS = {
    "points_per_round": N_("points per round"),
    "head_to_head": N_("head to head"),
    "lots": N_("a draw of lots"),
}


@dataclass(frozen=True)
class StandingLine:
    """A line of the standings as shown: every figure a player needs to check it by hand, the
    tie-breaks' columns too (``head_to_head`` empty where nobody is level on the first two),
    ``by_lots`` where lots put this line and a neighbour in their order, ``pending`` the
    sittings sat out whose 50 is not counted yet, and ``number`` the player's place in the
    evening's list (the address of their result card)."""

    rank: int
    player: str
    points: str
    games: int
    sat_out: int
    per_round: str = ""
    head_to_head: str = ""
    decided_by: str | None = None
    by_lots: bool = False
    pending: int = 0
    pending_points: str = ""
    sittings: tuple[SittingPoints, ...] = ()
    number: int = 0


@dataclass(frozen=True)
class Pace:
    """A table's forecast as shown: behind or not, and its end on the room's clock."""

    behind: bool
    ends_at: str


@dataclass(frozen=True)
class EveningView:
    """The evening as its pages show it; ``paces`` the forecast of the tables now, by sitting
    and table (empty where it was not worked out: the PDF)."""

    sheet: EveningSheet
    now: SittingLine | None
    next: SittingLine | None
    standings: tuple[StandingLine, ...]
    paces: Mapping[tuple[int, int], Pace] = field(default_factory=dict)

    def pace(self, sitting: int, table: int) -> Pace | None:
        """The forecast of table ``table`` of sitting ``sitting``, if worked out."""
        return self.paces.get((sitting, table))

    @property
    def winners(self) -> tuple[str, ...]:
        """The evening's winners: the first of the standings (all sharing its rank)."""
        return tuple(line.player for line in self.standings if line.rank == 1)

    @property
    def seating(self) -> bool:
        """Players are looking for their seats: nothing drawn yet, the next sitting drawn, or
        the sitting now just drawn (no round saved yet at most of its tables)."""
        if self.over:
            return False
        if self.now is None or self.next is not None:
            return True
        waiting = [t for t in self.now.tables if not t.done and t.rounds_done == 0]
        return 2 * len(waiting) > len(self.now.tables)

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
    def notes(self) -> tuple[str, ...]:
        """What the standings say under them of each table that does not count as played to
        its end: taken out, ended early, or whose game is gone."""
        return taken_out(self.sheet) + ended_early(self.sheet) + gone(self.sheet)

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
    return EveningView(built, now, later[0] if later else None, standing_lines(built))


def standing_lines(built: EveningSheet) -> tuple[StandingLine, ...]:
    """The standings in the reader's numbers, with their tie-break columns."""
    ranked = built.standings
    numbers = {name: at for at, name in enumerate(built.evening.players, start=1)}
    lots = {
        at
        for at, line in enumerate(ranked)
        if line.decided_by == "lots"
        or (at + 1 < len(ranked) and ranked[at + 1].decided_by == "lots")
    }
    return tuple(
        StandingLine(
            line.rank,
            line.player,
            points(line.placement_points),
            line.games,
            line.sat_out,
            per_round=per_round(line.points_per_round),
            head_to_head="" if line.head_to_head is None else str(line.head_to_head),
            decided_by=line.decided_by,
            by_lots=at in lots,
            pending=line.pending,
            pending_points=points(SAT_OUT * line.pending),
            sittings=line.sittings,
            number=numbers.get(line.player, 0),
        )
        for at, line in enumerate(ranked)
    )


def per_round(value: Fraction) -> str:
    """Points per round with two decimals (a total over rounds rarely ends in one), as the
    reader's language writes them."""
    text: str = format_decimal(round(float(value), 2), format="#,##0.00", locale=get_locale())
    return text.replace("-", "\u2212")


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


def game_line(evening: StoredEvening) -> str:
    """The evening's game in its header: its name, its length at each table size allowed and
    the settings chosen other than the game's defaults, in the game's own words as its sheet
    says them ("Wizard · 15 rounds at a table of 4, 12 rounds at a table of 5 · Bid
    restriction: …")."""
    declared = evening.declaration
    counts = {size: len(declared.schedule(size, evening.settings)) for size in evening.table_sizes}
    if len(set(counts.values())) == 1:
        num = next(iter(counts.values()))
        rounds = ngettext("%(num)s round", "%(num)s rounds", num)
    else:
        (size, num), *more = counts.items()
        first = ngettext(
            "%(num)s round at a table of %(size)s",
            "%(num)s rounds at a table of %(size)s",
            num,
            size=size,
        )
        # Translators: the rounds of a game at a table of another size, after "15 rounds at a
        # table of 4": "12 at 5" (12 rounds at a table of 5 players).
        rounds = ", ".join([first, *(_("%(num)s at %(size)s", num=n, size=s) for s, n in more)])
    said = [game_words.game_name(evening.game), rounds]
    # The settings that differ from the game's own defaults, but for the length: the rounds say
    # it ("Wizard · 5 rounds", never "· Game length: Five rounds" after it).
    plain = declared.to_plain(evening.settings)
    plain.pop(declared.schedule_setting, None)
    return " · ".join(said + game_facts.chosen_lines(evening.game, declared.from_plain(plain)))


def ended_early(built: EveningSheet) -> tuple[str, ...]:
    """A sentence for each table the evening's keepers ended early: which, when, after how
    many rounds, and how it counts (as it stood then; whoever left placed last)."""
    said = []
    for sitting, table in built.ended:
        rounds = ngettext("after %(num)s round", "after %(num)s rounds", table.ended_rounds)
        if table.left:
            said.append(
                _(
                    "Table %(table)s of sitting %(sitting)s was ended early by the club night's "
                    "keepers at %(time)s, %(rounds)s, when %(names)s left: it counts as it stood "
                    "then, those who stayed placed by their totals and %(names)s below them.",
                    table=table.table,
                    sitting=sitting.number,
                    time=clock(table.ended_at or ""),
                    rounds=rounds,
                    names=", ".join(table.left),
                )
            )
        else:
            said.append(
                _(
                    "Table %(table)s of sitting %(sitting)s was ended early by the club night's "
                    "keepers at %(time)s, %(rounds)s: it counts as it stood then, everyone placed "
                    "by their totals.",
                    table=table.table,
                    sitting=sitting.number,
                    time=clock(table.ended_at or ""),
                    rounds=rounds,
                )
            )
    return tuple(said)


def gone(built: EveningSheet) -> tuple[str, ...]:
    """A sentence for each table whose game is gone (in the trash, or deleted for good): it
    is not waited for, and counts as a table taken out."""
    return tuple(
        _(
            "Table %(table)s of sitting %(sitting)s has no game any more (it was deleted): it is "
            "not waited for, and each of its players is credited as sitting that sitting out "
            "(50 placement points, no game).",
            table=table.table,
            sitting=sitting.number,
        )
        for sitting, table in built.gone
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
    with a word that starts with it, as people type names (:func:`players.name_found`: "moller"
    finds Søren Møller, "obrien" Kevin O\u2019Brien, "weiss" Sabine Weiß, "wilhelm"
    Friedrich-Wilhelm); else the names it could be (none, or several: "M" lists every player
    with a word starting with M, last names too)."""
    key = player_key(asked)
    exact = [name for name in players if player_key(name) == key]
    if exact:
        return exact[0]
    starting = [name for name in players if name_found(name, asked)]
    # A whole name typed without its accents ("Soren Moller") is that player even when another
    # name starts with it too.
    whole = [name for name in starting if search_fold(name) == search_fold(asked)]
    if len(whole) == 1:
        return whole[0]
    return starting[0] if len(starting) == 1 else starting


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
