"""The parts a game's :class:`~scorekeeper.core.family.declaration.Declaration` is made of: its
settings and their words, its refusals of a combination, its folds on the new-game form, its
bonuses, a completed round and the game's own facts of one (how they are written, read and
entered), where its trump comes from and how its bids are made. Pure data and defaults; the
declaration itself is :mod:`.declaration`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from scorekeeper.core.record_shapes import Json
from scorekeeper.core.variants import PLAYERS, BidRestriction, Words

Plain = str | bool | int
"""A setting's value as stored and written in a game record."""
S = TypeVar("S")
"""A game's settings (a frozen dataclass of its own)."""
R = TypeVar("R", bound="Played")
"""A game's completed round."""
F = TypeVar("F", bound="Facts")
"""A game's facts of a round beyond bids and tricks."""


class TrumpSource(StrEnum):
    """Where a round's trump comes from."""

    TURNED = "turned"
    """A card turned up from the undealt cards (none where the deck is dealt out)."""
    ROTATION = "rotation"
    """A fixed order, round by round (Wizard Maximus, Nomination Whist, Kachuful)."""
    SAME_SUIT = "same_suit"
    """Always the same suit (Skull King's black Jolly Roger)."""
    NONE = "none"
    """No trump at all."""


class Bidding(StrEnum):
    """How the bids of a round are made."""

    IN_TURN = "in_turn"
    """One by one from the dealer's left, any bid from 0 to the hand."""
    HOOK = "hook"
    """In turn; the last bidder may not make the bids add up to the tricks."""
    CANADIAN = "canadian"
    """In turn; the hook binds only a dealer who leads alone, and never a bid of zero (Wizard)."""
    AT_ONCE = "at_once"
    """Everyone at once (fists on the table), with no order and no hook."""


BIDDING_OF = {
    BidRestriction.PLUS_MINUS_ONE: Bidding.HOOK,
    BidRestriction.CANADIAN: Bidding.CANADIAN,
}
"""Wizard's bid restrictions as the pages name the bidding."""


@dataclass(frozen=True)
class Setting:
    """One setting a table chooses: its key, its default and its choices (plain values)."""

    key: str
    default: Plain
    choices: tuple[Plain, ...]


@dataclass(frozen=True)
class BonusWords:
    """A bonus kind's label, and its short form for a sheet column or a button: what was
    captured."""

    label: str
    short: str


@dataclass(frozen=True)
class GameWords:
    """A game's words, message ids the pages translate: its settings' (label and help) by key,
    its named choices' by setting and value (a number is its own label), its bonuses' by kind.
    ``translations`` give the words the app's catalogues do not hold, by language (a game
    declared outside the app)."""

    settings: Mapping[str, Words]
    choices: Mapping[str, Mapping[str | int, Words]] = field(default_factory=dict)
    bonuses: Mapping[str, BonusWords] = field(default_factory=dict)
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page: its template, and the numbers it shows beyond its words, computed
    by the game's own rules (none written by hand in the template)."""

    template: str
    shows: Callable[[], Mapping[str, Any]] = dict
    settings_anchor: str = ""
    """The id of the page's part on the settings, where the new-game form's link leads ("": the
    top of the page)."""


@dataclass(frozen=True)
class Fold:
    """One fold of a game's settings on the new-game form: its title (a message id the app's
    catalogues hold) and the settings in it, in order. A fold of on/off settings only shows them
    as one group under its title; a setting whose words are the fold's title has its own
    heading hidden (the title says it)."""

    title: str
    keys: tuple[str, ...]
    note: str = ""
    """What the fold says first when unfolded, where its title alone does not (a message id)."""


