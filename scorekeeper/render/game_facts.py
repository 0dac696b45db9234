"""What a game of the family shows of itself on a sheet, whichever sheet it is (the page, the
table display, the PDF, the blank pad, the CSV): its settings in words, whether it has a trump
to show, and Skull King's facts of a round (bonuses, destroyed tricks, a changed bid, a wager).

Everything here asks the game's declaration (:mod:`scorekeeper.core.family`) or reads the round's
recorded facts; no number is worked out here that the core does not give: a round's bonus
points are its score less the score the game's own rules give it without them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core import family
from scorekeeper.core.family import TrumpSource
from scorekeeper.core.family.declared_parts import Plain, no_marks
from scorekeeper.core.sheet import RoundRow
from scorekeeper.render import game_words, labels
from scorekeeper.render.labels import gettext as _

# Marks in DejaVu Sans (the PDF's font) as on the page: the Kraken's or White Whale's trick
# that nobody won, Rascal of Roatan's wager, the Cannonball.
DESTROYED_MARK = "\u2298"  # ⊘
# A bid changed in play (the Cloud's, Harry the Giant's), beside the bid and under the round
# whose Cloud was played.
CHANGED_MARK = "\u2192"  # →
WAGER_MARK = "\u2693"  # ⚓
CANNONBALL_MARK = "\u25c9"  # ◉
# The scoring with the table's own numbers (Oh Hell's), whose settings are named ``custom_…``.
CUSTOM = "custom"


def shows_trump(game: str, chosen: Any) -> bool:
    """True when a round's trump is worth a column: entered from a turned card, or fixed
    round by round. A game whose trump is always the same suit (Skull King's Jolly Roger), or
    that has none, has nothing to show there."""
    source = family.game(game).trump_source(chosen)
    return source not in (TrumpSource.SAME_SUIT, TrumpSource.NONE)


def has_bonuses(game: str) -> bool:
    """True when a round's result may carry bonuses (Skull King): its sheets give them a
    column or marks."""
    return bool(family.game(game).bonuses)


def setting_lines(game: str, chosen: Any) -> list[str]:
    """A game's settings in words, one line each, as :func:`labels.variant_lines` says Wizard's
    (the same lines for Wizard): every choice with its value, then the flags that are on. The
    table's own largest hand is said only when chosen (0: the table's default), and a custom
    score's numbers only with the custom scoring (they play no part otherwise)."""
    declared = family.game(game)
    plain: Mapping[str, Plain] = declared.to_plain(chosen)
    custom = plain.get("scoring") == CUSTOM
    lines = []
    for setting in declared.settings:
        value = plain[setting.key]
        if setting.key.startswith(CUSTOM + "_") and not custom:
            continue
        label = game_words.setting_label(game, setting.key)
        if isinstance(setting.default, bool):
            if value:
                lines.append(label)
        elif value or not isinstance(value, int) or custom:
            lines.append(
                labels.setting_said(label, game_words.choice_label(game, setting.key, value))
            )
    return lines


def chosen_lines(game: str, chosen: Any) -> list[str]:
    """The lines of :func:`setting_lines` that differ from the game's own defaults: what the
    table chose (every default besides would be a line of "Classic deck" nobody need read)."""
    usual = set(setting_lines(game, family.game(game).from_plain({})))
    return [line for line in setting_lines(game, chosen) if line not in usual]


@dataclass(frozen=True)
class Mark:
    """A fact of a round for one seat: a few characters on the sheet, and its words."""

    short: str
    said: str
    counted: bool = True
    """False for a bonus that scored nothing (its bid, or its ally's, was missed)."""


