"""The variants a table may choose: each declared once, and everything else derives from it.

A variant is one field of :class:`Variants`, declared with :func:`choice` or :func:`flag`: its
key, allowed values, default, the section of the new-game form it belongs to, and its label and
help text (English, translated where shown). The new-game form, the game record, storage, labels,
templates, the API documentation test and the printed sheet all walk :data:`REGISTRY`. The
combinations the rules refuse are in :data:`REFUSED`, each declaring the variants it reads.
Adding a variant is one field here, its rule functions and their tests.

Pure Python: the words are message ids, marked with :func:`N_` so the translation tools find
them, and translated by :mod:`scorekeeper.render.labels`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, dataclass, field, fields
from enum import StrEnum
from typing import Any, TypeVar

from scorekeeper.core.decks import DECKS, Deck
from scorekeeper.core.refusals import N_, RuleError

Option = TypeVar("Option", bound=StrEnum)


class Length(StrEnum):
    """How many rounds are played and how many cards each deals."""

    STANDARD = "standard"
    FIVE_ROUNDS = "five_rounds"
    AMIGO = "amigo"
    QUICK = "quick"
    MAXIMUS = "maximus"


class BidRestriction(StrEnum):
    """Which bids the last bidder may not make."""

    NONE = "none"
    PLUS_MINUS_ONE = "plus_minus_one"
    CANADIAN = "canadian"


class BidVisibility(StrEnum):
    """When the table gets to see the bids."""

    OPEN = "open"
    """Each bid is shown as it is made."""
    HIDDEN = "hidden"
    """Bids are sealed until everyone has bid, then revealed together before play."""
    DELAYED = "delayed"
    """Bids are sealed until the tricks of the round have been entered."""


class Edition(StrEnum):
    """Which deck the table plays with: the names its four suits are shown with."""

    CLASSIC = "classic"
    """Clubs, diamonds, hearts, spades (♣ ♦ ♥ ♠)."""
    FANTASY = "fantasy"
    """The fantasy edition's four races: humans, elves, dwarves, giants."""


class Section(StrEnum):
    """Where a variant sits on the new-game form: each section is one fold there (Wizard's
    declared folds, headed by ``wizard.SECTION_TITLES``) and what it is set to."""

    LENGTH = "length"
    BIDS = "bids"
    SPECIAL = "special"
    """Special rules: they change what is entered or scored."""
    REMINDER = "reminder"
    """Table reminders: they change no score, the app only shows them where they matter."""
    DECK = "deck"
    """The deck on the table: how the suits are named, and which special cards it holds."""


@dataclass(frozen=True)
class Words:
    """A label and its one-line help, as message ids."""

    label: str
    help: str = ""


@dataclass(frozen=True)
class Spec:
    """One variant as declared: what the app needs to offer, read, store and explain it."""

    key: str
    default: StrEnum | bool
    section: Section
    words: Words
    options: Mapping[str, Words]
    """The allowed values of a choice with their words; empty for a flag (true or false)."""
    kind: type[StrEnum] | None = None

    @property
    def is_flag(self) -> bool:
        """True for an on/off variant."""
        return self.kind is None

    def value(self, plain: str | bool) -> StrEnum | bool:
        """The variant's value from its stored or posted form (a string, or a bool for a flag)."""
        if self.kind is None:
            return bool(plain)
        return self.kind(str(plain))

    def plain(self, value: StrEnum | bool) -> str | bool:
        """The value as stored and written in a game record."""
        return value.value if isinstance(value, StrEnum) else value


def choice(
    default: Option, section: Section, label: str, options: Mapping[Option, Words]
) -> Option:
    """Declare a variant with one of several values (a field of :class:`Variants`)."""
    spec = {"section": section, "words": Words(label), "options": options, "kind": type(default)}
    declared: Option = field(default=default, metadata=spec)
    return declared


def flag(section: Section, label: str, help: str) -> bool:
    """Declare an on/off variant, off by default (a field of :class:`Variants`)."""
    declared: bool = field(
        default=False, metadata={"section": section, "words": Words(label, help), "options": {}}
    )
    return declared