@dataclass(frozen=True)
class Refusal(Generic[S]):
    """A combination of settings a game refuses: its code, the setting it is shown beside, and
    the test (players at the table, settings)."""

    code: str
    setting: str
    applies: Callable[[int, S], bool]
    words: Callable[[int, S], Mapping[str, Any]] | None = None
    """The parameters of the refusal's sentence, if it has any."""
    reads: tuple[str, ...] = (PLAYERS,)
    """What the test looks at besides :attr:`setting`: the table size (``players``) and the keys
    of other settings. The new-game page's greyed choices are worked out on the tables of these
    values alone, the other settings at their defaults (:func:`refused_tables`)."""


@dataclass(frozen=True)
class Bonus:
    """A bonus entered on a round's result: its kind, its points, and how many a round holds at
    most (the cards that make it); ``shared`` bonuses name an ally who scores it too."""

    kind: str
    points: int
    most: int
    shared: bool = False


@dataclass(frozen=True)
class Played:
    """What every game of the family records of a completed round, by seat: the hand dealt, the
    dealer, each bid (``None``: no bid, Wizard's saboteur) and each player's tricks."""

    hand_size: int
    dealer: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]


class Facts(Protocol):
    """What a game records of a round beyond bids and tricks, as one typed value (Wizard's Bomb
    and Cloud, Skull King's bonuses and destroyed tricks)."""

    elsewhere: ClassVar[str]
    """The refusal of such facts in a game that has none."""

    @property
    def empty(self) -> bool:
        """True when nothing beyond bids and tricks happened."""
        ...


@dataclass(frozen=True)
class NoFacts:
    """The facts of a round in a game that records nothing beyond bids and tricks."""

    elsewhere: ClassVar[str] = "extras_not_in_game"

    @property
    def empty(self) -> bool:
        """Always: there is nothing to record."""
        return True


def _nothing_written(_facts: Any) -> Json:
    return {}


def _nothing_read(_fields: Mapping[str, object]) -> NoFacts:
    return NoFacts()


def _no_trick_lost(_facts: Any) -> int:
    return 0


@dataclass(frozen=True)
class FactEntry:
    """A round fact the tricks step asks for, with the tricks: the round field it fills and its
    label (a message id); the table picks a seat, or nobody."""

    field: str
    label: str


@dataclass(frozen=True)
class RoundFacts(Generic[F]):
    """How a game's facts of a round are kept: none entered, read from and written to a round's
    fields (the game record's and the database's JSON are the same), and how many tricks of the
    hand they say went to nobody."""

    blank: F
    fields: tuple[str, ...] = ()
    """A round's fields that hold them, in the order they are written."""
    read: Callable[[Mapping[str, object]], F] = _nothing_read  # type: ignore[assignment]
    """The facts from a round's fields (each optional); a :class:`RecordError` for a bad one."""
    write: Callable[[F], Json] = _nothing_written
    """The facts as a round's fields, each only where it happened."""
    tricks_lost: Callable[[F], int] = _no_trick_lost
    """Tricks of the hand that went to nobody (the Bomb's, the Kraken's)."""
    entry: tuple[FactEntry, ...] = ()
    """What the tricks step asks for, a seat each (with the page part ``"seats"``)."""
    page: str = "seats"
    """The page part that enters them on the tricks step and the correction page, by its name
    in the web layer's registry: ``"seats"`` asks for a seat for each of :attr:`entry`; a game
    whose facts need more (Wizard's Bomb and Cloud, Skull King's bonuses) names its own."""


NO_FACTS: RoundFacts[NoFacts] = RoundFacts(NoFacts())
"""The facts of a game that records nothing beyond bids and tricks."""


def same_bids(played: Played) -> tuple[int | None, ...]:
    """The bids a round is scored against: as made."""
    return played.bids


def bids_and_tricks(played: Played, _facts: Any) -> Played:
    """A completed round of a game that records nothing beyond bids and tricks."""
    return played


def no_marks(_facts: object, _seat: int) -> tuple[tuple[str, str], ...]:
    """A game whose facts mark no seat's cell (the default of ``Declaration.seat_marks``)."""
    return ()