def seat_marks(row: RoundRow, seat: int) -> tuple[Mark, ...]:
    """What ``seat`` was credited with beyond its bid and tricks in ``row``: each kind of bonus
    (with how many; the Loot for both allies), Rascal of Roatan's wager and the Cannonball; in
    another game, what its declaration marks of the round's own facts."""
    extras = row.extras
    if extras is None:
        declared = row.record.declaration
        return tuple(
            Mark(short, game_words.say(said, declared))
            for short, said in declared.seat_marks(row.facts, seat)
        )
    mine = Counter(claim.kind for claim in extras.bonuses if seat in (claim.seat, claim.ally))
    marks = []
    for bonus in family.game(row.record.game).bonuses:
        count = mine[bonus.kind]
        if count:
            times = f"\u00d7{count}" if count > 1 else ""
            said = game_words.bonus_label(bonus.kind) + (f" {times}" if times else "")
            counted = kind_points(row, seat, bonus.kind) != 0
            if not counted:
                said = f"{said}: {_void_said(row, seat, bonus.kind)}"
            marks.append(Mark(game_words.bonus_short(bonus.kind) + times, said, counted))
    if extras.roatan is not None and extras.roatan.seat == seat:
        amount = wager_amount(row)
        said = _("Rascal of Roatan's wager: %(amount)s", amount=amount)
        marks.append(Mark(f"{WAGER_MARK}{amount}", said))
    if extras.cannonball and extras.cannonball[seat]:
        # All or nothing: a Cannonball whose bid was missed scored nothing.
        counted = row.met[seat]
        said = _("Cannonball") if counted else f"{_('Cannonball')}: {scored_nothing()}"
        marks.append(Mark(CANNONBALL_MARK, said, counted))
    return tuple(marks)


def wager_amount(row: RoundRow) -> str:
    """Rascal of Roatan's wager in ``row``, won or lost, said by its sign: a lost wager is
    points off ("\u221220"), a won one points on ("+20")."""
    extras = row.extras
    assert extras is not None and extras.roatan is not None
    points = wager_points(row)[extras.roatan.seat]
    return labels.number(points) if points < 0 else f"+{points}" if points else "0"


def wager_said(row: RoundRow, name: str) -> str:
    """Rascal of Roatan's wager of the round just played, in words, won or lost by ``name``."""
    amount = wager_amount(row)
    if amount.startswith("+"):
        return str(_("%(name)s won Rascal of Roatan's wager: %(amount)s", name=name, amount=amount))
    if amount != "0":
        return str(
            _("%(name)s lost Rascal of Roatan's wager: %(amount)s", name=name, amount=amount)
        )
    wager = _("Rascal of Roatan's wager: %(amount)s", amount=amount)
    return f"{name} \u2013 {wager}"


def wager_points(row: RoundRow) -> tuple[int, ...]:
    """Each seat's points in ``row`` from Rascal of Roatan's wager: won with the bid met, lost
    (points off) with it missed, as the game's rules count them."""
    record = row.record
    declared = record.declared_rounds[row.number - 1]
    score = record.declaration.score_round
    full = score(record.settings, declared)
    without = score(record.settings, replace(declared, roatan=None))
    return tuple(a - b for a, b in zip(full, without, strict=True))


def scored_nothing() -> str:
    """What a bonus that did not count is said to have done."""
    return _("scored nothing, a bid was missed")


def scored_nothing_by(row: RoundRow, seats: tuple[int, ...]) -> str:
    """What a bonus that did not count did, naming who missed the bid: ``seats``, one or both
    of the Loot's allies (:func:`missed_by`; issue 33's and issue 49's walks)."""
    names = [row.record.players[seat] for seat in seats]
    if not names:  # voided by the rules for another reason than a bid: said generally
        return scored_nothing()
    if len(names) == 1:
        return _("scored nothing: %(name)s missed the bid", name=names[0])
    return _(
        "scored nothing: %(first)s and %(second)s missed their bids",
        first=names[0],
        second=names[1],
    )