@dataclass(frozen=True)
class Variants:
    """The variants a table chose; the defaults are the standard game."""

    length: Length = choice(
        Length.STANDARD,
        Section.LENGTH,
        N_("Game length"),
        {
            Length.STANDARD: Words(
                N_("Standard"),
                N_("One card more each round, up to the largest hand the deck allows."),
            ),
            Length.FIVE_ROUNDS: Words(N_("Five rounds"), N_("Rounds of 1 to 5 cards.")),
            Length.AMIGO: Words(
                N_("Amigo tournament"),
                # Translators: schedule: the hand sizes round by round, not dates.
                N_("Ten rounds on the tournament schedule (3 to 6 players)."),
            ),
            Length.QUICK: Words(
                N_("Quick play"),
                N_("Two cards more each round, up to the largest hand the deck allows."),
            ),
            Length.MAXIMUS: Words(
                N_("Wizard Maximus"),
                N_("Five rounds of the whole deck; the trump is fixed: each suit, then none."),
            ),
        },
    )
    bid_restriction: BidRestriction = choice(
        BidRestriction.NONE,
        Section.BIDS,
        N_("Bid restriction"),
        {
            BidRestriction.NONE: Words(N_("None"), N_("Any bid from 0 to the hand size.")),
            BidRestriction.PLUS_MINUS_ONE: Words(
                N_("Plus/minus one"),
                N_("Bids may not add up to the number of tricks: someone must miss."),
            ),
            BidRestriction.CANADIAN: Words(
                N_("Canadian rule"),
                N_("A dealer leading alone may not make bids add up, unless bidding zero."),
            ),
        },
    )
    bid_visibility: BidVisibility = choice(
        BidVisibility.OPEN,
        Section.BIDS,
        N_("Bid visibility"),
        {
            BidVisibility.OPEN: Words(N_("Open"), N_("Each bid is shown as it is made.")),
            BidVisibility.HIDDEN: Words(
                N_("Hidden"),
                N_("Bids are typed in secret, passing the phone, and revealed together."),
            ),
            BidVisibility.DELAYED: Words(
                N_("Delayed"), N_("Bids stay secret until the tricks of the round are entered.")
            ),
        },
    )
    saboteur: bool = flag(
        Section.SPECIAL,
        N_("Wizard Saboteur"),
        N_("The dealer makes no bid, scores 20 and tries to make the others miss."),
    )
    jester_bid: bool = flag(
        Section.SPECIAL,
        N_("Jester bid"),
        N_(
            "Nobody bids: every bid is zero, everyone aims to take no trick, and the Jester "
            "becomes the highest card."
        ),
    )
    foresight: bool = flag(
        Section.REMINDER,
        N_("Foresight"),
        N_("One-card hands: hold your card facing out; see all cards but your own."),
    )
    gizzard_fester: bool = flag(
        Section.REMINDER,
        N_("Gizzard / Fester"),
        N_('Say "Gizzard!" with a Wizard and "Fester!" with a Jester, or they swap.'),
    )
    pull_one: bool = flag(
        Section.REMINDER,
        N_("Pull one"),
        N_("After bidding, each may draw a card from the right neighbour's hand."),
    )
    edition: Edition = choice(
        Edition.CLASSIC,
        Section.DECK,
        N_("Suit names"),
        {
            Edition.CLASSIC: Words(
                N_("Classic"), N_("Clubs ♣, diamonds ♦, hearts ♥ and spades ♠.")
            ),
            Edition.FANTASY: Words(
                N_("Fantasy edition"),
                N_("Humans (blue), elves (green), dwarves (red) and giants (yellow)."),
            ),
        },
    )
    # The box the cards come from: its special cards, and so what the pad records (decks.py).
    deck: Deck = choice(
        Deck.CLASSIC,
        Section.DECK,
        N_("Deck"),
        {deck: Words(box.label, box.help) for deck, box in DECKS.items()},
    )


def _spec(declared: Field[Any]) -> Spec:
    meta = declared.metadata
    default = declared.default
    assert isinstance(default, StrEnum | bool), declared.name
    options = {option.value: words for option, words in meta["options"].items()}
    return Spec(declared.name, default, meta["section"], meta["words"], options, meta.get("kind"))


REGISTRY: tuple[Spec, ...] = tuple(_spec(declared) for declared in fields(Variants))
"""Every variant, in the order of the new-game form."""
BY_KEY: dict[str, Spec] = {spec.key: spec for spec in REGISTRY}
SECTIONS: tuple[tuple[Section, tuple[Spec, ...]], ...] = tuple(
    (section, tuple(spec for spec in REGISTRY if spec.section is section)) for section in Section
)
"""The variants by section of the new-game form, in order."""
STANDARD = Variants()


