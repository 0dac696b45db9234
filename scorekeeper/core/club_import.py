"""A club's past brought into a group (issue 51): the review of a file's plays before anything
is saved (who matched whom, what is brought in, what is skipped and why), and a game known by
its totals only as the group's figures count it. Pure Python; the file is read by
:mod:`scorekeeper.core.club_files`, stored by :mod:`scorekeeper.storage.club_imports`.

Decisions (docs/bgstats.md, "Bringing a club's past in"):

- **Players by name**: a name of the file is the group's player whose name the rules call the
  same (case, spaces, Unicode form), else the one player whose name reads the same to a search
  (:func:`~scorekeeper.core.players.search_fold`: "Soren" is "Søren"), else a new player under
  the file's name. The keeper may choose otherwise for any name (another player, or new).
- **Once only**: a play is known by its uuid (BG Stats'; a CSV's is made from its day, game and
  players with their totals): one the group has brought in before, or one of the group's own
  games (the pad's own file read back), is skipped, so a second import changes nothing.
- **Skipped, saying why**: a play of a game the pad does not keep, one BG Stats marks ignored,
  one a player has no whole score in, one with fewer than two players the group can name, one
  that would seat a player twice (two names matched to one player), one the file holds twice.
- **BG Stats' anonymous player** is nobody the group knows: their seats stay in the play as
  guests, whose totals count for the others' places (a guest who won leaves nobody of the group
  a win) but who are no player of the group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.core import scoring
from scorekeeper.core.club_files import ClubFile, FilePlay, Seat
from scorekeeper.core.players import player_key, search_fold
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError, check_player_names

ALREADY_IMPORTED = "import_skip_already"
"""A play the group brought in before."""
OWN_GAME = "import_skip_own_game"
"""A play that is one of the group's own games (the pad's own file read back)."""


@dataclass(frozen=True)
class TotalsOnly:
    """A finished game known by its totals only (brought in from a file): its players (the
    group's, as stored) with their totals, and the totals of its guests (seats nobody named),
    which count for the places. No round, no setting."""

    id: str
    played_at: str
    game: str
    players: tuple[str, ...]
    totals: tuple[int, ...]
    guests: tuple[int, ...] = ()
    source: str = ""
    """Where it came from: ``bgstats`` or ``csv``."""
    imported_at: str = ""
    uuid: str = ""
    """The play's uuid, which names it in BG Stats' files (its own, or made from a CSV's)."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each player's place, among every seat (guests too): ties share one."""
        return scoring.ranks(self.totals + self.guests)[: len(self.players)]


@dataclass(frozen=True)
class Skip:
    """A play left out, where it is in the file (a play's number, or a CSV's line), and why."""

    where: int
    reason: Reason


@dataclass(frozen=True)
class NameMatch:
    """A name of the file, the group's player it stands for (their key; ``None``: a new player
    under the file's name) and whether the pad found that match (``False``: the keeper chose)."""

    name: str
    player: str | None
    found: bool = True


@dataclass(frozen=True)
class Brought:
    """A play to store: its uuid, game, when (the room's clock), its players by the names the
    group stores, their totals in seat order, and its guests' totals."""

    uuid: str
    game: str
    played: datetime
    players: tuple[str, ...]
    totals: tuple[int, ...]
    guests: tuple[int, ...]


@dataclass(frozen=True)
class Review:
    """What importing a file would do: every name of its plays with its match, the plays
    brought in, those skipped and why, and the players it adds to the group."""

    source: str
    by_line: bool
    plays: int
    names: tuple[NameMatch, ...]
    brought: tuple[Brought, ...]
    skipped: tuple[Skip, ...]
    new_players: tuple[str, ...]

    def counted(self) -> dict[str, int]:
        """How many plays are skipped for each reason (by code)."""
        counts: dict[str, int] = {}
        for skip in self.skipped:
            counts[skip.reason.code] = counts.get(skip.reason.code, 0) + 1
        return counts

    def other_games(self) -> list[tuple[str, int]]:
        """The games the pad does not keep that the file has plays of, most plays first."""
        counts: dict[str, int] = {}
        for skip in self.skipped:
            if skip.reason.code == "import_skip_other_game":
                name = str(skip.reason.params["game"])
                counts[name] = counts.get(name, 0) + 1
        return sorted(counts.items(), key=lambda item: (-item[1], item[0].casefold()))


def match_name(name: str, roster: Sequence[tuple[str, str]]) -> str | None:
    """The key of the group's player ``name`` stands for, or ``None`` (a new player).

    >>> roster = [("søren", "Søren"), ("ana", "Ana"), ("zoe", "Zoe"), ("zoé", "Zoé")]
    >>> match_name("ANA ", roster), match_name("Soren", roster), match_name("zoe", roster)
    ('ana', 'søren', 'zoe')
    >>> match_name("Zoë", roster), match_name("Ben", roster)
    (None, None)
    """
    key = player_key(name)
    if any(known == key for known, _shown in roster):
        return key
    folded = search_fold(name)
    found = [known for known, shown in roster if search_fold(shown) == folded]
    return found[0] if len(found) == 1 else None


def review(
    file: ClubFile,
    roster: Sequence[tuple[str, str]],
    known: Mapping[str, str],
    chosen: Mapping[str, str | None] | None = None,
) -> Review:
    """What importing ``file`` into a group with ``roster`` (key, name shown) would do.

    ``known`` holds the uuids of the plays the group has already, each with the code saying
    how (:data:`ALREADY_IMPORTED`, :data:`OWN_GAME`); ``chosen`` the keeper's matches by name in
    the file (a player's key, or ``None`` for a new player), which replace the pad's.
    :class:`RuleError` for a choice naming a name the file's plays do not have
    (``import_name_unknown``) or a player the group does not have (``import_player_unknown``).
    """
    skipped: list[Skip] = []
    waiting: list[FilePlay] = []
    seen: set[str] = set()
    for play in file.plays:
        reason = _first_trouble(play, known, seen)
        if reason is None:
            waiting.append(play)
        else:
            skipped.append(Skip(play.where, reason))
        seen.add(play.uuid)
    names = list(dict.fromkeys(seat.name for play in waiting for seat in _named(play)))
    matches = _matches(names, roster, chosen or {})
    shown = dict(roster)
    brought: list[Brought] = []
    for play in waiting:
        made = _brought(play, matches, shown)
        if isinstance(made, Reason):
            skipped.append(Skip(play.where, made))
        else:
            brought.append(made)
    used = {name for made in brought for name in made.players}
    new = [
        match.name
        for match in matches
        if match.player is None and player_key(match.name) not in shown and match.name in used
    ]
    return Review(
        file.source,
        file.by_line,
        len(file.plays),
        tuple(matches),
        tuple(brought),
        tuple(sorted(skipped, key=lambda skip: skip.where)),
        tuple(dict.fromkeys(new)),
    )


def _named(play: FilePlay) -> list[Seat]:
    return [seat for seat in play.seats if not seat.anonymous]


def _first_trouble(play: FilePlay, known: Mapping[str, str], seen: set[str]) -> Reason | None:
    """Why the play is skipped before its players are matched, or ``None``."""
    if play.game is None:
        return Reason("import_skip_other_game", game=play.game_name[:40] or "?")
    if play.ignored:
        return Reason("import_skip_ignored")
    if play.uuid in known:
        return Reason(known[play.uuid])
    if play.uuid in seen:
        return Reason("import_skip_twice")
    for seat in play.seats:
        if seat.score is None:
            shown = seat.name[:40] or "?"
            if seat.text.strip().lower() in ("", "null", "none"):
                return Reason("import_skip_no_score", name=shown)
            return Reason("import_skip_score", name=shown, score=seat.text.strip()[:20])
    if sum(not seat.anonymous for seat in play.seats) < 2:
        return Reason("import_skip_few_players")
    return None


def _matches(
    names: Iterable[str], roster: Sequence[tuple[str, str]], chosen: Mapping[str, str | None]
) -> list[NameMatch]:
    listed = list(names)
    keys = {key for key, _shown in roster}
    for name, player in chosen.items():
        if name not in listed:
            raise RuleError("import_name_unknown", name=name[:40])
        if player is not None and player not in keys:
            raise RuleError("import_player_unknown", player=player[:40])
    return [
        NameMatch(name, chosen[name], False)
        if name in chosen
        else NameMatch(name, match_name(name, roster))
        for name in listed
    ]


def _brought(
    play: FilePlay, matches: Sequence[NameMatch], shown: Mapping[str, str]
) -> Brought | Reason:
    """The play with its players as the group names them, or why it cannot be."""
    by_name = {match.name: match.player for match in matches}
    players: list[str] = []
    totals: list[int] = []
    for seat in play.seats:
        if seat.anonymous:
            continue
        key = by_name[seat.name]
        name = shown[key] if key is not None else seat.name
        if key is None:
            try:
                check_player_names([name], count=False)
            except RuleError:
                return Reason("import_skip_name", name=seat.name[:40] or "?")
        if player_key(name) in {player_key(other) for other in players}:
            return Reason("import_skip_same_player", name=name)
        players.append(name)
        totals.append(seat.score or 0)
    guests = tuple(seat.score or 0 for seat in play.seats if seat.anonymous)
    assert play.game is not None
    return Brought(play.uuid, play.game, play.played, tuple(players), tuple(totals), guests)