def missed_by(row: RoundRow, index: int) -> tuple[int, ...]:
    """The seats whose missed bid kept the round's ``index``-th bonus claim from scoring: its
    taker, and for the Loot its ally too; none where it scored. The rules' own score says
    whether it scored (:func:`claim_counted`), the rules' bid marks who missed: the round's
    result, the sheet's marks and the CSV all name the same players from here."""
    if claim_counted(row, index):
        return ()
    extras = row.extras
    assert extras is not None
    claim = extras.bonuses[index]
    seats = (claim.seat,) if claim.ally is None else (claim.seat, claim.ally)
    return tuple(seat for seat in seats if not row.met[seat])


def _void_said(row: RoundRow, seat: int, kind: str) -> str:
    """Why ``seat``'s bonuses of ``kind`` in ``row`` scored nothing, as it happened to that
    seat: its own bid missed, or (the Loot) its ally's, named. An ally who met the bid is not
    told that a bid of theirs was missed (issue 49's walk)."""
    extras = row.extras
    assert extras is not None
    missed = {
        who
        for index, claim in enumerate(extras.bonuses)
        if claim.kind == kind and seat in (claim.seat, claim.ally)
        for who in missed_by(row, index)
    }
    return scored_nothing_by(row, (seat,) if seat in missed else tuple(sorted(missed)))


def struck_bonus(rows: tuple[RoundRow, ...]) -> Mark | None:
    """The key to a bonus mark struck through in ``rows`` (it scored nothing: the phone's sheet
    and the PDF strike it through), or ``None``. A Loot's is said for both allies (either's
    missed bid voids it: the ally who met theirs is not the one who missed), else the first's."""
    struck = [
        claim
        for row in rows
        for index, claim in enumerate(row.extras.bonuses if row.extras else ())
        if not claim_counted(row, index)
    ]
    shared = [claim for claim in struck if claim.ally is not None]
    if shared:
        said = _("scored nothing: the player's bid was missed, or for the Loot either ally's")
        return Mark(game_words.bonus_short(shared[0].kind), said)
    return Mark(game_words.bonus_short(struck[0].kind), scored_nothing()) if struck else None


def kind_points(row: RoundRow, seat: int, kind: str) -> int:
    """The points ``seat`` got in ``row`` from its bonuses of ``kind``, as the game's rules
    count them: the round's score less the score without them (0: they did not count)."""
    return _points_without(row, lambda claim: claim.kind == kind and seat in claim.seats)[seat]


def claim_counted(row: RoundRow, index: int) -> bool:
    """Whether the round's ``index``-th bonus claim scored anything (a Loot for both allies)."""
    return any(_points_without(row, lambda claim: claim.index == index))


@dataclass(frozen=True)
class _Claimed:
    index: int
    kind: str
    seats: tuple[int | None, ...]


def _points_without(row: RoundRow, left_out: Callable[[_Claimed], bool]) -> tuple[int, ...]:
    """Each seat's score in ``row`` less its score without the claims ``left_out`` picks."""
    record = row.record
    declared = record.declared_rounds[row.number - 1]
    score = record.declaration.score_round
    kept = tuple(
        claim
        for index, claim in enumerate(declared.bonuses)
        if not left_out(_Claimed(index, claim.kind, (claim.seat, claim.ally)))
    )
    full = score(record.settings, declared)
    without = score(record.settings, replace(declared, bonuses=kept))
    return tuple(a - b for a, b in zip(full, without, strict=True))


def bonus_points(row: RoundRow) -> tuple[int, ...]:
    """Each seat's points in ``row`` from its bonuses and Rascal of Roatan's wager, as the
    game's rules count them (a bonus with a missed bid may count nothing): the round's score
    less the score the rules give the same round without them."""
    players = len(row.tricks)
    extras = row.extras
    if extras is None or (not extras.bonuses and extras.roatan is None):
        return (0,) * players
    record = row.record
    declared = record.declared_rounds[row.number - 1]
    score = record.declaration.score_round
    full = score(record.settings, declared)
    bare = score(record.settings, replace(declared, bonuses=(), roatan=None))
    return tuple(a - b for a, b in zip(full, bare, strict=True))