def spec(key: str) -> Spec:
    """The variant called ``key``; a clear refusal for a name that is not one."""
    try:
        return BY_KEY[key]
    except KeyError:
        raise RuleError("unknown_variant", name=key, known=", ".join(BY_KEY)) from None


def from_plain(values: Mapping[str, str | bool]) -> Variants:
    """Variants from their stored or posted forms by key; missing keys keep their default.

    Raises :class:`ValueError` for a value a choice does not have (callers check it first when
    the values come from a player).
    """
    parsed: dict[str, Any] = {key: spec(key).value(value) for key, value in values.items()}
    return Variants(**parsed)


def to_plain(variants: Variants) -> dict[str, str | bool]:
    """Every variant by key as stored and written in a game record."""
    return {item.key: item.plain(getattr(variants, item.key)) for item in REGISTRY}


def chosen(variants: Variants) -> tuple[Spec, ...]:
    """The variants whose value differs from the standard game."""
    return tuple(item for item in REGISTRY if getattr(variants, item.key) != item.default)


# --- what cannot be combined -----------------------------------------------------------------

# The Amigo tournament's own schedules, by number of players (RULES.md).
AMIGO_SCHEDULES: dict[int, tuple[int, ...]] = {
    3: tuple(range(2, 21, 2)),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    6: tuple(range(1, 11)),
}


PLAYERS = "players"
"""What a refusal's :attr:`Refused.reads` calls the number of players at the table."""


@dataclass(frozen=True)
class Refused:
    """A combination the rules refuse: its refusal code, the variant whose field shows the
    reason, what the test reads, and the test (players at the table, chosen variants)."""

    code: str
    setting: str
    reads: tuple[str, ...]
    """``"players"`` and the keys of the variants the test looks at: the greyed choices of the
    new-game page are worked out from these alone (``Refusal.reads`` of Wizard's declaration;
    tests/test_refused_choices.py holds every test to what it declares)."""
    applies: Callable[[int, Variants], bool]


REFUSED: tuple[Refused, ...] = (
    # RULES.md decisions: the Amigo tournament has no schedule for 7 or 8 players, a bid
    # restriction needs the last bidder to see the bids, the Saboteur dealer makes no bid for
    # the Canadian rule to judge.
    Refused(
        "amigo_players",
        "length",
        (PLAYERS, "length"),
        lambda players, v: v.length is Length.AMIGO and players not in AMIGO_SCHEDULES,
    ),
    Refused(
        "restriction_needs_open_bids",
        "bid_visibility",
        ("bid_restriction", "bid_visibility"),
        lambda _players, v: (
            v.bid_restriction is not BidRestriction.NONE
            and v.bid_visibility is not BidVisibility.OPEN
        ),
    ),
    # The Jester bid makes every bid zero: a restriction would judge bids nobody makes, and
    # sealing bids that everyone knows are zero hides nothing.
    Refused(
        "jester_bid_with_restriction",
        "jester_bid",
        ("bid_restriction", "jester_bid"),
        lambda _players, v: v.jester_bid and v.bid_restriction is not BidRestriction.NONE,
    ),
    Refused(
        "jester_bid_with_sealed_bids",
        "jester_bid",
        ("bid_visibility", "jester_bid"),
        lambda _players, v: v.jester_bid and v.bid_visibility is not BidVisibility.OPEN,
    ),
    Refused(
        "saboteur_with_canadian",
        "saboteur",
        ("bid_restriction", "saboteur"),
        lambda _players, v: v.saboteur and v.bid_restriction is BidRestriction.CANADIAN,
    ),
    # The anniversary boxes say 3 to 6 players (EDITIONS.md).
    Refused(
        "deck_players",
        "deck",
        (PLAYERS, "deck"),
        lambda players, v: players > DECKS[v.deck].max_players,
    ),
)


def check_combination(players: int, variants: Variants) -> None:
    """Refuse the first combination of variants that cannot be played at this table."""
    for refused in REFUSED:
        if refused.applies(players, variants):
            raise RuleError(refused.code, setting=refused.setting)


Plain = str | bool | int


def choices(key: str) -> tuple[Plain, ...]:
    """Every value of the variant ``key`` in its plain form, in order."""
    declared = spec(key)
    return (False, True) if declared.is_flag else tuple(declared.options)