def earned_on_a_miss(rows: tuple[RoundRow, ...]) -> bool:
    """Whether a bid missed in ``rows`` still earned points (Oh Hell's tricks kept, Rascal's
    half stake): those are no error, and the sheets' keys say so (issue 49's walk)."""
    return any(
        score > 0 and not met
        for row in rows
        for score, met in zip(row.scores, row.met, strict=True)
    )


def changed_bid(row: RoundRow, seat: int) -> int | None:
    """The bid ``seat`` was scored against when play changed it (the Cloud, Harry the Giant);
    ``None`` where it was scored as made."""
    harry = row.extras.harry if row.extras is not None else None
    if row.cloud is None and harry is None:
        return None
    scored = row.scored_bids[seat]
    return scored if scored != row.bids[seat] else None


def changed_said(row: RoundRow, bid: int) -> str:
    """Why a bid was changed, in words: the Cloud's trick or Harry the Giant."""
    if row.cloud is not None:
        return _("Cloud: scored against a bid of %(bid)s", bid=bid)
    return _("Harry the Giant: scored against a bid of %(bid)s", bid=bid)


def destroyed(row: RoundRow) -> int:
    """Tricks of ``row`` that nobody won (the Kraken, the White Whale)."""
    return row.extras.destroyed if row.extras is not None else 0


def destroyed_said(count: int) -> str:
    """The destroyed tricks of a round, in words."""
    return labels.ngettext(
        "%(num)s trick went to nobody (Kraken, White Whale)",
        "%(num)s tricks went to nobody (Kraken, White Whale)",
        count,
    )


def own_marks(row: RoundRow, seat: int) -> tuple[Mark, ...]:
    """The marks a game's declaration puts on ``seat``'s cell of ``row`` (none for a game with
    bonuses: their own column holds those), as every output shows them."""
    return () if row.extras is not None else seat_marks(row, seat)


def marks_column(game: str) -> bool:
    """Whether the game's facts mark a seat's cell by its declaration (``seat_marks``): its
    CSV has a column of them in words. Not Skull King's bonuses, which have their own."""
    declared = family.game(game)
    return not declared.bonuses and declared.seat_marks is not no_marks


def marks_key(game: str, rows: tuple[RoundRow, ...] | None = None) -> list[Mark]:
    """The key to the marks a game's sheet carries: each bonus kind with its points, then the
    destroyed tricks, Harry the Giant's changed bid, the wager and the Cannonball, each where
    one of ``rows`` has it (a blank pad, ``rows`` None, has every bonus kind alone: the table
    writes their points). A game without bonuses: each mark its declaration put on a cell of
    ``rows``, once (none on a blank pad)."""
    bonuses = family.game(game).bonuses
    if not bonuses:
        seats = range(len(rows[0].scores)) if rows else range(0)
        shown = {
            mark: None for row in rows or () for seat in seats for mark in own_marks(row, seat)
        }
        return list(shown)
    if rows is not None:
        played = {claim.kind for row in rows if row.extras for claim in row.extras.bonuses}
        bonuses = tuple(bonus for bonus in bonuses if bonus.kind in played)
    key = [
        Mark(
            game_words.bonus_short(bonus.kind),
            f"{game_words.bonus_label(bonus.kind)} +{bonus.points}",
        )
        for bonus in bonuses
    ]
    found = [row.extras for row in rows or () if row.extras is not None]
    others = (
        (DESTROYED_MARK, _("a trick that went to nobody (Kraken, White Whale)"), "destroyed"),
        ("\u2192", _("Harry the Giant's changed bid, which the score counts"), "harry"),
        (WAGER_MARK, _("Rascal of Roatan's wager: won with the bid met, else lost"), "roatan"),
        (CANNONBALL_MARK, _("Cannonball"), "cannonball"),
    )
    for short, said, fact in others:
        if any(_has(extras, fact) for extras in found):
            key.append(Mark(short, said))
    return key


def _has(extras: Any, fact: str) -> bool:
    value = getattr(extras, fact)
    return any(value) if isinstance(value, tuple) else bool(value)
